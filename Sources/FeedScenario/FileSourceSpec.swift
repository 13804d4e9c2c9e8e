/// `{ "kind": "file", "path": "items.json" }`: a JSON array or NDJSON of items.
public struct FileSourceSpec: Hashable, Sendable {
    /// The path as the scenario wrote it, for messages.
    public var path: String
    /// `path` resolved against the scenario file's folder.
    public var resolvedPath: String

    public init(path: String, resolvedPath: String) {
        self.path = path
        self.resolvedPath = resolvedPath
    }
}
