import FeedEngine
import FeedScenario
import TextLayout

/// Measures items as cells (SPEC §9): which lines each text takes at the cell's width, and how tall
/// that makes the row. Pure: the same item, width, size and locale give the same box, so the height
/// measured when a page arrives and the lines drawn in every later frame agree.
///
/// - Complexity: O(text length) per item, plus its shaping (`TextLayouter.lines`).
public struct CellMeasurer: Sendable {
    public let layouter: TextLayouter
    public let catalog: CellCatalog
    public let cells: ListCells
    /// The cell's width: the viewport's.
    public let width: Double
    public let contentSize: ContentSize
    public let locale: String
    /// The device's layout margin, at the sides of the built-in styles (16 pt; 20 pt on the Max phones and iPad).
    public let margin: Double

    /// The accessory's box at the trailing margin (disclosure chevron, checkmark) and the gap before it.
    static let accessoryWidth = 14.0
    static let accessorySpacing = 12.0

    public init(layouter: TextLayouter, catalog: CellCatalog, cells: ListCells, width: Double,
                contentSize: ContentSize, locale: String, margin: Double = 16) {
        self.margin = margin
        self.layouter = layouter
        self.catalog = catalog
        self.cells = cells
        self.width = width
        self.contentSize = contentSize
        self.locale = locale
    }

    /// The item's text for a field: its title, or one of its fields.
    static func text(_ item: Item, _ field: String) -> String? {
        field == "title" ? item.title : (field == "id" ? item.id : item.fields[field])
    }

    /// The box of `item`, or `nil` when it is a plain title row (no cell kind).
    /// - Throws: `CellError` for a kind that is neither a style nor a template, or a field the
    ///   item's template shows and the item lacks.
    public func box(_ item: Item) throws(CellError) -> CellBox? {
        var usage = GlyphUsage()
        return try box(item, usage: &usage)
    }

    /// `box(_:)`, recording the characters each font draws (for the fonts shipped with the frames).
    public func box(_ item: Item, usage: inout GlyphUsage) throws(CellError) -> CellBox? {
        guard let kind = cells.kind(of: item.fields) else { return nil }
        return measure(item, spec: try catalog.spec(kind, item: item), usage: &usage)
    }

    /// The row's height: the box's when heights are automatic, else the item's or `nil`.
    /// Checks the item's kind (and its template's fields) either way.
    public func height(_ item: Item) throws(CellError) -> Double? {
        guard let kind = cells.kind(of: item.fields) else { return nil }
        let spec = try catalog.spec(kind, item: item)
        guard cells.automaticHeights, item.height == nil else { return nil }
        var usage = GlyphUsage()
        return measure(item, spec: spec, usage: &usage).height
    }

