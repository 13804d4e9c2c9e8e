import FrameFolder
import FeedExplorer
import Foundation
import FrameRendering
import Mustache

/// Writes a sweep's table into one folder, all or nothing: `sweep.txt` (the
/// table as the terminal shows it) and `sweep.html`, drawn from its template.
public enum SweepOutput {
    /// - Parameter out: the folder (replaced whole, only if FeedFrames wrote it).
    public static func write(_ table: SweepTable, to out: String, templates: FrameTemplates) throws(RenderError) {
        let page = try templates.render(self.page(table), file: "\(out)/sweep.html")
        do throws(OutputError) {
            let writer = try FrameWriter(target: URL(fileURLWithPath: out), kind: .sweep)
            try writer.write(table.text, to: "sweep.txt")
            try writer.write(page, to: "sweep.html")
            try writer.commit()
        } catch { throw .output(error) }
    }

    /// The values of `sweep.html`: the columns, and each run's cells; flipping rows marked.
    static func page(_ table: SweepTable) -> Page {
        let rows: [TemplateValue] = table.rows.map { row in
            let cells = table.cells(row)
            return .object(["flip": .bool(row.flips), "cells": .list(cells.dropLast().map { .string($0) }),
                            "flips": .string(cells.last ?? "")])
        }
        let flips = table.flips.count
        return Page(.sweepTable, .object([
            "scenario": .string(XMLText.safe(table.scenario)), "runs": .int(table.rows.count),
            "flips": .string("\(flips) flip\(flips == 1 ? "" : "s")"),
            "columns": .list(table.columns.map { .string($0) }), "rows": .list(rows),
        ]))
    }
}
