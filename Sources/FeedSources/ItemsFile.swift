import FeedEngine
import FeedScenario
import JSONText

/// The items of a `file` source: a JSON array of item objects, or NDJSON
/// (one item object a line; blank lines are skipped).
///
/// Every problem names the data file and its line (and column), so that a
/// bad line reads `items.ndjson:3:9: id: expected …`. A file that is not
/// JSON at all (a path to `/etc/passwd`) gets one problem, with a short
/// excerpt, not one a line: errors never echo the file back.
enum ItemsFile {
    /// Larger files are refused before parsing (`ItemLimits.maxFileBytes`).
    static let maxBytes = ItemLimits.maxFileBytes
    /// Reading stops after this many problems.
    static let maxProblems = 20

    /// - Parameters:
    ///   - file: the path shown in messages.
    ///   - maxItems: more items are refused (`ItemLimits.maxItems`, what a list may hold).
    /// - Complexity: O(size of the file).
    static func parse(_ bytes: [UInt8], file: String, maxItems: Int = ItemLimits.maxItems) -> Result<[Item], SourceProblems> {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }  // a UTF-8 byte order mark
        let first = bytes[start...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        var problems: [SourceProblem] = []
        var items: [Item] = []
        var seen: [String: String] = [:]  // id → where it was first
        var tooMany = false
        let decoder = ItemDecoder(rejectsNested: true)

        func add(_ node: JSONNode, path: String, where place: String) {
            switch decoder.item(node) {
            case .failure(let problem):
                let key = problem.key.isEmpty ? path : (path.isEmpty ? problem.key : "\(path).\(problem.key)")
                problems.append(SourceProblem(path: key, message: problem.message, dataFile: file,
                                              line: problem.position.line, column: problem.position.column))
            case .success(let item):
                if items.count == maxItems {
                    problems.append(SourceProblem(path: path, message: "more than \(ItemLimits.describe(count: maxItems)) items (the limit of a list's items)",
                                                  dataFile: file, line: node.position.line, column: node.position.column))
                    tooMany = true
                } else if let earlier = seen[item.id] {
                    let position = node["id"]?.position ?? node.position
                    problems.append(SourceProblem(path: path.isEmpty ? "id" : "\(path).id",
                                                  message: "id \"\(item.id)\" again (first \(earlier); ids must be unique)",
                                                  dataFile: file, line: position.line, column: position.column))
                } else {
                    seen[item.id] = place
                    items.append(item)
                }
            }
        }

        if first == UInt8(ascii: "[") {
            let root: JSONNode
            do {
                root = try JSONParser.parse(Array(bytes[start...]))
            } catch {
                return .failure(SourceProblems([SourceProblem(path: "", message: error.message, dataFile: file,
                                                              line: error.line, column: error.column)]))
            }
            let elements = root.elements ?? []
            if elements.count > maxItems {
                // Refused before any is decoded.
                let element = elements[maxItems]
                return .failure(SourceProblems([SourceProblem(path: "[\(maxItems)]", message: "more than \(ItemLimits.describe(count: maxItems)) items (the limit of a list's items)",
                                                              dataFile: file, line: element.position.line, column: element.position.column)]))
            }
            for (index, element) in elements.enumerated() {
                add(element, path: "[\(index)]", where: "at [\(index)], line \(element.position.line)")
                if problems.count >= maxProblems || tooMany { break }
            }
        } else {
            var lineNumber = 0
            for line in bytes[start...].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                lineNumber += 1
                var text = Array(line)
                if text.last == UInt8(ascii: "\r") { text.removeLast() }
                guard text.contains(where: { ![0x20, 0x09].contains($0) }) else { continue }
                do {
                    var node = try JSONParser.parse(text)
                    // Positions within the line, moved to the file's line.
                    node = relined(node, line: lineNumber)
                    add(node, path: "", where: "on line \(lineNumber)")
                } catch {
                    problems.append(SourceProblem(path: "", message: "\(error.message) (expected one JSON item object a line)",
                                                  dataFile: file, line: lineNumber, column: error.column))
                    // A line that does not even start like JSON: this is no items file, and
                    // reporting every line would echo the file back, a word a line.
                    if text.first(where: { ![0x20, 0x09].contains($0) }) != UInt8(ascii: "{") {
                        problems.append(SourceProblem(path: "", message: "stopped reading: line \(lineNumber) is not JSON (expected a JSON array or NDJSON, one item object a line)",
                                                      dataFile: file))
                        break
                    }
                }
                if problems.count >= maxProblems || tooMany { break }
            }
        }
        if problems.count >= maxProblems {
            problems.append(SourceProblem(path: "", message: "too many problems; stopped reading", dataFile: file))
        }
        return problems.isEmpty ? .success(items) : .failure(SourceProblems(problems))
    }

    /// The same tree with every position on `line` (an NDJSON line holds one item).
    private static func relined(_ node: JSONNode, line: Int) -> JSONNode {
        var node = node
        node.position.line = line
        if case .object(let members) = node.value {
            node.value = .object(members.map { member in
                var member = member
                member.keyPosition.line = line
                member.value.position.line = line
                return member
            })
        }
        return node
    }
}
