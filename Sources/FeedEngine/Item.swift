/// One entry of the feed, as a data source delivers it.
public struct Item: Hashable, Sendable {
    public var id: String
    public var title: String
    /// The row's own height; `nil` means the configured `rowHeight`.
    public var height: Double?
    /// Any other fields of the source's item, for templates to show.
    public var fields: [String: String]

    public init(id: String, title: String, height: Double? = nil, fields: [String: String] = [:]) {
        self.id = id
        self.title = title
        self.height = height
        self.fields = fields
    }
}

extension Array where Element == Item {
    /// Whether these rows begin with `prefix` (`starts(with:)`'s answer): item by item in place, where the
    /// generic `starts(with:)` copied each item out of both arrays, retaining and releasing its texts. A search
    /// asks it of every page that arrives (is it appended to the rows before it?), of rows up to hundreds long.
    /// - Complexity: O(`prefix.count`).
    public func begins(with prefix: [Item]) -> Bool {
        guard count >= prefix.count else { return false }
        return withUnsafeBufferPointer { rows in
            prefix.withUnsafeBufferPointer { head in
                // Rows copied from the prefix's are its bits (a page appended to a copy of them): compared as words,
                // they are equal, unless a height is NaN, which `==` never takes for itself.
                if Self.sameBits(rows, head), !head.contains(where: { $0.height?.isNaN == true }) { return true }
                for index in head.indices where rows[index] != head[index] { return false }
                return true
            }
        }
    }

    /// Whether the first `head.count` items of `rows` are bit for bit `head`'s, read a word at a time.
    private static func sameBits(_ rows: UnsafeBufferPointer<Item>, _ head: UnsafeBufferPointer<Item>) -> Bool {
        guard let here = rows.baseAddress, let there = head.baseAddress else { return head.isEmpty }
        let words = head.count * MemoryLayout<Item>.stride / MemoryLayout<UInt64>.stride
        let a = UnsafeRawPointer(here), b = UnsafeRawPointer(there)
        for word in 0..<words where a.load(fromByteOffset: word * 8, as: UInt64.self) != b.load(fromByteOffset: word * 8, as: UInt64.self) {
            return false
        }
        return true
    }
}
