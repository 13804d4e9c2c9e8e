/// Prefix sums of row heights in a Fenwick (binary indexed) tree, so that a
/// layout can find the row at any content y without scanning the rows above it.
///
/// Heights are positive. Row `i` occupies `[top(i), top(i) + height(i))` in
/// content coordinates, with row 0 at y = 0.
public struct RowOffsets: Hashable, Sendable {
    /// The heights themselves, so one can be changed by its delta.
    public private(set) var heights: [Double] = []
    /// `tree[i]` (1-based) holds the sum of heights in `(i - lowbit(i), i]`.
    private var tree: [Double] = [0]
    /// The sum of all heights.
    public private(set) var total: Double = 0

    public init() {}

    /// - Complexity: O(n).
    public init<S: Sequence>(heights: S) where S.Element == Double {
        for height in heights { append(height) }
    }

    public var count: Int { heights.count }

    /// Appends one row at the bottom.
    /// - Complexity: amortized O(1): node `i` sums its `trailingZeroBitCount(i)`
    ///   children, which average to one over consecutive appends, so appending
    ///   a page of k rows costs O(k), independent of the rows already there.
    public mutating func append(_ height: Double) {
        let i = heights.count + 1
        let lowest = i & -i
        var sum = height
        var child = i - 1
        while child > i - lowest {
            sum += tree[child]
            child -= child & -child
        }
        heights.append(height)
        tree.append(sum)
        total += height
    }

    /// - Complexity: O(k) for k heights.
    public mutating func append<S: Sequence>(contentsOf newHeights: S) where S.Element == Double {
        for height in newHeights { append(height) }
    }

    /// Changes one row's height in place.
    /// - Complexity: O(log n).
    public mutating func setHeight(_ height: Double, at index: Int) {
        let delta = height - heights[index]
        heights[index] = height
        total += delta
        var i = index + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// The content y of the top of row `index` (`total` for `index == count`).
    /// - Complexity: O(log n).
    public func top(of index: Int) -> Double {
        if index >= heights.count { return total }
        var sum = 0.0
        var i = index
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }

    /// The first row whose bottom lies below `y`, that is the row that covers
    /// content y, or `count` when every row ends at or above `y`.
    /// - Complexity: O(log n), a descent through the tree's levels.
    public func firstRow(endingBelow y: Double) -> Int {
        firstRowAndTop(endingBelow: y).index
    }

    /// `firstRow(endingBelow:)` and that row's top, found in the same descent:
    /// the sums the descent takes on its way down add up to the row's top.
    /// - Complexity: O(log n), one walk through the tree instead of two.
    public func firstRowAndTop(endingBelow y: Double) -> (index: Int, top: Double) {
        var position = 0
        var remaining = y
        var top = 0.0
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next < tree.count && tree[next] <= remaining {
                position = next
                remaining -= tree[next]
                top += tree[next]
            }
            step /= 2
        }
        return (position, top)
    }

    public static func == (lhs: RowOffsets, rhs: RowOffsets) -> Bool { lhs.heights == rhs.heights }
    public func hash(into hasher: inout Hasher) { hasher.combine(heights) }
}
