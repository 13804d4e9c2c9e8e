import FeedFramesResources
import FeedScenario
import FrameRendering
import Mustache

/// The default `frame.html` built by plain string concatenation: the baseline
/// that template rendering is measured against. The benchmark checks that
/// both produce the same bytes, so the comparison is fair.
enum HandWrittenFrame {
    /// The template's CSS, copied once from the template itself.
    static let style: String = {
        let source = Embedded.templates["frame.html"] ?? ""
        guard let start = source.range(of: "<style>"), let end = source.range(of: "</style>") else { return "" }
        return String(source[start.lowerBound..<end.upperBound])
    }()

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    static func html(_ frame: Frame, _ context: FrameContext) -> String {
        let layout = frame.layout
        var out = ""
        out.reserveCapacity(8192)
        out += "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\""
        out.appendHTMLEscaped(context.locale)
        out += "\">\n<head>\n<meta charset=\"utf-8\" />\n<title>"
        out.appendHTMLEscaped("\(context.scenarioName) — frame \(frame.number): \(frame.cause)")
        out += "</title>\n" + style + "\n</head>\n<body class=\"preset-"
        out.appendHTMLEscaped(context.presetName)
        out += "\">\n<div id=\"viewport\" data-frame=\"\(frame.number)\" data-offset=\"\(number(layout.contentOffset))\" style=\"width: "
        out += number(layout.viewport.width) + "px; height: " + number(layout.viewport.height) + "px;\">\n"
        for row in layout.rows {
            out += layout.separators ? "<div class=\"row\" data-index=\"" : "<div class=\"row no-separator\" data-index=\""
            out += String(row.index) + "\" data-id=\""
            out.appendHTMLEscaped(row.item.id)
            out += "\" style=\"top: " + number(row.y) + "px; height: " + number(row.height) + "px;\">\n<span class=\"title\">"
            out.appendHTMLEscaped(row.item.title)
            out += "</span>\n</div>\n"
        }
        out += "<div id=\"header\" class=\"state-\(layout.header.state.rawValue)\" data-state=\"\(layout.header.state.rawValue)\" style=\"top: "
        out += number(layout.header.y) + "px; height: " + number(layout.header.height) + "px;\">\n"
        if layout.header.state == .refreshing { out += "<span class=\"spinner\"></span>\n" }
        out += "<span class=\"text\">"
        out.appendHTMLEscaped(layout.header.text)
        out += "</span>\n</div>\n"
        out += "<div id=\"footer\" class=\"state-\(layout.footer.state.rawValue)\" data-state=\"\(layout.footer.state.rawValue)\" style=\"top: "
        out += number(layout.footer.y) + "px; height: " + number(layout.footer.height) + "px; background: "
        out.appendHTMLEscaped(context.footerColour)
        out += ";\">\n"
        if layout.footer.spinner { out += "<span class=\"spinner\"></span>\n" }
        out += "<span class=\"text\">"
        out.appendHTMLEscaped(layout.footer.text)
        out += "</span>\n</div>\n"
        if let empty = layout.emptyText {
            out += "<div id=\"empty\">"
            out.appendHTMLEscaped(empty)
            out += "</div>\n"
        }
        if layout.retryVisible {
            out += "<button id=\"retry\" type=\"button\">"
            out.appendHTMLEscaped(layout.retryTitle)
            out += "</button>\n"
        }
        if let toast = layout.toast {
            out += "<div id=\"toast\" role=\"status\" data-until=\"\(number(toast.until))\">"
            out.appendHTMLEscaped(toast.text)
            out += "</div>\n"
        }
        out += "</div>\n</body>\n</html>\n"
        return out
    }
}
