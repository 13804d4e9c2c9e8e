import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way FeedFrames writes a single file it does not keep in a folder of
/// its own (the output's index, a fixture, a DOT graph, exported demos): whole
/// or not at all, so a failed or killed run never leaves half a file.
public enum AtomicFile {
    /// One file replaced whole: written beside it under a temporary name, then renamed over it.
    public static func replace(at path: String, with bytes: [UInt8]) throws(OutputError) {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = folder + "/" + FrameWriter.temporaryName(for: (path as NSString).lastPathComponent, role: "tmp")
        Interruption.register(temporary)
        defer { Interruption.unregister(temporary) }
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw OutputError(path: path, message: "cannot write (\(String(cString: strerror(errno))))")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw OutputError(path: path, message: "cannot write (\(reason))")
        }
    }
}
