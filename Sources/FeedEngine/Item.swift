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
                // Rows copied from the prefix's hold its very texts (a page appended to a copy of them): `==` only
                // for the items that do not. A `while` over the indices, as in `sameStorage`: a debug build (the tests')
                // does not specialise a range's iterator, and walked an endless feed's million rows through generic
                // metadata at every page.
                let offsets = Item.textOffsets
                var index = 0
                while index < head.count {
                    if !Item.sameStorage(rows.baseAddress! + index, head.baseAddress! + index, offsets) && rows[index] != head[index] {
                        return false
                    }
                    index += 1
                }
                return true
            }
        }
    }
}

extension Item {
    /// Where an item keeps its id, title and fields (each read once a call, not at every item).
    static let textOffsets = (id: MemoryLayout<Item>.offset(of: \.id)!, title: MemoryLayout<Item>.offset(of: \.title)!,
                              fields: MemoryLayout<Item>.offset(of: \.fields)!)
    /// The words a text and the fields take.
    private static let textWords = MemoryLayout<String>.size / 8, fieldsWords = MemoryLayout<[String: String]>.size / 8

    /// Whether `a` and `b` are equal because they hold the same texts and fields, bit for bit (the same storage, or
    /// the same small texts), and equal heights: `false` says nothing. Read in place, field by field: an item
    /// copied keeps its fields' bits but not always the padding after its height, so the whole item's bits were
    /// no test (a `memcmp` of the rows failed at nearly every page, callgrind). Every stored field is read here
    /// (`PresetRowsTests` fails when one is added).
    /// - Complexity: O(1).
    @inline(__always) static func sameStorage(_ a: UnsafePointer<Item>, _ b: UnsafePointer<Item>,
                                              _ offsets: (id: Int, title: Int, fields: Int)) -> Bool {
        let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
        func same(_ offset: Int, words: Int) -> Bool {
            var word = 0
            while word < words {
                if x.load(fromByteOffset: offset + 8 * word, as: UInt64.self) != y.load(fromByteOffset: offset + 8 * word, as: UInt64.self) { return false }
                word += 1
            }
            return true
        }
        return same(offsets.id, words: textWords) && same(offsets.title, words: textWords) && same(offsets.fields, words: fieldsWords)
            && a.pointee.height == b.pointee.height
    }
}
