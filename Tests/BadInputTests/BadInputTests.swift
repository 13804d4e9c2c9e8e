import TestSupport
import Foundation
import JSONText
import FeedFramesProcess
import XCTest

/// Every bad input in `Tests/BadInputs/expected.json`, run through the real
/// binary in a scratch folder: the exact stderr lines and exit code, no crash
/// or hang, and an output folder left byte for byte as it was.
///
/// A case is `{case, note, args, exit, stderr[, generate]}`; `{dir}` in an
/// expected line stands for the scratch folder's real path. `generate` makes
/// inputs too large to commit (10 MB strings, 10,000-deep nesting) at test time.
/// `FEEDFRAMES_BADINPUT_CASE=name` runs one case.
final class BadInputTests: XCTestCase {
    struct Case: Sendable {
        var name: String
        var note: String
        var arguments: [String]
        var exit: Int32
        var stderr: [String]
        var generate: (kind: String, file: String)?
        /// Seconds before the run counts as hung: 30, or the case's own `timeout` (a million items in a debug
        /// build take 20–32 s on the CI machine).
        var timeout: Double = 30
    }

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("BadInputs")

    /// - Throws: without the corpus, a skip that says so, or under CI a failure.
    static func cases() throws -> [Case] {
        let file = corpus.appendingPathComponent("expected.json")
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw missingInput("the bad-input corpus is missing (no \(file.path)): its cases did not run")
        }
        let bytes = try [UInt8](Data(contentsOf: file))
        let root = try JSONParser.parse(bytes).plain
        guard case .array(let list) = root else {
            throw NSError(domain: "expected.json", code: 1, userInfo: [NSLocalizedDescriptionKey: "expected.json is not a list"])
        }
        return try list.map { value in
            guard case .object(let object) = value, case .string(let name)? = object["case"],
                  case .array(let args)? = object["args"], case .number(let exit)? = object["exit"],
                  case .array(let stderr)? = object["stderr"] else {
                throw NSError(domain: "expected.json", code: 1, userInfo: [NSLocalizedDescriptionKey: "bad case \(value)"])
            }
            var generate: (String, String)?
            if case .object(let spec)? = object["generate"], case .string(let kind)? = spec["kind"], case .string(let file)? = spec["file"] {
                generate = (kind, file)
            }
            var note = ""
            if case .string(let text)? = object["note"] { note = text }
            var found = Case(name: name, note: note, arguments: args.compactMap { if case .string(let s) = $0 { s } else { nil } },
                             exit: Int32(exit), stderr: stderr.compactMap { if case .string(let s) = $0 { s } else { nil } },
                             generate: generate)
            if case .number(let seconds)? = object["timeout"] { found.timeout = seconds }
            return found
        }
    }

    /// Inputs too large to keep in git, made the same way every time.
    static func generated(_ kind: String) -> [UInt8] {
        let head = Array(#"{"preset": "standard", "#.utf8)
        switch kind {
        case "nesting-lists":
            return head + Array(#""config": "#.utf8) + Array(repeating: UInt8(ascii: "["), count: 10_000)
                + Array(repeating: UInt8(ascii: "]"), count: 10_000) + Array(#", "events": ["launch"]}"#.utf8)
        case "nesting-objects":
            return head + Array(#""config": "#.utf8) + Array(Array(#"{"a": "#.utf8).repeated(10_000)) + [UInt8(ascii: "1")]
                + Array(repeating: UInt8(ascii: "}"), count: 10_000) + Array(#", "events": ["launch"]}"#.utf8)
        case "nesting-unclosed":
            return Array(repeating: UInt8(ascii: "["), count: 10_000)
        case "string-10mb", "string-2mb":
            return head + Array(#""source": {"title": ""#.utf8) + Array(repeating: UInt8(ascii: "A"), count: (kind == "string-10mb" ? 10 : 2) << 20)
                + Array(#""}, "events": ["launch"]}"#.utf8)
        case "key-3mb":
            return head + [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "k"), count: 3 << 20) + Array(#"": 1, "events": ["launch"]}"#.utf8)
        case "title-numbered-1mb":
            return head + Array(#""source": {"pageSize": 100, "title": ""#.utf8) + Array(repeating: UInt8(ascii: "A"), count: (1 << 20) - 3)
                + Array(#"{n}"}, "events": ["launch"]}"#.utf8)
        case "event-1mb":
            return head + Array(#""events": ["launch", "jump "#.utf8) + Array(repeating: UInt8(ascii: "x"), count: (1 << 20) - 100)
                + Array(#""]}"#.utf8)
        default:
            return []
        }
    }

    func testTheCorpusIsLargeAndEveryFileIsUsed() throws {
        let cases = try Self.cases()
        XCTAssertGreaterThanOrEqual(cases.count, 60)
        XCTAssertEqual(Set(cases.map(\.name)).count, cases.count, "case names are unique")
        let files = FileManager.default.enumerator(atPath: Self.corpus.path)?.compactMap { $0 as? String } ?? []
        let scenarios = files.filter { $0.hasPrefix("scenarios/") }
        XCTAssertGreaterThanOrEqual(scenarios.count + cases.filter { $0.generate != nil }.count, 60, "bad scenario files")
        let mentioned = cases.flatMap(\.arguments).joined(separator: "\n") + "\n"
            + cases.compactMap(\.generate?.file).joined(separator: "\n")
        for file in scenarios where !mentioned.contains(file) {
            XCTFail("\(file) is in the corpus but no case runs it")
        }
        for case let kind in cases.compactMap(\.generate?.kind) {
            XCTAssertFalse(Self.generated(kind).isEmpty, "unknown generator \(kind)")
        }
    }

    func testEveryBadInputGetsItsExactMessageAndCodeAndTouchesNothing() throws {
        _ = try Subprocess.binary()
        let only = ProcessInfo.processInfo.environment["FEEDFRAMES_BADINPUT_CASE"]
        let cases = try Self.cases().filter { only == nil || $0.name == only }
        if let only, cases.isEmpty { return XCTFail("FEEDFRAMES_BADINPUT_CASE=\(only): no case has that name") }
        let failures = Locked<[String]>([])
        // Two at a time: each case is its own process in its own folder.
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for index in stride(from: worker, to: cases.count, by: 2) {
                let problems: [String]
                do { problems = try Self.check(cases[index]) } catch { problems = ["\(error)"] }
                if !problems.isEmpty { failures.update { $0.append("\(cases[index].name) (\(cases[index].note)):\n  " + problems.joined(separator: "\n  ")) } }
            }
        }
        for failure in failures.value { XCTFail(failure) }
    }

    /// Runs one case; returns what went wrong.
    static func check(_ badInput: Case) throws -> [String] {
        let scratch = try Subprocess()
        defer { scratch.cleanUp() }
        for entry in try FileManager.default.contentsOfDirectory(atPath: corpus.path) {
            try FileManager.default.copyItem(at: corpus.appendingPathComponent(entry), to: scratch.url(entry))
        }
        if let generate = badInput.generate { try scratch.write(generated(generate.kind), to: generate.file) }
        // An output folder with something in it already: a marker and an earlier render.
        try scratch.write("left alone\n", to: "out/marker.txt")
        try scratch.write("{\"name\": \"earlier\"}\n", to: "out/earlier/scenario.json")
        try scratch.write("{\"frame\": 1}\n", to: "out/earlier/0001.json")
        let before = scratch.snapshot("out")

        let outcome = try scratch.run(badInput.arguments, timeout: badInput.timeout)
        var problems = outcome.crashSigns
        let real = scratch.folder.resolvingSymlinksInPath().path
        let expected = badInput.stderr.map { $0.replacingOccurrences(of: "{dir}", with: real) }
        let actual = outcome.stderrLines
        if outcome.status != badInput.exit { problems.append("exit \(outcome.status), expected \(badInput.exit)") }
        if actual.first != expected.first {
            problems.append("first stderr line:\n    got      \(actual.first ?? "(none)")\n    expected \(expected.first ?? "(none)")")
        } else if actual != expected {
            problems.append("stderr:\n    got      \(actual.joined(separator: "\n             "))\n    expected \(expected.joined(separator: "\n             "))")
        }
        if String(validating: outcome.stderrBytes, as: UTF8.self) == nil { problems.append("stderr is not UTF-8") }
        for line in actual {
            if line.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                problems.append("a control character in: \(line.prefix(200))")
            }
            if line.count > 1_000 { problems.append("a stderr line of \(line.count) characters") }
        }
        if scratch.snapshot("out") != before {
            problems.append("the output folder changed: \(scratch.snapshot("out").keys.sorted()) (was \(before.keys.sorted()))")
        }
        if !problems.isEmpty {
            let got = actual.map { $0.replacingOccurrences(of: real, with: "{dir}") }
            problems.append("actual, for expected.json: \"exit\": \(outcome.status), \"stderr\": "
                            + String(decoding: JSONWriter.bytes(.array(got.map { .string($0) })), as: UTF8.self))
        }
        return problems
    }
}

extension Array {
    func repeated(_ count: Int) -> [Element] { Array((0..<count).map { _ in self }.joined()) }
}

/// A value shared by the worker threads of a test.
final class Locked<Value>: @unchecked Sendable {
    private var stored: Value
    private let lock = NSLock()

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }

    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
