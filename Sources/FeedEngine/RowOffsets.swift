/// Prefix sums of row heights, so that a layout can find the row at any
/// content y without scanning the rows above it.
///
/// Rows are grouped in blocks of 64. A Fenwick (binary indexed) tree holds
/// the sums of the full blocks; the last, partial block is summed on the
/// side until it fills. A look-up descends the tree to a block, then walks at
/// most 64 rows that sit together in memory. Grouping keeps the tree 64 times
/// smaller than the rows, so at ten million rows its deep levels stay in the
/// processor's cache.
///
/// The heights themselves are not kept here: look-ups read them from the
/// caller's rows (`heights:`). A feed's heights live in its items, so a
/// layout walks the one stretch of memory it must read anyway to show the
/// rows; at ten million rows, touching a second, separate array of heights
/// costs a second cache and TLB miss per frame.
///
/// Heights are positive. Row `i` occupies `[top(i), top(i) + height(i))` in
/// content coordinates, with row 0 at y = 0. Every `heights` passed in must
/// be the ones appended, in order.
public struct RowOffsets: Hashable, Sendable {
    /// Rows per block.
    static let blockSize = 64

    /// The number of rows.
    public private(set) var count = 0
    /// `tree[i]` (1-based) holds the sum of full blocks `(i - lowbit(i), i]`; empty (no room for the unused
    /// `tree[0]` either) until a block fills. Empty, it is the runtime's one empty array, whose count is never
    /// written: lists shorter than a block, as most a search makes are, then share no array of their own. (A `[0]`
    /// made at the start was shared by every state of a search, copied at every step by two threads at once.)
    private var tree: [Double] = []
    /// The sum of the rows after the last full block.
    private var tailSum: Double = 0
    /// The sum of all heights.
    public private(set) var total: Double = 0

    public init() {}

    /// - Complexity: O(n).
    public init<S: Sequence>(heights: S) where S.Element == Double {
        for height in heights { append(height) }
    }

    /// Full blocks, held in the tree.
    private var fullBlocks: Int { max(0, tree.count - 1) }

    /// Appends one row at the bottom.
    /// - Complexity: amortized O(1): a block joins the tree every 64 rows, and
    ///   tree node `i` sums its `trailingZeroBitCount(i)` children, which
    ///   average to one; so a page of k rows costs O(k).
    public mutating func append(_ height: Double) {
        count += 1
        total += height
        tailSum += height
        guard count % Self.blockSize == 0 else { return }
        if tree.isEmpty { tree.append(0) }
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

    /// Records that row `index` grew by `delta` (shrank, if negative).
    /// - Complexity: O(log n).
    public mutating func changeHeight(at index: Int, by delta: Double) {
        precondition(index >= 0 && index < count, "row \(index) out of 0..<\(count)")
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

    /// The content y of the top of row `index` (`total` for `index >= count`).
    /// - Complexity: O(log n + 64).
    public func top<Heights: RandomAccessCollection>(of index: Int, heights: Heights) -> Double
    where Heights.Element == Double, Heights.Index == Int {
        if index >= count { return total }
        let block = index / Self.blockSize
        var sum = blockPrefix(block)
        for row in (block * Self.blockSize)..<index { sum += heights[row] }
        return sum
    }

    /// The first row whose bottom lies below `y`, that is the row that covers
    /// content y, or `count` when every row ends at or above `y`.
    /// - Complexity: O(log n + 64).
    public func firstRow<Heights: RandomAccessCollection>(endingBelow y: Double, heights: Heights) -> Int
    where Heights.Element == Double, Heights.Index == Int {
        firstRowAndTop(endingBelow: y, heights: heights).index
    }

    /// `firstRow(endingBelow:heights:)` and that row's top, found together: a
    /// descent through the tree finds the block and its top, then the walk
    /// within the block adds heights up to the row.
    /// - Complexity: O(log n + 64).
    public func firstRowAndTop<Heights: RandomAccessCollection>(endingBelow y: Double, heights: Heights)
    -> (index: Int, top: Double) where Heights.Element == Double, Heights.Index == Int {
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
        while row < count && top + heights[row] <= y {
            top += heights[row]
            row += 1
        }
        return row == count ? (row, total) : (row, top)
    }
}
