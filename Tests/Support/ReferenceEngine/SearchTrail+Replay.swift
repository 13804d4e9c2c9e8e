import FeedEngine
import FeedExplorer
import FeedScenario

extension SearchTrail {
    /// A path that does not replay: a successor the trail names is not there (a checkpoint of another model).
    struct ReplayError: Error {
        var node: Int
    }

    /// Successor `ordinal` of `state`.
    static func successor(_ ordinal: Int, of state: SearchState, model: ExplorerModel, node: Int) throws(ReplayError) -> Successor {
        guard let successor = model.successor(ordinal, of: state) else { throw ReplayError(node: node) }
        return successor
    }

    /// The transitions of the path to `node` and the state it ends in, by re-running it from `start`.
    /// - Complexity: O(depth × successors of a state).
    func path(to node: Int, from start: SearchState, model: ExplorerModel) throws(ReplayError) -> (path: [Transition], state: SearchState) {
        var state = start
        var path: [Transition] = []
        for ordinal in route(to: node) {
            let successor = try Self.successor(ordinal, of: state, model: model, node: node)
            path.append(successor.transition)
            state = successor.state
        }
        return (path, state)
    }

    /// The states `nodes` (ascending), rebuilt by re-running their paths; each
    /// ancestor is rebuilt once however many of `nodes` descend from it.
    /// - Complexity: O(distinct ancestors × successors of a state).
    func rebuild(_ nodes: [Int], from start: SearchState, model: ExplorerModel) throws(ReplayError) -> [SearchState] {
        if nodes.isEmpty { return [] }
        var parentsWanted: [Int] = []
        for node in nodes where node > 0 {
            let parent = Int(parents[node])
            if parentsWanted.last != parent { parentsWanted.append(parent) }
        }
        // Parents of ascending breadth-first indices ascend too (a state's parent was expanded before a later one's).
        parentsWanted = Array(Set(parentsWanted)).sorted()
        let parentStates = try rebuild(parentsWanted, from: start, model: model)
        var byParent: [Int: SearchState] = [:]
        for (parent, state) in zip(parentsWanted, parentStates) { byParent[parent] = state }
        var successorsOf: [Int: [Successor]] = [:]
        var states: [SearchState] = []
        states.reserveCapacity(nodes.count)
        for node in nodes {
            if node == 0 { states.append(start); continue }
            let parent = Int(parents[node])
            if successorsOf[parent] == nil, let state = byParent[parent] {
                successorsOf[parent] = model.successors(of: state, check: { _ in [] })
            }
            let ordinal = Int(ordinals[node])
            guard let successors = successorsOf[parent], successors.indices.contains(ordinal) else { throw ReplayError(node: node) }
            states.append(successors[ordinal].state)
        }
        return states
    }
}
