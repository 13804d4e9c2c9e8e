/// Reads back what a search's identity (`BehaviourExplorer.searchIdentity`, `checkpointIdentity`) says, to tell a user
/// which of its parts differ when a checkpoint or a shard result is refused: the whole identities, side by side,
/// are a thousand characters in which to find one number.
public enum SearchIdentity {
    /// The parts an identity names, in order, with what a user changes to change each.
    static let parts: [(word: String, shown: String)] = [
        ("behaviour", "the behaviour"), ("scenario", "the scenario (its list, items or latencies)"), ("rules", "the rules"),
        ("moves", "the moves"), ("outcomes", "the reply outcomes"), ("deliveries", "the deliveries a wait makes"),
        ("inserts", "--inserts"), ("pages", "--pages"), ("shard", "--shard or --shard-depth"),
    ]

    /// Each part of `found` (a checkpoint's or a result's) that is not as in `expected` (this run's), saying where each
    /// is (`labels`): `--inserts: 2 in the checkpoint, 1 in this run`. A part one leaves out (`inserts`, `pages`,
    /// `shard`) is "none". Empty when no part tells them apart, or either is not a behaviour's search.
    public static func differences(found: String, expected: String, labels: (found: String, expected: String)) -> [String] {
        let (there, here) = (fields(found), fields(expected))
        // Both a behaviour's, or they are not read apart (the reference engine's, in the tests, reads otherwise).
        guard there["behaviour"] != nil, here["behaviour"] != nil else { return [] }
        return parts.compactMap { part in
            let (a, b) = (there[part.word] ?? "none", here[part.word] ?? "none")
            return a == b ? nil : "\(part.shown): \(a) \(labels.found), \(b) \(labels.expected)"
        }
    }

    /// The identity's words after each part's word, up to the next part's (`on` before `scenario` dropped).
    static func fields(_ identity: String) -> [String: String] {
        let words = identity.split(separator: " ").map(String.init)
        let known = Set(parts.map(\.word))
        var fields: [String: [String]] = [:]
        var current: String?
        for (index, word) in words.enumerated() {
            if known.contains(word), fields[word] == nil {
                current = word
                fields[word] = []
            } else if word == "on", words.indices.contains(index + 1), words[index + 1] == "scenario" {
                continue
            } else if let current {
                fields[current, default: []].append(word)
            }
        }
        return fields.mapValues { $0.joined(separator: " ") }
    }

    /// `differences` as one clause, or the two identities whole when no part tells them apart.
    public static func described(found: String, expected: String, labels: (found: String, expected: String)) -> String {
        let differences = differences(found: found, expected: expected, labels: labels)
        return differences.isEmpty ? "\(found) \(labels.found), \(expected) \(labels.expected)" : differences.joined(separator: "; ")
    }
}
