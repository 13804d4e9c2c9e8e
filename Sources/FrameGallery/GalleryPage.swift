import Mustache

/// `index.html` of the preview: a table with a row per preset and locale and
/// a column per state. Each cell shows its frame through an `<iframe>` onto
/// the frame file beside the page, scaled down with a CSS transform, so the
/// page opens from `file://` with no script and no network.
enum GalleryPage {
    static let scale = 0.32
    /// The frame page's size: the viewport plus the frame's 16 px body margin.
    static let frameWidth = 375.0 + 32, frameHeight = 667.0 + 32

    static func html(_ gallery: Gallery) -> String {
        var page = head
        page += "<h1>FeedFrames preview</h1>\n<p>Every state of each preset, each a frame the engine produced from a short "
            + "script (hover a cell for its events; click to open the frame). Grey cells are states the preset's rules never show.</p>\n"
        page += "<table>\n<thead>\n<tr><th>preset · locale</th>"
        for state in GalleryState.allCases { page += "<th>\(escape(state.title))</th>" }
        page += "</tr>\n</thead>\n<tbody>\n"
        for row in gallery.rows {
            page += "<tr id=\"\(escape(row.folder))\">\n<th class=\"row\">\(escape(row.preset.name))<br />"
                + "<span class=\"locale\">\(escape(row.locale))</span></th>\n"
            for cell in row.cells {
                let stem = "\(row.folder)/\(cell.state.rawValue)"
                switch cell.content {
                case .unreachable(let reason):
                    page += "<td class=\"unreachable\" data-state=\"\(cell.state.rawValue)\"><p>not reachable in this preset</p>"
                        + "<p class=\"reason\">\(escape(reason))</p></td>\n"
                case .frame(let frame, let script):
                    let events = script.events.joined(separator: ", ")
                    page += "<td data-state=\"\(cell.state.rawValue)\" title=\"\(escape(events))\">"
                        + "<a href=\"\(escape(stem)).html\"><div class=\"shot\"><iframe src=\"\(escape(stem)).html\" "
                        + "title=\"\(escape(row.folder)) \(escape(cell.state.title))\" tabindex=\"-1\"></iframe></div></a>"
                        + "<p class=\"cause\">\(escape(frame.cause))</p></td>\n"
                }
            }
            page += "</tr>\n"
        }
        return page + "</tbody>\n</table>\n</body>\n</html>\n"
    }

    static var head: String {
        let width = number(frameWidth * scale), height = number(frameHeight * scale)
        return """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8" />
            <title>FeedFrames preview</title>
            <style>
            body { margin: 24px; font: 14px/1.4 -apple-system, "Helvetica Neue", "Noto Sans CJK SC", sans-serif; background: #f2f2f7; color: #1c1c1e; }
            table { border-collapse: separate; border-spacing: 6px; }
            th { font-size: 12px; font-weight: 600; text-align: left; vertical-align: bottom; max-width: \(width)px; }
            th.row { vertical-align: top; font-size: 14px; }
            .locale { font-weight: 400; color: #6c6c70; }
            td { vertical-align: top; width: \(width)px; }
            .shot { width: \(width)px; height: \(height)px; overflow: hidden; border-radius: 6px; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.25); background: #d9d9de; }
            .shot iframe { width: \(number(frameWidth))px; height: \(number(frameHeight))px; border: 0; transform: scale(\(number(scale))); transform-origin: 0 0; pointer-events: none; }
            .cause { margin: 4px 0 0; font-size: 11px; color: #6c6c70; overflow-wrap: anywhere; }
            td.unreachable { height: \(height)px; border: 1px dashed #c7c7cc; border-radius: 6px; color: #8e8e93; font-size: 12px; padding: 6px; box-sizing: border-box; }
            td.unreachable p { margin: 0 0 4px; }
            .reason { font-size: 11px; }
            </style>
            </head>
            <body>

            """
    }

    static func escape(_ text: String) -> String {
        var result = ""
        result.appendHTMLEscaped(text)
        return result
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
