import FrameFolder
import FeedScenario
import FrameRendering
import JSONText
import Mustache
import XHTMLValidation

/// Writes a gallery: per cell the frame as HTML (validated against
/// `frame.rng` and its layout, as `render` does), JSON and text, in
/// `<preset>-<locale>/<state>.*`; then `gallery.json` (every cell, reached or
/// not, and the script behind it) and `index.html`, the page that shows
/// them all.
public struct GalleryWriter: Sendable {
    public var templates: FrameTemplates
    public var validator: FrameValidator

    public init(templates: FrameTemplates, validator: FrameValidator) {
        self.templates = templates
        self.validator = validator
    }

    /// - Parameter displayFolder: how the output folder is named in messages.
    /// - Returns: the number of frames written.
    public func write(_ gallery: Gallery, into writer: FrameWriter, displayFolder: String) throws(RenderError) -> Int {
        var manifestRows: [JSONValue] = []
        var frames = 0
        for row in gallery.rows {
            var cells: [JSONValue] = []
            for cell in row.cells {
                switch cell.content {
                case .unreachable(let reason):
                    cells.append(["state": .string(cell.state.rawValue), "title": .string(cell.state.title),
                                  "reachable": false, "reason": .string(reason)])
                case .frame(let frame, let script):
                    let stem = "\(row.folder)/\(cell.state.rawValue)"
                    var context = FrameContext(scenarioName: "\(row.folder) \(cell.state.title)", presetName: row.preset.name,
                                               locale: row.locale, footerColour: row.preset.config(locale: row.locale)?.footer.colour ?? "#f2f2f7",
                                               look: row.preset.behaviour, appearance: row.appearance, contentSize: row.contentSize)
                    context.device = row.device
                    let html: [UInt8], text: String
                    do throws(TemplateError) {
                        html = try templates.htmlBytes(of: frame, in: context)
                        text = try templates.text(of: frame, in: context)
                    } catch { throw .template(error) }
                    let issues = validator.validate(html, file: "\(displayFolder)/\(stem).html", expected: FrameExpectation(frame.layout))
                    if !issues.isEmpty { throw .validation(issues, frame: frame, templates: templates, context: context) }
                    do throws(OutputError) {
                        try writer.write(html, to: stem + ".html")
                        try writer.write(FrameJSON.bytes(of: frame, in: context), to: stem + ".json")
                        try writer.write(text, to: stem + ".txt")
                    } catch { throw .output(error) }
                    frames += 1
                    var source: JSONObject = ["total": script.total.map { .number(Double($0)) } ?? .null]
                    if !script.failures.isEmpty { source["failures"] = .array(script.failures.sorted().map { .number(Double($0)) }) }
                    cells.append(["state": .string(cell.state.rawValue), "title": .string(cell.state.title),
                                  "reachable": true, "html": .string(stem + ".html"), "json": .string(stem + ".json"),
                                  "text": .string(stem + ".txt"), "frame": .number(Double(frame.number)),
                                  "cause": .string(frame.cause), "source": .object(source),
                                  "events": .array(script.events.map { .string($0) })])
                }
            }
            manifestRows.append(["preset": .string(row.preset.name), "locale": .string(row.locale),
                                 "appearance": .string(row.appearance.rawValue), "contentSize": .string(row.contentSize.rawValue),
                                 "folder": .string(row.folder), "cells": .array(cells)])
        }
        do throws(OutputError) {
            try writer.write(JSONWriter.bytes(["rows": .array(manifestRows)], style: .pretty) + [0x0A], to: "gallery.json")
        } catch { throw .output(error) }
        let page = try templates.render(GalleryPage.page(gallery), file: "\(displayFolder)/index.html")
        do throws(OutputError) { try writer.write(page, to: "index.html") } catch { throw .output(error) }
        return frames
    }
}
