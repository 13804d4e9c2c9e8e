import FeedEngine
import FeedExplorer
import FeedScenario

extension MergedExploration {
    /// The findings as violations, their paths re-run from `start`.
    /// - Throws: `.mismatch` for a path that does not replay (results of another model or version).
    public func violations(names: [String], model: ExplorerModel, start: SearchState) throws(ShardMergeError) -> [Violation] {
        try findings.map { finding throws(ShardMergeError) in
            var state = start
            var path: [Transition] = []
            for ordinal in finding.route {
                guard let successor = model.successor(ordinal, of: state) else {
                    throw .mismatch("the path to the first breach of \(names[finding.rule]) does not replay: the results were written by another model or version")
                }
                path.append(successor.transition)
                state = successor.state
            }
            var violation = Violation(invariant: names[finding.rule], message: finding.message, path: path, state: state, node: -1)
            violation.occurrences = finding.occurrences
            return violation
        }
    }
}