    func measure(_ item: Item, spec: CellSpec, usage: inout GlyphUsage) -> CellBox {
        var margins = spec.margins
        if spec.template == nil { (margins.leading, margins.trailing) = (margin, margin) }
        let accessory = item.fields["accessory"].flatMap { $0 == "none" ? nil : $0 }
        var leadingEdge = margins.leading
        var image: CellBox.Rect?, leading: CellBox.Rect?
        if let part = spec.leading {
            leading = CellBox.Rect(start: leadingEdge, top: 0, width: part.width, height: part.height)
            leadingEdge += part.width + part.spacing
        } else if let (w, h) = item.fields["image"].flatMap(Self.size) {
            image = CellBox.Rect(start: leadingEdge, top: 0, width: w, height: h)
            leadingEdge += w + spec.imageSpacing
        }
        var trailingEdge = width - margins.trailing
        var accessoryBox: CellBox.Rect?
        if accessory != nil {
            accessoryBox = CellBox.Rect(start: trailingEdge - Self.accessoryWidth, top: 0, width: Self.accessoryWidth, height: Self.accessoryWidth)
            trailingEdge -= Self.accessoryWidth + Self.accessorySpacing
        }
        var trailing: CellBox.Rect?
        if let part = spec.trailing {
            trailing = CellBox.Rect(start: trailingEdge - part.width, top: 0, width: part.width, height: part.height)
            trailingEdge -= part.width + part.spacing
        }
        let textWidth = max(0, trailingEdge - leadingEdge)

        // The texts: each field's lines, then their block's height.
        var fields: [CellBox.Field] = []
        var blockHeight = 0.0
        func lines(_ field: CellSpec.Field, width: Double) -> (CellBox.Field, Double)? {
            guard let text = Self.text(item, field.name), !text.isEmpty else { return nil }
            let style = TextStyle(size: contentSize.points(field.style), weight: field.weight)
            let measured = layouter.lines(text, width: width, style: style, maxLines: field.maxLines, locale: locale, usage: &usage)
            var top = 0.0
            var placed: [CellBox.Line] = []
            for line in measured {
                placed.append(CellBox.Line(text: line, start: 0, top: top))
                top += line.height
            }
            let families = layouter.stack(style: style, locale: locale).faces.map(\.family)
            var unique: [String] = []
            for family in families where !unique.contains(family) { unique.append(family) }
            return (CellBox.Field(name: field.name, size: style.size, weight: field.weight, colour: field.colour,
                                  families: unique, lines: placed), top)
        }
        switch spec.arrangement {
        case .stacked:
            for field in spec.fields {
                guard let measured = lines(field, width: textWidth) else { continue }
                var placed = measured.0
                let height = measured.1
                let offset = fields.isEmpty ? 0 : blockHeight + field.spacing
                for index in placed.lines.indices {
                    placed.lines[index].start = leadingEdge
                    placed.lines[index].top += offset
                }
                fields.append(placed)
                blockHeight = offset + height
            }
        case .value1(let share), .value2(let share):
            let gap = 8.0
            let first = spec.fields.first, second = spec.fields.dropFirst().first
            let secondNatural = second.flatMap { field in Self.text(item, field.name).map { _ in field } }
                .map { field -> Double in
                    let style = TextStyle(size: contentSize.points(field.style), weight: field.weight)
                    return layouter.measure(Self.text(item, field.name) ?? "", style: style, locale: locale)
                } ?? 0
            let firstWidth: Double, secondWidth: Double
            if case .value2 = spec.arrangement {
                firstWidth = (textWidth * share).rounded(.down)
                secondWidth = max(0, textWidth - firstWidth - gap)
            } else {
                secondWidth = min(secondNatural.rounded(.up), (textWidth * share).rounded(.down))
                firstWidth = max(0, textWidth - (secondWidth > 0 ? secondWidth + gap : 0))
            }
            var heights: [Double] = []
            for (index, field) in [first, second].enumerated() {
                guard let field, let measured = lines(field, width: index == 0 ? firstWidth : secondWidth) else { continue }
                var placed = measured.0
                for line in placed.lines.indices {
                    let lineWidth = placed.lines[line].text.width
                    switch (spec.arrangement, index) {
                    case (.value2, 0): placed.lines[line].start = leadingEdge + max(0, firstWidth - lineWidth)  // right-aligned label
                    case (.value2, _): placed.lines[line].start = leadingEdge + firstWidth + gap
                    case (_, 0): placed.lines[line].start = leadingEdge
                    default: placed.lines[line].start = trailingEdge - min(lineWidth, secondWidth)  // at the trailing edge
                    }
                }
                fields.append(placed)
                heights.append(measured.1)
            }
            blockHeight = heights.max() ?? 0
            // Side by side, each text is centred on its own.
            for index in fields.indices {
                let own = (fields[index].lines.last.map { $0.top + $0.text.height }) ?? 0
                let shift = (blockHeight - own) / 2
                for line in fields[index].lines.indices { fields[index].lines[line].top += shift }
            }
        }

        let tallest = max(blockHeight, image?.height ?? 0, leading?.height ?? 0, trailing?.height ?? 0)
        let height = max(spec.minimumHeight, (margins.top + tallest + margins.bottom))
        // Everything centred in the cell, as the content view's stack is.
        let blockTop = ((height - blockHeight) / 2)
        for index in fields.indices {
            for line in fields[index].lines.indices { fields[index].lines[line].top += blockTop }
        }
        if let box = image { image?.top = (height - box.height) / 2 }
        if let box = leading { leading?.top = (height - box.height) / 2 }
        if let box = trailing { trailing?.top = (height - box.height) / 2 }
        accessoryBox?.top = (height - Self.accessoryWidth) / 2
        return CellBox(kind: spec.name, template: spec.template, height: height, fields: fields, image: image, leading: leading,
                       textStart: leadingEdge, trailing: trailing, accessory: accessory, accessoryBox: accessoryBox)
    }

    /// "40x30" → (40, 30).
    static func size(_ text: String) -> (Double, Double)? {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else { return nil }
        return (w, h)
    }
}
