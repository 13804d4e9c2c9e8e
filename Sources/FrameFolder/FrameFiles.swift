/// The frame files of one scenario (`0001.txt`, `0001.json`, …), wherever
/// they are: a folder on disk, or frames rendered in memory by a test.
///
/// Comparisons read files one frame at a time through this, so comparing
/// two large renders never holds more than a frame of each in memory.
public protocol FrameFiles {
    /// Names of the frame files, in any order.
    var fileNames: [String] { get }
    /// A file's bytes, or `nil` when it cannot be read.
    func contents(of name: String) -> [UInt8]?
}

extension FrameFiles {
    /// Frame numbers with the names of their files, in frame order.
    public var frames: [(number: Int, files: [String])] {
        var byNumber: [Int: [String]] = [:]
        for name in fileNames {
            if let number = FrameFileName.number(of: name) { byNumber[number, default: []].append(name) }
        }
        return byNumber.keys.sorted().map { ($0, byNumber[$0]!.sorted()) }
    }
}

/// Frame files held in memory, e.g. just rendered by a snapshot test.
public struct InMemoryFrameFiles: FrameFiles, Hashable, Sendable {
    public var files: [String: [UInt8]]

    public init(files: [String: [UInt8]]) { self.files = files }

    public var fileNames: [String] { Array(files.keys) }

    public func contents(of name: String) -> [UInt8]? { files[name] }
}
