/// The version `feedframes --version` prints: said here only, and equal to the
/// top entry of CHANGELOG.md (a test holds them equal).
public enum FeedFramesVersion {
    public static let current = "0.4.0"
}
