/// A frame's own number, where each format writes it, changed to another:
/// frames matched across an insertion are compared as if they had the same
/// number, so the shift alone never makes a frame "changed".
enum FrameNumberMask {
    /// `bytes`, a frame file with extension `pathExtension` numbered `old`, as if numbered `new`:
    /// the text frame's `frame N ·`, the JSON frame's `"frame": N`, the HTML frame's
    /// `data-frame="N"` and `— frame N:` in its title (the first of each).
    /// - Complexity: O(size of the file).
    static func renumber(_ bytes: [UInt8], pathExtension: String, from old: Int, to new: Int) -> [UInt8] {
        let patterns: [(String, String)]
        switch pathExtension {
        case "txt": patterns = [("frame \(old) ·", "frame \(new) ·")]
        case "json": patterns = [("\"frame\": \(old),", "\"frame\": \(new),"), ("\"frame\":\(old),", "\"frame\":\(new),")]
        case "html": patterns = [("data-frame=\"\(old)\"", "data-frame=\"\(new)\""), ("— frame \(old):", "— frame \(new):")]
        default: patterns = []
        }
        var result = bytes
        for (from, to) in patterns { result = replacingFirst(Array(from.utf8), with: Array(to.utf8), in: result) }
        return result
    }

    static func replacingFirst(_ needle: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard let first = needle.first, bytes.count >= needle.count else { return bytes }
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == first && bytes[index..<(index + needle.count)].elementsEqual(needle) {
                return Array(bytes[..<index]) + replacement + Array(bytes[(index + needle.count)...])
            }
            index += 1
        }
        return bytes
    }
}
