import Mustache

/// libFuzzer harness: bytes → `Template(_:name:)`, then rendered alone and as
/// a library where it is also a partial of itself. Anything but output or a
/// `TemplateError` (with a position inside the source) is a finding.
/// Built and run by `.ci/fuzz`.
let context: TemplateValue = [
    "title": "a < b & \"c\"", "number": 3, "ratio": 0.5, "flag": true, "none": nil, "empty": "",
    "rows": [["index": 0, "title": "<script>"], ["index": 1, "title": "]]>"]],
    "nested": ["inner": ["deep": "value"], "list": [1, 2, 3]],
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // Lines as the parser counts them: by "\n" bytes ("\r\n" is one Character, so not by characters).
    let lines = source.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    func check(_ error: TemplateError) {
        precondition(error.line <= lines, "an error past the end of the source: \(error)")
        precondition(!error.message.isEmpty)
    }
    do {
        let template = try Template(source, name: "fuzz")
        _ = template.partialNames
        _ = try? template.render(context)
    } catch {
        check(error)
        return 0
    }
    do {
        let library = try TemplateLibrary(["fuzz": source, "row": "<p>{{title}}</p>{{> fuzz}}"], missingPartial: .renderEmpty)
        _ = try library.render("fuzz", context)
    } catch {}
    return 0
}
