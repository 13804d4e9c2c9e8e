import FeedEngine
import FeedScenario

/// A file's items in order, with an index from id to position so that a
/// cursor costs no scan.
struct FileItems: FeedItems, Sendable {
    let items: [Item]
    private let positions: [String: Int]

    /// - Precondition: ids are unique (`ItemsFile` checks).
    init(_ items: [Item]) {
        self.items = items
        var positions: [String: Int] = [:]
        positions.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { positions[item.id] = index }
        self.positions = positions
    }

    var itemCount: Int? { items.count }

    func item(at index: Int) -> Item { items[index] }

    func index(ofID id: String) -> Int? { positions[id] }
}
