import JSONText

/// The differences between two JSON documents, by key path.
///
/// Objects are compared member by member (the old document's order, then
/// members only the new one has). Lists are compared position by position:
/// a frame's `rows` are a window onto the list, so `rows[3]` is "the fourth
/// row on screen" in both frames; when the lengths differ, one `count` change
/// says so and the surplus elements are listed as added or removed.
public enum JSONDiff {
    /// - Complexity: O(size of both documents).
    public static func changes(from old: JSONValue, to new: JSONValue) -> [JSONChange] {
        var changes: [JSONChange] = []
        compare(old, new, path: "", into: &changes)
        return changes
    }

    private static func compare(_ old: JSONValue, _ new: JSONValue, path: String, into changes: inout [JSONChange]) {
        guard old != new else { return }
        switch (old, new) {
        case (.object(let a), .object(let b)):
            for (key, value) in a {
                let child = member(path, key)
                if let other = b[key] {
                    compare(value, other, path: child, into: &changes)
                } else {
                    changes.append(JSONChange(path: child, kind: .removed(value)))
                }
            }
            for (key, value) in b where a[key] == nil {
                changes.append(JSONChange(path: member(path, key), kind: .added(value)))
            }
        case (.array(let a), .array(let b)):
            if a.count != b.count { changes.append(JSONChange(path: path, kind: .count(from: a.count, to: b.count))) }
            for index in 0..<min(a.count, b.count) {
                compare(a[index], b[index], path: "\(path)[\(index)]", into: &changes)
            }
            for index in b.count..<max(a.count, b.count) where index < a.count {
                changes.append(JSONChange(path: "\(path)[\(index)]", kind: .removed(a[index])))
            }
            for index in a.count..<max(a.count, b.count) where index < b.count {
                changes.append(JSONChange(path: "\(path)[\(index)]", kind: .added(b[index])))
            }
        default:
            changes.append(JSONChange(path: path, kind: .changed(from: old, to: new)))
        }
    }

    /// `footer` + `state` → `footer.state`; keys that are not plain names are quoted: `fields["a b"]`.
    static func member(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            && !(key.first?.isNumber ?? false)
        if plain { return path.isEmpty ? key : "\(path).\(key)" }
        return "\(path)[\(JSONWriter.string(.string(key)))]"
    }
}
