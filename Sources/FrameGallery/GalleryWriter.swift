import FrameFolder
import FeedScenario
import FrameRendering
import JSONText
import Mustache
import XHTMLValidation

/// Writes a gallery: per cell the frame as HTML (validated against
/// `frame.rng` and its layout, as `render` does), JSON and text, in
/// `<preset>-<locale>/<state>.*`, with a viewer per row (`<row>/index.html`,
/// the row's states as its frames, one a second when played, so a cell opens
/// in the viewer and steps to its neighbours); then `gallery.json` (every cell,
/// reached or not, and the script behind it) and `index.html`, the page that
/// shows them all.
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
            var shown: [(state: GalleryState, frame: Frame, files: [(name: String, bytes: [UInt8])])] = []
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
                    let json = FrameJSON.bytes(of: frame, in: context)
                    do throws(OutputError) {
                        try writer.write(html, to: stem + ".html")
                        try writer.write(json, to: stem + ".json")
                        try writer.write(text, to: stem + ".txt")
                    } catch { throw .output(error) }
                    frames += 1
                    let name = cell.state.rawValue
                    shown.append((cell.state, frame, [(name + ".html", html), (name + ".txt", Array(text.utf8)), (name + ".json", json)]))
                    var source: JSONObject = ["total": script.total.map { .number(Double($0)) } ?? .null]
                    if !script.failures.isEmpty { source["failures"] = .array(script.failures.sorted().map { .number(Double($0)) }) }
                    cells.append(["state": .string(cell.state.rawValue), "title": .string(cell.state.title),
                                  "reachable": true, "html": .string(stem + ".html"), "json": .string(stem + ".json"),
                                  "text": .string(stem + ".txt"), "frame": .number(Double(frame.number)),
                                  "cause": .string(frame.cause), "source": .object(source),
                                  "events": .array(script.events.map { .string($0) })])
                }
            }
            try writeViewer(of: row, shown, into: writer, displayFolder: displayFolder)
            manifestRows.append(["preset": .string(row.preset.name), "locale": .string(row.locale),
                                 "appearance": .string(row.appearance.rawValue), "contentSize": .string(row.contentSize.rawValue),
                                 "folder": .string(row.folder), "cells": .array(cells)])
        }
        do throws(OutputError) {
            try writer.write(JSONWriter.bytes(["rows": .array(manifestRows)], style: .pretty) + [0x0A], to: "gallery.json")
        } catch { throw .output(error) }
        try writePage(gallery, into: writer, displayFolder: displayFolder)
        return frames
    }

    /// The gallery page, `index.html`; written again by `preview --png` once the images exist.
    /// - Parameters:
    ///   - sheet: the contact sheet's file name, if one was made.
    ///   - exists: whether a file of the gallery exists (a cell's PNG, a row's GIF).
    public func writePage(_ gallery: Gallery, sheet: String? = nil, exists: (String) -> Bool = { _ in false },
                          into writer: FrameWriter, displayFolder: String) throws(RenderError) {
        let page = try templates.render(GalleryPage.page(gallery, sheet: sheet, exists: exists), file: "\(displayFolder)/index.html")
        do throws(OutputError) { try writer.write(page, to: "index.html") } catch { throw .output(error) }
    }

    /// `<row>/index.html` with `frames.js`: the row's reachable states as the frames of a viewer,
    /// `time` one second apart (the states are not one run, so playing shows each for a second).
    func writeViewer(of row: Gallery.Row, _ shown: [(state: GalleryState, frame: Frame, files: [(name: String, bytes: [UInt8])])],
                     into writer: FrameWriter, displayFolder: String) throws(RenderError) {
        guard !shown.isEmpty else { return }
        do throws(OutputError) {
            var list = try FrameList(writer, in: row.folder)
            for (index, cell) in shown.enumerated() {
                try list.append(frame: index + 1, time: Double(index), cause: "\(cell.state.title): \(cell.frame.cause)", files: cell.files)
            }
            try list.close()
        } catch { throw .output(error) }
        let heading = ViewerHeading(name: "\(row.preset.name) · \(row.label)", summary: "Every state of the preset in the preview, one a frame.",
                                    locale: row.locale)
        let page = ViewerPage.page(heading, frames: shown.count, largest: shown[0].frame.layout.viewport, formats: FrameFormat.allCases)
        let file = "\(row.folder)/index.html"
        let bytes = try templates.render(page, file: "\(displayFolder)/\(file)")
        do throws(OutputError) { try writer.write(bytes, to: file) } catch { throw .output(error) }
    }
}
