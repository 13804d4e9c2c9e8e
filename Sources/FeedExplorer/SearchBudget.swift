import Foundation

/// What an `explore` may hold in memory, said up front so that a large search
/// is a choice rather than a surprise.
public enum SearchBudget {
    /// The default `--max-states`: at a behaviour's 6.2 KB a state about 6.2 GB,
    /// which a 24 GB machine holds with room to spare.
    public static let defaultMaxStates = 1_000_000

    /// About how much memory `states` states of `bytesPerState` take: `"6.2 GB"`, `"620 MB"`.
    public static func memory(forStates states: Int, bytesPerState: Int) -> String {
        let bytes = Double(states) * Double(bytesPerState)
        if bytes >= 1e9 { return String(format: "%.1f GB", bytes / 1e9) }
        return String(format: "%.0f MB", max(bytes / 1e6, 1))
    }
}
