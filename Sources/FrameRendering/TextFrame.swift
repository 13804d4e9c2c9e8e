import CellLayout
import FeedEngine
import FeedScenario
import Mustache

/// The values `frame.txt` is rendered from: a phone screen drawn in at most
/// 80 columns, one line per visible row, with a scroll bar on the right.
///
/// Every line is cut and padded by display width (CJK and emoji take two
/// columns), and control or bidirectional-override characters are made
/// harmless, so the drawing stays aligned whatever the titles hold.
public enum TextFrame {
    /// Columns inside the box; with borders and the scroll bar a line is 61 columns.
    public static let innerWidth = 56
    public static let maxWidth = 80
    /// The box's top and bottom edge, the same in every frame.
    static let border = "+" + String(repeating: "-", count: innerWidth) + "+-+"
    /// Right to left, the scroll bar's column is on the left.
    static let mirroredBorder = "+-+" + String(repeating: "-", count: innerWidth) + "+"

    /// - Parameter cells: the rows' measured cells: such a row shows the lines the layout broke its
    ///   texts into (in visual order), the first beside its index and height, the rest below it.
    public static func value(of frame: Frame, in context: FrameContext, cells: [CellBox?] = []) -> TemplateValue {
        let layout = frame.layout
        let heading = "frame \(frame.number) · t=\(formatPoints(frame.time))s · \(frame.cause)"
        var status = "\(context.presetName) \(context.locale) \(layout.viewport) · offset \(formatPoints(layout.contentOffset))"
            + " of \(formatPoints(layout.contentHeight)) · \(layout.itemCount) items, page \(layout.pageIndex)"
        if let request = layout.request { status += " · request \(request.id) \(request.kind.rawValue) p\(request.page)" }
        if layout.suppressed > 0 { status += " · suppressed \(layout.suppressed)" }
        if layout.staleReplies > 0 { status += " · stale \(layout.staleReplies)" }
        if layout.duplicatesDropped > 0 { status += " · duplicates \(layout.duplicatesDropped)" }
        // SPEC §9: the device and what covers the list's edges, only when there is something.
        if let device = context.device { status += " · \(device.name)" }
        if !layout.insets.isNone {
            status += " · inset \(formatPoints(layout.adjustedInsetTop))/\(formatPoints(layout.adjustedInsetBottom))"
        }

        // The screen's lines in order, each tagged with its section. Right to left, each line is
        // mirrored (texts at the right edge, the state and height at the left) and the scroll bar
        // is on the left, as UIKit mirrors the list.
        let mirrored = context.direction == .rightToLeft
        let pair = mirrored ? Self.mirroredSplit : Self.split
        var lines: [(section: String, text: String)] = []
        if let bar = layout.insets.navigationBar, let height = layout.navigationBarHeight {
            lines.append(("navigation", pair("= \(context.navigationTitle)", "[\(bar.rawValue) \(formatPoints(height))]")))
        }
        if layout.header.visible {
            let mark = layout.header.state == .refreshing ? "*" : (layout.header.state == .armed ? "^" : "v")
            lines.append(("header", pair("\(mark) \(layout.header.text)", "[\(layout.header.state.rawValue)]")))
        }
        let mark = layout.separators ? "" : " ·"
        // Section headers (SPEC §9) between the rows, where they fall; a pinned one on top.
        var headers = layout.sections[...]
        func sectionLines(before y: Double) {
            while let header = headers.first, header.pinned || header.y <= y {
                lines.append(("rows", pair("# \(header.title)", header.pinned ? "[pinned]" : "[section]")))
                headers.removeFirst()
            }
        }
        for (number, row) in layout.rows.enumerated() {
            sectionLines(before: row.y)
            let height = formatPoints(row.height) + mark
            guard number < cells.count, let box = cells[number] else {
                lines.append(("rows", mirrored ? mirroredRowLine(row.index, row.item.title, height) : rowLine(row.index, row.item.title, height)))
                continue
            }
            let drawn = box.fields.flatMap { $0.lines.map(\.text.visual) }
            let first = drawn.first ?? ""
            lines.append(("rows", mirrored ? mirroredRowLine(row.index, first, height) : rowLine(row.index, first, height)))
            for line in drawn.dropFirst() {
                lines.append(("rows", mirrored ? mirroredSplit(line + "      ", "") : split("      " + line, "")))
            }
        }
        sectionLines(before: .infinity)
        if let empty = layout.emptyText { lines.append(("empty", centred("( \(empty) )"))) }
        if layout.retryVisible { lines.append(("retry", centred("[ \(layout.retryTitle) ]"))) }
        if layout.footer.visible {
            let mark = layout.footer.spinner ? "@" : " "
            lines.append(("footer", pair("\(mark) \(layout.footer.text)", "[\(layout.footer.state.rawValue)]")))
        }
        if lines.isEmpty { lines.append(("rows", TextWidth.spaces(innerWidth))) }

        let bar = scrollBar(lines: lines.count, layout: layout)
        var sections: [String: [TemplateValue]] = [:]
        for (number, line) in lines.enumerated() {
            var drawn: [UInt8] = []
            drawn.reserveCapacity(line.text.utf8.count + 4)
            drawn.append(UInt8(ascii: "|"))
            if mirrored {
                drawn.append(bar[number])
                drawn.append(UInt8(ascii: "|"))
            }
            drawn.append(contentsOf: line.text.utf8)
            drawn.append(UInt8(ascii: "|"))
            if !mirrored {
                drawn.append(bar[number])
                drawn.append(UInt8(ascii: "|"))
            }
            sections[line.section, default: []].append(.string(String(decoding: drawn, as: UTF8.self)))
        }
        var object: [String: TemplateValue] = [
            "heading": .string(TextWidth.fit(TextWidth.sanitized(heading), maxWidth).trimmingTrailingSpaces()),
            "status": .string(TextWidth.fit(status, maxWidth).trimmingTrailingSpaces()),
            "border": .string(mirrored ? mirroredBorder : border),
        ]
        for (section, values) in sections { object[section] = .list(values) }
        if let toast = layout.toast {
            let text = "  (\(TextWidth.sanitized(toast.text))) until \(formatPoints(toast.until))s"
            object["toast"] = .string(TextWidth.fit(text, maxWidth).trimmingTrailingSpaces())
        }
        return .object(object)
    }

