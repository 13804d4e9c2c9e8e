import FeedScenario

/// libFuzzer harness for the one check on names that become `OUT/<name>`
/// (`bash .ci/fuzz 60 names`): the input is a name, as a scenario's `name`
/// or as a file name. A name the check lets through must be one plain,
/// visible path component that is not one of FeedFrames' own files; if not,
/// this traps and libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFolderName(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let name = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for candidate in [name, FolderName.defaultName(forFile: name)] where FolderName.isValid(candidate) {
        let scalars = candidate.unicodeScalars
        precondition(!candidate.isEmpty && candidate != "." && candidate != "..", "empty or dot")
        precondition(!candidate.hasPrefix("."), "hidden")
        precondition(!scalars.contains("/") && !scalars.contains("\\") && !scalars.contains("\0"), "separator")
        precondition(!scalars.contains { $0.properties.generalCategory == .control || $0.value == 0x20 }, "control or space")
        precondition(!FolderName.reserved.contains(candidate.lowercased()), "reserved")
        precondition(candidate.count <= FolderName.maxLength && candidate.utf8.count <= FolderName.maxBytes, "length")
    }
    return 0
}
