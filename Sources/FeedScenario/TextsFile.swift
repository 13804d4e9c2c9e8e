import FeedEngine
import JSONText

/// A team's own texts for the list (SPEC §9 `texts`): an Xcode String Catalog
/// (`.xcstrings`, JSON) or a `.strings` file, read into the keys of
/// `FeedTexts.keys` for one locale.
///
/// Pure: it takes the file's bytes. Keys the list does not show are ignored (a
/// catalog holds a whole app's strings); the caller says which of the list's keys
/// the file did not give, so a typo in a key is seen.
public enum TextsFile {
    /// Larger texts files are refused before parsing.
    public static let maxBytes = 8 << 20

    /// The file's texts for the list's keys.
    public struct Texts: Hashable, Sendable {
        /// Key → text, for the keys in `FeedTexts.keys` the file gives.
        public var values: [String: String]
        /// `FeedTexts.keys` the file does not give, in that order.
        public var missing: [String] { FeedTexts.keys.filter { values[$0] == nil } }
    }

    /// What a file name says it holds.
    public enum Format: Hashable, Sendable {
        case catalog, strings

        /// `.xcstrings` or `.strings`, by the file's extension; `nil` for anything else.
        public init?(file: String) {
            if file.hasSuffix(".xcstrings") { self = .catalog } else if file.hasSuffix(".strings") { self = .strings } else { return nil }
        }
    }

    /// - Parameters:
    ///   - file: the file's name in messages; its extension says the format.
    ///   - locale: whose localization of a catalog to read (the tag, then its built-in
    ///     table's, then its language's); a `.strings` file is one locale's already.
    /// - Throws: every problem, each at its line and column in `file`.
    /// - Complexity: O(size of the file).
    public static func read(_ bytes: [UInt8], file: String, format: Format, locale: LocaleMatch) throws(ScenarioErrors) -> Texts {
        guard bytes.count <= maxBytes else {
            throw ScenarioErrors([ScenarioError(file: file, message: "file is \(bytes.count) bytes; expected at most \(maxBytes) bytes")])
        }
        switch format {
        case .catalog: return try catalog(bytes, file: file, locale: locale)
        case .strings:
            var parser = StringsParser(file: file, text: try decode(bytes, file: file))
            return Texts(values: try parser.parse().filter { FeedTexts.keys.contains($0.key) })
        }
    }

    // MARK: String Catalogs

    /// `{"sourceLanguage": "en", "strings": {KEY: {"localizations": {LOCALE: {"stringUnit": {"value": …}}}}}, "version": "1.0"}`.
    static func catalog(_ bytes: [UInt8], file: String, locale: LocaleMatch) throws(ScenarioErrors) -> Texts {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw ScenarioErrors([ScenarioError(file: file, line: error.line, column: error.column, message: error.message)])
        }
        var problems: [ScenarioError] = []
        func fail(_ node: JSONNode, _ path: String, _ message: String) {
            problems.append(ScenarioError(file: file, line: node.position.line, column: node.position.column, path: path, message: message))
        }
        guard root.members != nil else {
            fail(root, "", "expected a String Catalog (an object with \"sourceLanguage\", \"strings\" and \"version\"), found \(root.typeName)")
            throw ScenarioErrors(problems)
        }
        guard let strings = root.member("strings")?.value else {
            fail(root, "strings", "missing (expected an object of key → localizations, as Xcode writes it)")
            throw ScenarioErrors(problems)
        }
        guard let entries = strings.members else {
            fail(strings, "strings", "expected an object of key → localizations, found \(strings.typeName)")
            throw ScenarioErrors(problems)
        }
        let language = locale.requested.split(separator: "-").first.map(String.init) ?? locale.requested
        let candidates = [locale.requested, locale.table, language]
        var values: [String: String] = [:]
        for entry in entries where FeedTexts.keys.contains(entry.key) {
            let path = "strings.\(entry.key)"
            guard entry.value.members != nil else {
                fail(entry.value, path, "expected an object with \"localizations\", found \(entry.value.typeName)")
                continue
            }
            guard let localizations = entry.value.member("localizations")?.value else { continue }
            guard let byLocale = localizations.members else {
                fail(localizations, path + ".localizations", "expected an object of locale → string unit, found \(localizations.typeName)")
                continue
            }
            let chosen = candidates.lazy.compactMap { tag in byLocale.first { $0.key.lowercased() == tag.lowercased() } }.first
            guard let chosen else { continue }
            let unitPath = "\(path).localizations.\(chosen.key)"
            guard let unit = chosen.value.member("stringUnit")?.value else {
                let what = chosen.value.member("variations") != nil ? "plural or device variations, which the list's texts cannot have"
                                                                   : "no \"stringUnit\""
                fail(chosen.value, unitPath, "\(what) (expected {\"stringUnit\": {\"state\": \"translated\", \"value\": \"…\"}})")
                continue
            }
            guard let value = unit.member("value")?.value else {
                fail(unit, unitPath + ".stringUnit", "missing \"value\" (expected the text)")
                continue
            }
            guard let text = value.stringValue else {
                fail(value, unitPath + ".stringUnit.value", "expected a string, found \(value.typeName)")
                continue
            }
            values[entry.key] = text
        }
        if !problems.isEmpty { throw ScenarioErrors(problems) }
        return Texts(values: values)
    }

    // MARK: .strings

    /// UTF-8 (with or without a byte-order mark), or UTF-16 with one, as Xcode writes `.strings` files.
    static func decode(_ bytes: [UInt8], file: String) throws(ScenarioErrors) -> [Unicode.Scalar] {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            guard bytes.count % 2 == 0 else {
                throw ScenarioErrors([ScenarioError(file: file, message: "UTF-16 text with an odd number of bytes (expected UTF-8 or UTF-16)")])
            }
            let units = stride(from: 2, to: bytes.count, by: 2).map { index in
                little ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
            }
            var scalars: [Unicode.Scalar] = []
            var iterator = units.makeIterator()
            var decoder = UTF16()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): scalars.append(scalar)
                case .emptyInput: return scalars
                case .error: throw ScenarioErrors([ScenarioError(file: file, message: "invalid UTF-16 (an unpaired surrogate)")])
                }
            }
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        var scalars: [Unicode.Scalar] = []
        var iterator = body.makeIterator()
        var decoder = UTF8()
        var line = 1
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
                scalars.append(scalar)
            case .emptyInput: break loop
            case .error: throw ScenarioErrors([ScenarioError(file: file, line: line, message: "invalid UTF-8 (expected UTF-8 or UTF-16 text)")])
            }
        }
        return scalars
    }
}