    /// A row's line: its index right-aligned in 5 columns, its title, and
    /// `right` (its height) right-aligned, in exactly `innerWidth` columns.
    ///
    /// Most titles are one column a scalar (`TextWidth.isOneColumnPerScalar`):
    /// their line is put together as bytes in one pass. Any other title takes
    /// the general path, `split`, which gives the same line (tested).
    static func rowLine(_ index: Int, _ title: String, _ right: String) -> String {
        let number = String(index)
        let numberWidth = number.utf8.count
        let rightWidth = right.utf8.count
        guard numberWidth < 6, rightWidth <= 20, TextWidth.isPlainASCII(right), TextWidth.isOneColumnPerScalar(title) else {
            return rowLineGeneral(index, title, right)
        }
        var line: [UInt8] = []
        line.reserveCapacity(innerWidth + 8)
        line.append(0x20)
        line.append(contentsOf: repeatElement(0x20, count: 5 - numberWidth))
        line.append(contentsOf: number.utf8)
        line.append(0x20)
        // `split` leaves `innerWidth - rightWidth - 2` columns for the left part; the index took 6.
        TextWidth.appendFitted(title, innerWidth - rightWidth - 8, to: &line)
        line.append(contentsOf: right.utf8)
        line.append(0x20)
        return String(decoding: line, as: UTF8.self)
    }

    /// `rowLine` by the general path.
    static func rowLineGeneral(_ index: Int, _ title: String, _ right: String) -> String {
        let index = String(index)
        return split(String(repeating: " ", count: max(0, 5 - index.count)) + index + " " + title, right)
    }

    /// `left` then `right`, right-aligned, in exactly `innerWidth` columns.
    static func split(_ left: String, _ right: String) -> String {
        let right = TextWidth.fit(TextWidth.sanitized(right), min(TextWidth.width(of: right), 20))
        let room = innerWidth - TextWidth.width(of: right) - 2
        return " " + TextWidth.fit(TextWidth.sanitized(left), room) + right + " "
    }

    /// Right to left: `right` (the state, or the height) at the left edge, `text` right-aligned.
    static func mirroredSplit(_ text: String, _ right: String) -> String {
        let tag = TextWidth.fit(TextWidth.sanitized(right), min(TextWidth.width(of: right), 20))
        let room = innerWidth - TextWidth.width(of: tag) - 2
        let fitted = TextWidth.fit(TextWidth.sanitized(text), room).trimmingTrailingSpaces()
        return " " + tag + TextWidth.spaces(room - TextWidth.width(of: fitted)) + fitted + " "
    }

    /// A row's line right to left: its height at the left, its title right-aligned, then its index.
    static func mirroredRowLine(_ index: Int, _ title: String, _ right: String) -> String {
        let index = String(index)
        return mirroredSplit(title + " " + index + String(repeating: " ", count: max(0, 5 - index.count)), right)
    }

    static func centred(_ text: String) -> String {
        let text = TextWidth.sanitized(text)
        let width = min(TextWidth.width(of: text), innerWidth)
        let left = (innerWidth - width) / 2
        return TextWidth.spaces(left) + TextWidth.fit(text, innerWidth - left)
    }

    /// One character per line: `#` where the viewport sits in the content.
    static func scrollBar(lines: Int, layout: Layout) -> [UInt8] {
        let extent = max(layout.contentHeight, layout.viewport.height)
        let top = min(max(layout.contentOffset / extent, 0), 1)
        let size = min(layout.viewport.height / extent, 1)
        let first = min(Int((top * Double(lines)).rounded(.down)), lines - 1)
        let last = max(first, min(Int((top + size) * Double(lines) - 0.000001), lines - 1))
        return (0..<lines).map { $0 >= first && $0 <= last ? UInt8(ascii: "#") : UInt8(ascii: " ") }
    }
}

extension String {
    /// The string without the spaces at its end. (A space never joins the
    /// character before it, so trimming bytes trims characters.)
    func trimmingTrailingSpaces() -> String {
        guard utf8.last == 0x20 else { return self }
        // A space byte is never part of a longer UTF-8 sequence, so the cut falls between scalars.
        let end = utf8.lastIndex { $0 != 0x20 }.map { utf8.index(after: $0) } ?? utf8.startIndex
        return String(decoding: utf8[..<end], as: UTF8.self)
    }
}
