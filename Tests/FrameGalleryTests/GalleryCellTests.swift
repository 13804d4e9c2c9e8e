import FeedEngine
import FeedScenario
import FrameGallery
import FrameRendering
import XCTest

/// Each preview cell shows what it is named for, read from its frame's layout: the named part
/// on screen with its text (a header or footer label wholly inside the viewport), and rows
/// still on screen when the list has rows.
final class GalleryCellTests: XCTestCase {
    /// Half the line a header or footer label takes, centred in its bar (`frame.html`: 14 px text
    /// at the body's line height of 1.3).
    static let labelHalfHeight = 14 * 1.3 / 2

    func testEveryCellShowsItsNamedPartWithItsTextAndRows() throws {
        let gallery = try Gallery.build(presets: Preset.all, locales: FeedTexts.locales)
        var problems: [String] = []
        for row in gallery.rows {
            for cell in row.cells {
                guard case .frame(let frame, let script) = cell.content else { continue }
                for problem in Self.problems(cell.state, frame.layout) {
                    problems.append("\(row.folder) \(cell.state.title) (\(script.events.joined(separator: ", "))): \(problem)")
                }
            }
        }
        XCTAssertEqual(problems, [])
    }

    func testSeed001HasNoIdleFooterOnScreen() throws {
        let gallery = try Gallery.build(presets: [.seed001])
        let cell = try XCTUnwrap(gallery.rows.first?.cells.first { $0.state == .footerIdle })
        guard case .unreachable(let reason) = cell.content else { return XCTFail("seed001 footer idle: \(cell.content)") }
        XCTAssertTrue(reason.contains("no header"), reason)
    }

    /// What is wrong with `layout` as the picture of `state`; empty when it shows it.
    static func problems(_ state: GalleryState, _ layout: Layout) -> [String] {
        var problems: [String] = []
        let height = layout.viewport.height
        func label(_ part: String, visible: Bool, text: String, y: Double, barHeight: Double) {
            if !visible { problems.append("\(part) not visible") }
            if text.isEmpty { problems.append("\(part) has no text") }
            let centre = y + barHeight / 2
            if centre - labelHalfHeight < 0 || centre + labelHalfHeight > height {
                problems.append("\(part) label at \(centre - labelHalfHeight)…\(centre + labelHalfHeight), outside the viewport 0…\(height)")
            }
        }
        switch state {
        case .headerIdle, .headerArmed, .headerRefreshing:
            label("header", visible: layout.header.visible, text: layout.header.text, y: layout.header.y, barHeight: layout.header.height)
        case .footerIdle, .footerArmed, .footerLoading, .footerFailed, .footerExhausted:
            label("footer", visible: layout.footer.visible, text: layout.footer.text, y: layout.footer.y, barHeight: layout.footer.height)
        case .retry:
            if !layout.retryVisible || layout.retryTitle.isEmpty { problems.append("no retry button with a title") }
        case .toast:
            if (layout.toast?.text ?? "").isEmpty { problems.append("no toast with a text") }
        case .empty:
            if (layout.emptyText ?? "").isEmpty { problems.append("no empty view with a text") }
        case .shortContent:
            if layout.rows.isEmpty || layout.rows.contains(where: { $0.y < 0 || $0.y + $0.height > height }) {
                problems.append("not every row on screen")
            }
        }
        let whole = layout.rows.filter { $0.y >= 0 && $0.y + $0.height <= height }
        if layout.itemCount > 0 && whole.isEmpty { problems.append("no row wholly on screen (\(layout.itemCount) items)") }
        return problems
    }
}
