import FeedScenario

/// libFuzzer harness: one event string → `ScriptStep.parse`. A step that parses
/// must print (as a frame's cause) as an event that parses again.
/// Built and run by `.ci/fuzz`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScriptStep(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    switch ScriptStep.parse(text) {
    case .failure(let error):
        precondition(!error.message.isEmpty, "a failure without a message")
        precondition(error.message.unicodeScalars.count < 1_000, "a message quoting the whole event: \(error.message.count) characters")
    case .success(let step):
        let printed = step.description
        guard case .success = ScriptStep.parse(printed) else {
            preconditionFailure("\"\(text)\" parsed, but its description \"\(printed)\" does not")
        }
    }
    return 0
}
