/// When a snapshot test writes its reference frames.
///
/// Chosen by the `record:` parameter, else by the `FEEDFRAMES_RECORD`
/// environment variable, else `.missing` — or `.never` when the `CI`
/// environment variable is set, so a build server never writes references.
/// The explicit parameter wins over the environment (as in
/// swift-snapshot-testing), so a test pinned to `.never` stays that way.
///
/// Every mode that writes also fails the test, so recording is never silent:
/// the next run compares against what was written.
public enum RecordMode: String, CaseIterable, Hashable, Sendable {
    /// Write the references on every run (and fail, to remind you to turn it off).
    case all
    /// Write references that do not exist yet; compare the rest.
    case missing
    /// Never write references: a missing one fails the test.
    case never
    /// Overwrite references that do not match (and those missing).
    case failed

    /// The environment variable that chooses the mode when the test does not.
    public static let environmentVariable = "FEEDFRAMES_RECORD"

    /// The mode in force, or why the environment's value is not one.
    public static func resolve(explicit: RecordMode?, environment: [String: String]) -> Result<RecordMode, FramesFailure> {
        if let explicit { return .success(explicit) }
        if let value = environment[environmentVariable], !value.isEmpty {
            guard let mode = RecordMode(rawValue: value.lowercased()) else {
                return .failure(FramesFailure(kind: .badRecordMode, message:
                    "\(environmentVariable)=\(value) is not a record mode (expected all, missing, never or failed)"))
            }
            return .success(mode)
        }
        if let ci = environment["CI"], !ci.isEmpty, ci.lowercased() != "false", ci != "0" { return .success(.never) }
        return .success(.missing)
    }
}
