import CellLayout
import FeedEngine
import FeedScenario
import Mustache
import TextLayout

/// libFuzzer harness for a team's cell templates (`bash .ci/fuzz 60 cells`): the input is a
/// sidecar, a template and an item's fields ("key=value" lines), separated by NUL bytes. The
/// sidecar reads or fails with one-line problems naming its file; the template compiles or fails
/// at a line; an item either has every field the template shows or the error names the template,
/// line and field; a cell that can be laid out is at least its minimum height, its lines inside it.
let layouter = try? TextLayouter()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCellSidecar(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let parts = UnsafeBufferPointer(start: data, count: size).split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map(Array.init)
    let sidecarBytes = parts.first ?? []
    let templateText = String(decoding: parts.count > 1 ? parts[1] : [], as: UTF8.self)
    var fields: [String: String] = [:]
    for line in String(decoding: parts.count > 2 ? parts[2] : [], as: UTF8.self).split(separator: "\n") {
        let pair = line.split(separator: "=", maxSplits: 1)
        if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
    }
    let spec: CellSpec
    do throws(ScenarioErrors) { spec = try CellSidecar.read(sidecarBytes, name: "fuzz", file: "cell-fuzz.json") } catch {
        precondition(!error.problems.isEmpty, "a failure without a problem")
        for problem in error.problems {
            precondition(problem.file == "cell-fuzz.json" && !problem.message.isEmpty, "a problem that names nothing")
            precondition(!problem.description.contains("\n"), "a problem of more than one line")
        }
        return 0
    }
    precondition(!spec.fields.isEmpty && spec.minimumHeight >= 1, "a sidecar read without fields or height")
    guard let template = try? Template(templateText, name: "cell-fuzz.html") else { return 0 }
    let catalog = CellCatalog(templates: ["fuzz": (spec, template, "cell-fuzz.html")])
    fields["cell"] = "fuzz"
    let item = Item(id: "i", title: fields["title"] ?? "Title", fields: fields)
    do throws(CellError) { _ = try catalog.spec("fuzz", item: item) } catch {
        precondition(error.message.hasPrefix("cell-fuzz.html:") && error.message.contains("has no field"), "an unplaced error: \(error)")
        return 0
    }
    guard let layouter else { return 0 }
    let width = 200 + Double(size % 300)
    let measurer = CellMeasurer(layouter: layouter, catalog: catalog, cells: ListCells(automaticHeights: true, cell: "fuzz"),
                                width: width, contentSize: ContentSize.allCases[size % ContentSize.allCases.count], locale: ["en", "ar", "ja"][size % 3])
    guard let box = try? measurer.box(item) else { preconditionFailure("a checked item that cannot be measured") }
    precondition(box.height >= spec.minimumHeight && box.height.isFinite, "a cell below its minimum height")
    for field in box.fields {
        precondition(spec.fields.contains { $0.name == field.name }, "a field the sidecar does not measure")
        let limit = spec.fields.first { $0.name == field.name }?.maxLines ?? 0
        precondition(limit == 0 || field.lines.count <= limit, "more lines than maxLines")
    }
    return 0
}
