import FeedEngine
import FeedScenario
@testable import FeedSources

/// libFuzzer harness: what `http` sources do with the bytes a server sends,
/// without the network. Input that starts with `HTTP/` is a whole response,
/// fed to `HTTPResponseReader` in pieces whose sizes come from the input;
/// its body (or, otherwise, the input after two lines naming the items and
/// next pointers) goes to `HTTPSource.decode`. Rules: the reader never keeps
/// more than its limits, feeding in pieces gives what feeding whole gives,
/// and decoded items have ids and fields within `ItemLimits`. Built and run by `.ci/fuzz`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPReply(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes.starts(with: Array("HTTP/".utf8)) {
        read(bytes)
    } else {
        decode(bytes)
    }
    return 0
}

/// Small limits, so the fuzzer reaches them.
let maxHead = 512
let maxBody = 4_096

func read(_ bytes: [UInt8]) {
    var whole = HTTPResponseReader(maxHeadBytes: maxHead, maxBodyBytes: maxBody)
    var wholeProgress = whole.feed(bytes)
    if wholeProgress == .needsMore { wholeProgress = whole.finish() }

    var pieces = HTTPResponseReader(maxHeadBytes: maxHead, maxBodyBytes: maxBody)
    var progress = HTTPResponseReader.Progress.needsMore
    var offset = 0
    var step = 1
    while progress == .needsMore && offset < bytes.count {
        let end = min(bytes.count, offset + step)
        progress = pieces.feed(bytes[offset..<end])
        step = Int(bytes[offset] % 7) + 1
        offset = end
    }
    if progress == .needsMore { progress = pieces.finish() }
    precondition(pieces.body.count <= maxBody && whole.body.count <= maxBody, "a body over the limit")
    precondition(progress == wholeProgress, "in pieces \(progress), whole \(wholeProgress)")
    precondition(pieces.head == whole.head && pieces.body == whole.body, "pieces and whole differ")
    if progress == .complete, let head = pieces.head, (200..<300).contains(head.status) {
        decode(Array("/data\n/next\n".utf8) + pieces.body)
    }
}

/// `items pointer \n next pointer \n body`.
func decode(_ bytes: [UInt8]) {
    let parts = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3,
          let items = try? JSONPointer(String(decoding: parts[0], as: UTF8.self)),
          let next = try? JSONPointer(String(decoding: parts[1], as: UTF8.self)),
          let url = try? URLTemplate("http://127.0.0.1/x?after={cursor}") else { return }
    let plan = HTTPSource.Plan(url: url, items: items, next: next, headers: [:], timeout: 1)
    switch HTTPSource.decode(Array(parts[2]), plan: plan) {
    case .failure(let failure):
        precondition(!failure.description.isEmpty, "a failure without a reason")
    case .success(let (decoded, cursor)):
        for item in decoded {
            precondition(!item.id.isEmpty, "an item without an id")
            precondition(ItemLimits.oversizedField(of: item) == nil, "a field over the limit")
        }
        if let cursor { precondition(!cursor.isEmpty, "an empty cursor") }
    }
}
