import FeedEngine
import FeedScenario

/// The runner's `RowSizer` for a list of measured cells: each arriving item without a height of its
/// own gets its cell's height.
public struct CellSizer: RowSizer {
    public let measurer: CellMeasurer

    public init(_ measurer: CellMeasurer) { self.measurer = measurer }

    /// - Complexity: O(total text length of `items`), plus shaping.
    public func sized(_ items: [Item]) throws(RunLimitError) -> [Item] {
        var sized = items
        for index in sized.indices {
            do {
                if let height = try measurer.height(sized[index]) { sized[index].height = height }
            } catch {
                throw RunLimitError(error.message)
            }
        }
        return sized
    }
}
