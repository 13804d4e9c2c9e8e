import FeedExplorer

/// libFuzzer harness: one `--param` text → `SweepParameter.parse`. A parameter
/// that parses has between 1 and `maxValues` values, each in its range (and
/// whole where the name takes whole numbers); a refusal is one short line.
/// Anything else, a trap above all (issue 15: 600..800:1e-18 died with SIGILL),
/// is a finding. Built and run by `.ci/fuzz`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSweepParameter(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    switch SweepParameter.parse(text) {
    case .failure(let error):
        precondition(!error.message.isEmpty, "a refusal without a message")
        precondition(!error.message.contains("\n") || text.contains("\n"), "a message of more than one line: \(error.message)")
    case .success(let parameter):
        precondition((1...SweepParameter.maxValues).contains(parameter.values.count), "\(parameter.values.count) values")
        for value in parameter.values {
            precondition(value.isFinite, "a value that is not finite: \(value)")
        }
    }
    return 0
}
