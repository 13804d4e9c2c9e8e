// embed-files: compiles text files into a Swift source file.
//
//   embed-files --output OUT.swift --enum-name NAME [--group GROUPNAME DIR]...
//
// Writes
//
//   public enum NAME {
//       public static let GROUPNAME: [String: String] = [ "relative/path": "contents", ... ]
//   }
//
// Names are written in backticks, so keywords such as `default` work too.
// Every regular file below DIR is included under its path relative to DIR
// ("partials/row.html"), sorted by path. Names starting with "." (files and
// folders) and files named "README.md" are skipped. A missing DIR gives an
// empty group (with a warning). Files must be UTF-8.

import Foundation

struct Group {
    var name: String
    var directory: String
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("embed-files: error: \(message)\n".utf8))
    exit(1)
}

func warn(_ message: String) {
    FileHandle.standardError.write(Data("embed-files: warning: \(message)\n".utf8))
}

let usage = "usage: embed-files --output OUT.swift --enum-name NAME [--group GROUPNAME DIR]..."

// MARK: Arguments

var outputPath: String?
var enumName: String?
var groups: [Group] = []
do {
    var arguments = CommandLine.arguments.dropFirst()[...]
    func next(_ option: String) -> String {
        guard let value = arguments.popFirst() else { fail("missing value for \(option)\n\(usage)") }
        return value
    }
    while let argument = arguments.popFirst() {
        switch argument {
        case "--output": outputPath = next(argument)
        case "--enum-name": enumName = next(argument)
        case "--group": groups.append(Group(name: next(argument), directory: next(argument)))
        case "-h", "--help":
            print(usage)
            exit(0)
        default: fail("unexpected argument '\(argument)'\n\(usage)")
        }
    }
}
guard let outputPath else { fail("missing --output\n\(usage)") }
guard let enumName else { fail("missing --enum-name\n\(usage)") }

func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
        return false
    }
    return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
}
for name in [enumName] + groups.map(\.name) where !isIdentifier(name) {
    fail("'\(name)' is not a valid Swift identifier")
}
if Set(groups.map(\.name)).count != groups.count {
    fail("duplicate group name")
}

// MARK: Collecting files

/// Relative paths of the files to embed below `root`, sorted.
func collectFiles(in root: String) -> [String] {
    let fileManager = FileManager.default
    var found: [String] = []
    func walk(_ relative: String) {
        let absolute = relative.isEmpty ? root : root + "/" + relative
        guard let entries = try? fileManager.contentsOfDirectory(atPath: absolute) else {
            fail("cannot read folder \(absolute)")
        }
        for entry in entries where !entry.hasPrefix(".") {
            let entryRelative = relative.isEmpty ? entry : relative + "/" + entry
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: root + "/" + entryRelative, isDirectory: &isDirectory) else {
                continue  // dangling symbolic link
            }
            if isDirectory.boolValue {
                walk(entryRelative)
            } else if entry != "README.md" {
                found.append(entryRelative)
            }
        }
    }
    walk("")
    // Sort by Unicode scalars so the order never depends on the locale.
    return found.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
}

// MARK: Swift literal

/// `text` with everything escaped that a Swift string literal cannot hold
/// as is: backslashes and double quotes always (so neither `"""` nor `\(`
/// can appear), carriage returns and other control characters as escapes.
/// Line feeds and tabs are kept unless `escapeNewlines` is set.
func escaped(_ text: String, escapeNewlines: Bool) -> String {
    var body = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": body += "\\\\"
        case "\"": body += "\\\""
        case "\n": body += escapeNewlines ? "\\n" : "\n"
        case "\t": body += escapeNewlines ? "\\t" : "\t"
        case "\r": body += "\\r"
        case "\0": body += "\\0"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" {
                body += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                body.unicodeScalars.append(scalar)
            }
        }
    }
    return body
}

/// A one-line Swift string literal whose value is exactly `text`.
func singleLineLiteral(_ text: String) -> String {
    "\"" + escaped(text, escapeNewlines: true) + "\""
}

/// A multi-line Swift string literal whose value is exactly `text`; keeps
/// the generated file readable. The closing delimiter starts at column 0,
/// so no indentation is stripped, and the line break before it is not part
/// of the value.
func multiLineLiteral(_ text: String) -> String {
    "\"\"\"\n" + escaped(text, escapeNewlines: false) + "\n\"\"\""
}

// MARK: Output

var source = """
    // Generated by embed-files. Do not edit: change the embedded files instead.
    // swift-format-ignore-file

    public enum `\(enumName)` {

    """
for (position, group) in groups.enumerated() {
    var isDirectory: ObjCBool = false
    var files: [String] = []
    if FileManager.default.fileExists(atPath: group.directory, isDirectory: &isDirectory) {
        guard isDirectory.boolValue else { fail("\(group.directory) is not a folder") }
        files = collectFiles(in: group.directory)
    } else {
        warn("folder \(group.directory) does not exist; group '\(group.name)' is empty")
    }
    if position > 0 { source += "\n" }
    source += "    /// \(files.count) file(s) embedded from `\((group.directory as NSString).lastPathComponent)/`.\n"
    if files.isEmpty {
        source += "    public static let `\(group.name)`: [String: String] = [:]\n"
        continue
    }
    source += "    public static let `\(group.name)`: [String: String] = [\n"
    for file in files {
        let path = group.directory + "/" + file
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        guard let text = String(data: data, encoding: .utf8) else { fail("\(path) is not valid UTF-8") }
        source += "        \(singleLineLiteral(file)): \(multiLineLiteral(text)),\n"
    }
    source += "    ]\n"
}
source += "}\n"

do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
} catch {
    fail("cannot write \(outputPath): \(error)")
}
