import Foundation
import XCTest
@testable import XHTMLValidation

/// Results written from many threads; each index is written by one thread.
private final class Slots<T>: @unchecked Sendable {
    private var values: [T?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    subscript(index: Int) -> T? {
        get { lock.withLock { values[index] } }
        set { lock.withLock { values[index] = newValue } }
    }
}

private struct Outcome: Hashable {
    var parsed: Bool
    var issues: [ValidationIssue]
    var title: String?
}

final class ConcurrencyTests: XCTestCase {
    /// Document `i`: four kinds, each placing its problem on a line that
    /// depends on `i`, so cross-talk between threads would show.
    private static func document(_ i: Int) -> (text: String, expectedLine: Int?, expectedRule: String?) {
        let comments = i % 3
        switch i % 4 {
        case 0:
            return (Fixtures.frame(rows: 4, title: "Frame \(i)", leadingComments: comments), nil, nil)
        case 1:
            let row = i % 5
            return (Fixtures.frame(rows: 5, title: "Frame \(i)", missingIndexAt: row, leadingComments: comments),
                    Fixtures.rowLineNumber(row, leadingComments: comments), "relaxng")
        case 2:
            let row = i % 4
            let text = Fixtures.frame(rows: 4, title: "Frame \(i)", leadingComments: comments)
                .replacingOccurrences(of: Fixtures.rowLine(row), with: "<div class=\"row\" data-index=\"\(row)\">unclosed")
            return (text, nil, "xml-syntax")
        default:
            let row = i % 4
            let text = Fixtures.frame(rows: 4, title: "Frame \(i)", leadingComments: comments)
                .replacingOccurrences(of: Fixtures.rowLine(row), with: "<div class=\"row\" data-index=\"\(row)\">&nbsp;</div>")
            return (text, Fixtures.rowLineNumber(row, leadingComments: comments), "entity")
        }
    }

    private static func run(_ i: Int, schema: RelaxNGSchema) -> Outcome {
        let (text, _, _) = document(i)
        let (doc, issues) = validateXHTML(Array(text.utf8), file: "frame-\(i).xhtml", schema: schema)
        return Outcome(parsed: doc != nil, issues: issues, title: try? doc?.string("//h:title"))
    }

    func testParallelValidationsGetExactlyTheirOwnIssues() {
        let count = 200
        let schema = Fixtures.schema
        let sequential = (0..<count).map { Self.run($0, schema: schema) }
        let parallel = Slots<Outcome>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            parallel[i] = Self.run(i, schema: schema)
        }
        for i in 0..<count {
            let (_, line, rule) = Self.document(i)
            let outcome = parallel[i]
            XCTAssertEqual(outcome, sequential[i], "document \(i)")
            guard let outcome else { continue }
            XCTAssertTrue(outcome.issues.allSatisfy { $0.file == "frame-\(i).xhtml" }, "document \(i): \(outcome.issues)")
            switch rule {
            case nil:
                XCTAssertEqual(outcome.issues, [], "document \(i)")
                XCTAssertEqual(outcome.title, "Frame \(i)")
            case "xml-syntax":
                XCTAssertFalse(outcome.parsed)
                XCTAssertFalse(outcome.issues.isEmpty)
                XCTAssertTrue(outcome.issues.allSatisfy { $0.rule == "xml-syntax" }, "document \(i): \(outcome.issues)")
            default:
                XCTAssertEqual(outcome.issues.map(\.rule), [rule!], "document \(i): \(outcome.issues)")
                XCTAssertEqual(outcome.issues.first?.line, line, "document \(i)")
                if rule == "relaxng" { XCTAssertEqual(outcome.title, "Frame \(i)") }
            }
        }
    }

    func testSchemasCompileInParallel() {
        let schemas = Slots<RelaxNGSchema>(count: 16)
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            schemas[i] = try? RelaxNGSchema(text: Fixtures.schemaText, name: "s\(i).rng")
        }
        for i in 0..<16 {
            guard let schema = schemas[i] else { XCTFail("schema \(i) did not compile"); continue }
            XCTAssertEqual(validateXHTML(Fixtures.frame(), file: "f", schema: schema).issues, [])
        }
    }

    func testOneDocumentSharedAcrossThreads() throws {
        let valid = try XHTMLDocument.parse(Fixtures.frame(rows: 20), file: "shared.xhtml")
        let invalid = try XHTMLDocument.parse(Fixtures.frame(rows: 20, missingIndexAt: 7), file: "bad.xhtml")
        let expectedInvalid = invalid.validate(against: Fixtures.schema)
        XCTAssertFalse(expectedInvalid.isEmpty)
        let failures = Slots<String>(count: 400)
        DispatchQueue.concurrentPerform(iterations: 400) { i in
            var problems: [String] = []
            switch i % 4 {
            case 0:
                if !valid.validate(against: Fixtures.schema).isEmpty { problems.append("valid doc got issues") }
            case 1:
                if invalid.validate(against: Fixtures.schema) != expectedInvalid { problems.append("invalid doc issues differ") }
            case 2:
                if (try? valid.nodes("//h:div[@class='row']/@data-index").map(\.text)) != (0..<20).map(String.init) {
                    problems.append("xpath order")
                }
            default:
                if (try? invalid.count("//h:div[@class='row']")) != 20 { problems.append("xpath count") }
            }
            failures[i] = problems.joined(separator: ", ")
        }
        for i in 0..<400 { XCTAssertEqual(failures[i], "", "iteration \(i)") }
    }
}
