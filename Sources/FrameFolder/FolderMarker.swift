import Foundation
import JSONText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file that says "FeedFrames wrote this folder": `.feedframes`, holding
/// the format version, the folder's `OutputKind` and, for files FeedFrames
/// writes one by one into a folder it does not own (the output's
/// `index.html`, exported demos), a checksum of each as written, so an
/// edited copy is told from FeedFrames' own.
///
/// ```json
/// {"feedframes": 1, "kind": "scenario"}
/// ```
public struct FolderMarker: Hashable, Sendable {
    public static let fileName = ".feedframes"
    /// The marker's format; a marker of a later format is not trusted.
    public static let format = 1
    /// Larger marker files are not read (and so not trusted).
    static let maxBytes = 1 << 20

    public var kind: String
    /// File name → `checksum(of:)` of its contents as FeedFrames wrote them.
    public var files: [String: String]

    public init(kind: String, files: [String: String] = [:]) {
        self.kind = kind
        self.files = files
    }

    public var bytes: [UInt8] {
        var object: [(String, JSONValue)] = [("feedframes", .number(Double(Self.format))), ("kind", .string(kind))]
        if !files.isEmpty {
            let sums = files.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }
            object.append(("files", .object(JSONObject(uniqueKeysWithValues: sums))))
        }
        return JSONWriter.bytes(.object(JSONObject(uniqueKeysWithValues: object))) + [0x0A]
    }

    /// The marker in `folder`, if there is one FeedFrames could have written: a
    /// regular file (not a link), small, of this format.
    public static func read(in folder: String) -> FolderMarker? {
        let path = folder + "/" + fileName
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= maxBytes,
              let data = FileManager.default.contents(atPath: path),
              let root = try? JSONParser.parse(Array(data)),
              root["feedframes"]?.intValue == format, let kind = root["kind"]?.stringValue else { return nil }
        var files: [String: String] = [:]
        for member in root["files"]?.members ?? [] {
            if let sum = member.value.stringValue { files[member.key] = sum }
        }
        return FolderMarker(kind: kind, files: files)
    }

    /// A 64-bit FNV-1a checksum, in hex: enough to tell an edited file from the one written.
    /// - Complexity: O(n).
    public static func checksum(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