/// `"key" = "value";` lines with `/* */` and `//` comments, as in Apple's `.strings`
/// files (old-style property list strings): keys may be unquoted words; `\"`, `\\`,
/// `\n`, `\t`, `\r`, `\0` and `\UXXXX` escapes.
struct StringsParser {
    let file: String
    let text: [Unicode.Scalar]
    var index = 0
    var line = 1
    var column = 1

    init(file: String, text: [Unicode.Scalar]) {
        self.file = file
        self.text = text
    }

    struct Failure: Error { var error: ScenarioError }

    /// - Complexity: O(length of the text).
    mutating func parse() throws(ScenarioErrors) -> [String: String] {
        do throws(Failure) {
            var values: [String: String] = [:]
            while true {
                try skipBlank()
                guard index < text.count else { return values }
                let key = try string(what: "a key (a quoted string)")
                try skipBlank()
                try expect("=", after: "the key \"\(Self.shown(key))\"")
                try skipBlank()
                let value = try string(what: "the value of \"\(Self.shown(key))\" (a quoted string)")
                try skipBlank()
                try expect(";", after: "the value of \"\(Self.shown(key))\"")
                values[key] = value
            }
        } catch {
            throw ScenarioErrors([error.error])
        }
    }

    func failure(_ message: String) -> Failure {
        Failure(error: ScenarioError(file: file, line: line, column: column, message: message))
    }

    mutating func advance() {
        if text[index] == "\n" { line += 1; column = 1 } else { column += 1 }
        index += 1
    }

    /// Whitespace and comments.
    mutating func skipBlank() throws(Failure) {
        while index < text.count {
            let scalar = text[index]
            if scalar.properties.isWhitespace { advance(); continue }
            if scalar == "/" && index + 1 < text.count && text[index + 1] == "/" {
                while index < text.count && text[index] != "\n" { advance() }
                continue
            }
            if scalar == "/" && index + 1 < text.count && text[index + 1] == "*" {
                let start = failure("a comment that is never closed (expected */)")
                advance(); advance()
                while index < text.count && !(text[index] == "*" && index + 1 < text.count && text[index + 1] == "/") { advance() }
                guard index < text.count else { throw start }
                advance(); advance()
                continue
            }
            return
        }
    }

    mutating func expect(_ scalar: Unicode.Scalar, after: String) throws(Failure) {
        guard index < text.count, text[index] == scalar else {
            throw failure("expected '\(scalar)' after \(after), found \(found)")
        }
        advance()
    }

    var found: String {
        guard index < text.count else { return "the end of the file" }
        let scalar = text[index]
        return scalar.properties.generalCategory == .control ? "a control character" : "'\(scalar)'"
    }

    /// A quoted string, or an unquoted word of letters, digits and `_.$:/-`.
    mutating func string(what: String) throws(Failure) -> String {
        guard index < text.count else { throw failure("expected \(what), found the end of the file") }
        if text[index] != "\"" {
            var word = String.UnicodeScalarView()
            while index < text.count, text[index].properties.isAlphabetic || ("0"..."9").contains(text[index]) || "_.$:/-".unicodeScalars.contains(text[index]) {
                word.append(text[index])
                advance()
            }
            guard !word.isEmpty else { throw failure("expected \(what), found \(found)") }
            return String(word)
        }
        let start = failure("a string that is never closed (expected \")")
        advance()
        var value = String.UnicodeScalarView()
        while true {
            guard index < text.count else { throw start }
            let scalar = text[index]
            if scalar == "\"" { advance(); return String(value) }
            if scalar == "\\" {
                advance()
                guard index < text.count else { throw start }
                let escaped = text[index]
                switch escaped {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "0": value.append("\0")
                case "\"", "\\", "'": value.append(escaped)
                case "U", "u":
                    let digits = text[(index + 1)...].prefix(4)
                    guard digits.count == 4, let code = UInt32(String(String.UnicodeScalarView(digits)), radix: 16),
                          let decoded = Unicode.Scalar(code) else {
                        throw failure("expected four hex digits after \\\(escaped) (e.g. \\U00E9)")
                    }
                    value.append(decoded)
                    for _ in 0..<4 { advance() }
                default: throw failure("unknown escape \\\(escaped) (expected \\\", \\\\, \\n, \\t, \\r, \\0 or \\UXXXX)")
                }
                advance()
                continue
            }
            value.append(scalar)
            advance()
        }
    }

    /// A key for a message: cut after 40 characters, control characters as "?".
    static func shown(_ key: String) -> String {
        let scalars = key.unicodeScalars.prefix(40).map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined()
        return key.unicodeScalars.count > 40 ? scalars + "…" : scalars
    }
}
