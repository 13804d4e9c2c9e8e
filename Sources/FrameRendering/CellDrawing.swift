import CellLayout
import FeedEngine
import FeedScenario
import FrameFolder
import TextLayout

/// What draws a scenario's cells (SPEC §9): the measurer for its list, and the fonts the frames
/// use, gathered over every line drawn so the output ships them cut down to those characters.
public struct CellDrawing: Sendable {
    public let measurer: CellMeasurer

    /// The fonts of this machine, opened once for the whole process.
    static let sharedLayouter: Result<TextLayouter, any Error> = Result { try TextLayouter() }

    public init(measurer: CellMeasurer) { self.measurer = measurer }

    /// The drawing for `scenario`, or `nil` when its rows are today's title rows.
    /// - Throws: a message naming what is missing: the fonts (and the Debian package), a cell kind
    ///   that is neither a style nor a template, a template without its sidecar.
    public static func forScenario(_ scenario: Scenario, templates: FrameTemplates) throws(RunLimitError) -> CellDrawing? {
        guard scenario.cells.isSet else { return nil }
        let layouter: TextLayouter
        switch sharedLayouter {
        case .success(let value): layouter = value
        case .failure(let error): throw RunLimitError("its cells are measured in the frames' fonts: \(error)")
        }
        let catalog: CellCatalog
        do throws(ScenarioErrors) { catalog = try templates.cellCatalog() } catch {
            throw RunLimitError(error.description)
        }
        if let cell = scenario.cells.cell, !catalog.contains(cell) {
            throw RunLimitError("list.cell \"\(cell)\" is no cell style or template (expected one of \(catalog.names.joined(separator: ", ")), "
                                + "or cell-\(cell).html with its sidecar cell-\(cell).json in the templates folder)")
        }
        return CellDrawing(measurer: CellMeasurer(layouter: layouter, catalog: catalog, cells: scenario.cells,
                                                  width: scenario.viewport.width - (scenario.style == .insetGrouped ? 2 * scenario.layoutMargin : 0),
                                                  contentSize: scenario.contentSize,
                                                  locale: scenario.locale, margin: scenario.layoutMargin))
    }

    /// The boxes of a frame's rows (`nil` for a title row), recording the characters drawn.
    /// - Complexity: O(visible rows × their text).
    public func boxes(_ layout: Layout, usage: inout GlyphUsage) throws(RunLimitError) -> [CellBox?] {
        var boxes: [CellBox?] = []
        boxes.reserveCapacity(layout.rows.count)
        for row in layout.rows {
            do { boxes.append(try measurer.box(row.item, usage: &usage)) } catch { throw RunLimitError(error.message) }
        }
        return boxes
    }

    /// Writes `fonts/` (each face cut down to the characters drawn, and `fonts.css` naming them).
    /// - Returns: the bytes written.
    func writeFonts(_ usage: GlyphUsage, into writer: FrameWriter) throws(RenderError) -> Int {
        let subsets: [SubsetFont]
        do { subsets = try measurer.layouter.subsets(for: usage) } catch {
            throw .limit(RunLimitError("the fonts could not be cut down: \(error)"), scenario: writer.target.lastPathComponent)
        }
        var css = "/* The fonts the layout measured with (FeedFrames' TextLayout), cut down to the characters these frames draw. */\n"
        var bytes = 0
        for font in subsets {
            css += "@font-face { font-family: \"\(font.family)\"; font-weight: \(font.weight); "
                + "src: url(\"\(font.fileName)\") format(\"\(font.fileExtension == "otf" ? "opentype" : "truetype")\"); }\n"
            do throws(OutputError) { try writer.write(font.bytes, to: "fonts/\(font.fileName)") } catch { throw .output(error) }
            bytes += font.bytes.count
        }
        let cssBytes = Array(css.utf8)
        do throws(OutputError) { try writer.write(cssBytes, to: "fonts/fonts.css") } catch { throw .output(error) }
        return bytes + cssBytes.count
    }
}
