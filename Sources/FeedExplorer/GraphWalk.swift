/// Walks over a search's graph given as arrays (parents, arrivals, edges), shared by the searches that keep
/// their graphs in different shapes.
package enum GraphWalk {
    /// The transitions from the start (state 0) to `state`, following each state's first arrival back.
    /// - Complexity: O(depth).
    package static func path(to state: Int, parent: (Int) -> Int, arrival: (Int) -> Transition?) -> [Transition] {
        var path: [Transition] = []
        var node = state
        while node > 0, let step = arrival(node) {
            path.append(step)
            node = parent(node)
        }
        return path.reversed()
    }

    /// Which of `targets.count` states reach a target along `edges` (`count` of them): a breadth-first
    /// search over the reversed edges, kept in compressed rows so that millions fit.
    /// - Complexity: O(states + edges).
    package static func canReach<Edges: Sequence<(Int, Int)>>(_ targets: [Bool], edges: Edges, count: Int) -> [Bool] {
        var starts = [Int](repeating: 0, count: targets.count + 1)
        for (_, to) in edges { starts[to + 1] += 1 }
        for index in 0..<targets.count { starts[index + 1] += starts[index] }
        var fill = starts
        var sources = [Int32](repeating: 0, count: count)
        for (from, to) in edges {
            sources[fill[to]] = Int32(from)
            fill[to] += 1
        }
        var reached = targets
        var queue = targets.indices.filter { targets[$0] }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for index in starts[node]..<starts[node + 1] {
                let source = Int(sources[index])
                if !reached[source] {
                    reached[source] = true
                    queue.append(source)
                }
            }
        }
        return reached
    }
}
