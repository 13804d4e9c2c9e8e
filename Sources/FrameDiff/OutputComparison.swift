import FrameFolder
/// How two output folders (one subfolder of frames per scenario) differ:
/// scenarios matched by folder name, each compared frame by frame.
public struct OutputComparison: Hashable, Sendable {
    public struct Scenario: Hashable, Sendable {
        public var name: String
        public var comparison: FrameComparison
    }

    /// Scenario folders only the expected output has.
    public var onlyInExpected: [String]
    /// Scenario folders only the actual output has.
    public var onlyInActual: [String]
    /// Scenarios both have, in name order, equal or not.
    public var scenarios: [Scenario]

    public var isEqual: Bool {
        onlyInExpected.isEmpty && onlyInActual.isEmpty && scenarios.allSatisfy(\.comparison.isEqual)
    }

    /// - Complexity: that of `FrameComparison.compare` for each scenario both sides have.
    public static func compare<Files: FrameFiles>(expected: [String: Files], actual: [String: Files],
                                                  extensions: Set<String>? = nil,
                                                  diffing: FileDiffing = .byExtension) -> OutputComparison {
        let names = Set(expected.keys).union(actual.keys).sorted()
        var result = OutputComparison(onlyInExpected: [], onlyInActual: [], scenarios: [])
        for name in names {
            switch (expected[name], actual[name]) {
            case (let old?, let new?):
                result.scenarios.append(Scenario(name: name, comparison: .compare(expected: old, actual: new,
                                                                                   extensions: extensions, diffing: diffing)))
            case (_?, nil): result.onlyInExpected.append(name)
            case (nil, _?): result.onlyInActual.append(name)
            case (nil, nil): break
            }
        }
        return result
    }
}
