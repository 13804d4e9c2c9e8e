import FrameRendering
import Mustache

/// The values of `gallery.html`, the preview's `index.html`: a table with a row
/// per preset and locale and a column per state. Each cell shows its frame
/// through an `<iframe>` onto the frame file beside the page, scaled down with
/// a CSS transform, so the page opens from `file://` with no script and no network.
enum GalleryPage {
    static let scale = 0.32
    /// The frame page's size: the viewport plus the frame's 16 px body margin.
    static let frameWidth = 375.0 + 32, frameHeight = 667.0 + 32

    /// - Parameters:
    ///   - sheet: the contact sheet's file (`preview --png`), if one was made.
    ///   - exists: whether a file of the gallery exists: a cell shows its PNG when it has one
    ///     (an image, lighter than a frame in an iframe), and a row links its GIF.
    static func page(_ gallery: Gallery, sheet: String? = nil, exists: (String) -> Bool = { _ in false }) -> Page {
        let rows: [TemplateValue] = gallery.rows.map { row in
            var reached = 0
            let cells: [TemplateValue] = row.cells.map { cell in
                switch cell.content {
                case .unreachable(let reason):
                    return .object(["state": .string(cell.state.rawValue), "reason": .string(reason)])
                case .frame(let frame, let script):
                    reached += 1
                    let png = "\(row.folder)/\(cell.state.rawValue).png"
                    return .object([
                        "png": exists(png) ? .string(png) : .null,
                        "state": .string(cell.state.rawValue), "html": .string("\(row.folder)/\(cell.state.rawValue).html"),
                        // The cell's frame in its row's viewer (GalleryWriter.writeViewer numbers the reachable states).
                        "viewer": .string("\(row.folder)/index.html#\(reached)"),
                        "label": .string("\(row.folder) \(cell.state.title)"), "cause": .string(frame.cause),
                        "events": .string(script.events.joined(separator: ", ")),
                    ])
                }
            }
            let gif = "\(row.folder)/\(row.folder).gif"
            return .object(["gif": exists(gif) ? .string(gif) : .null, "folder": .string(row.folder), "preset": .string(row.preset.name), "locale": .string(XMLText.safe(row.label)),
                            "cells": .list(cells)])
        }
        return Page(.gallery, .object([
            "states": .list(GalleryState.allCases.map { .object(["state": .string($0.rawValue), "title": .string($0.title)]) }),
            "rows": .list(rows), "sheet": sheet.map { .string($0) } ?? .null,
            "scale": .double(scale),
            "frameWidth": .double(frameWidth), "frameHeight": .double(frameHeight),
            "shotWidth": .double(rounded(frameWidth * scale)), "shotHeight": .double(rounded(frameHeight * scale)),
        ]))
    }

    /// CSS lengths to the hundredth.
    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
