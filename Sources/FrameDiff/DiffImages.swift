/// The images a diff report shows when they were made (the testing library's failure report,
/// with Chromium): each copied HTML frame's screenshot beside it (`frames/…/NNNN.png`), and an
/// animation of each whole run.
public struct DiffImages: Sendable {
    /// Whether a file of the report exists (a frame's PNG is looked up by its path).
    public var exists: @Sendable (String) -> Bool
    /// Each run's GIF: the side (`expected`, `actual`) and the file, in the report folder.
    public var animations: [(side: String, file: String)]

    public init(exists: @escaping @Sendable (String) -> Bool = { _ in false }, animations: [(side: String, file: String)] = []) {
        self.exists = exists
        self.animations = animations
    }
}
