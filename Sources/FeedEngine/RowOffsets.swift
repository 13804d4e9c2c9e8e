/// Prefix sums of row heights, so that a layout can find the row at any
/// content y without scanning the rows above it.
///
/// Rows are grouped in blocks of 64. A Fenwick (binary indexed) tree holds
/// the sums of the full blocks; the last, partial block is summed on the
/// side until it fills. A look-up descends the tree to a block, then walks at
/// most 64 heights that sit together in memory. Grouping keeps the tree 64
/// times smaller than the rows, so at ten million rows its deep levels stay
/// in the processor's cache, and a layout costs about what it costs at a
/// thousand rows.
///
/// Heights are positive. Row `i` occupies `[top(i), top(i) + height(i))` in
/// content coordinates, with row 0 at y = 0.
public struct RowOffsets: Hashable, Sendable {
    /// Rows per block.
    static let blockSize = 64

    /// The heights themselves, in order.
    public private(set) var heights: [Double] = []
    /// `tree[i]` (1-based) holds the sum of full blocks `(i - lowbit(i), i]`.
    private var tree: [Double] = [0]
    /// The sum of the rows after the last full block.
    private var tailSum: Double = 0
    /// The sum of all heights.
    public private(set) var total: Double = 0

    public init() {}

    /// - Complexity: O(n).
    public init<S: Sequence>(heights: S) where S.Element == Double {
        for height in heights { append(height) }
    }

    public var count: Int { heights.count }

    /// Full blocks, held in the tree.
    private var fullBlocks: Int { tree.count - 1 }

    /// Appends one row at the bottom.
    /// - Complexity: amortized O(1): a block joins the tree every 64 rows, and
    ///   tree node `i` sums its `trailingZeroBitCount(i)` children, which
    ///   average to one; so a page of k rows costs O(k).
    public mutating func append(_ height: Double) {
        heights.append(height)
        total += height
        tailSum += height
        guard heights.count % Self.blockSize == 0 else { return }
        let i = tree.count
        let lowest = i & -i
        var sum = tailSum
        var child = i - 1
        while child > i - lowest {
            sum += tree[child]
            child -= child & -child
        }
        tree.append(sum)
        tailSum = 0
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
        var block = index / Self.blockSize + 1
        guard block <= fullBlocks else {
            tailSum += delta
            return
        }
        while block < tree.count {
            tree[block] += delta
            block += block & -block
        }
    }

    /// The sum of the first `blocks` full blocks.
    /// - Complexity: O(log n).
    private func blockPrefix(_ blocks: Int) -> Double {
        var sum = 0.0
        var i = blocks
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }

    /// The content y of the top of row `index` (`total` for `index == count`).
    /// - Complexity: O(log n + 64).
    public func top(of index: Int) -> Double {
        if index >= heights.count { return total }
        let block = index / Self.blockSize
        var sum = blockPrefix(block)
        for row in (block * Self.blockSize)..<index { sum += heights[row] }
        return sum
    }

    /// The first row whose bottom lies below `y`, that is the row that covers
    /// content y, or `count` when every row ends at or above `y`.
    /// - Complexity: O(log n + 64).
    public func firstRow(endingBelow y: Double) -> Int {
        firstRowAndTop(endingBelow: y).index
    }

    /// `firstRow(endingBelow:)` and that row's top, found together: a
    /// descent through the tree finds the block and its top, then the walk
    /// within the block adds heights up to the row.
    /// - Complexity: O(log n + 64).
    public func firstRowAndTop(endingBelow y: Double) -> (index: Int, top: Double) {
        var block = 0
        var top = 0.0
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = block + step
            if next < tree.count && top + tree[next] <= y {
                block = next
                top += tree[next]
            }
            step /= 2
        }
        var row = block * Self.blockSize
        while row < heights.count && top + heights[row] <= y {
            top += heights[row]
            row += 1
        }
        return row == heights.count ? (row, total) : (row, top)
    }

    public static func == (lhs: RowOffsets, rhs: RowOffsets) -> Bool { lhs.heights == rhs.heights }
    public func hash(into hasher: inout Hasher) { hasher.combine(heights) }
}
