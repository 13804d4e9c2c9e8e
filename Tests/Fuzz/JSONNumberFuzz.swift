import JSONText

/// libFuzzer harness: JSONText's numbers and the exact digits of integers
/// (issue 15: 64-bit ids parsed as Double collided). The input is parsed as
/// a document, and also as a number literal inside `[…]`. For every number:
/// `digits`, when kept, is an integer literal whose Double is the node's
/// value; `integerText` is a canonical integer (optional `-`, no leading
/// zeros, no `-0`); `intValue` agrees with it; the writer's text parses back
/// to the same Double. A trap or a broken rule is a finding. Built and run by `.ci/fuzz`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONNumber(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for document in [bytes, Array("[".utf8) + bytes + Array("]".utf8)] {
        guard let root = try? JSONParser.parse(document) else { continue }
        check(root)
    }
    return 0
}

func check(_ node: JSONNode) {
    switch node.value {
    case .array(let elements): elements.forEach(check)
    case .object(let members): members.forEach { check($0.value) }
    case .number(let value):
        if let digits = node.digits {
            let body = digits.hasPrefix("-") ? digits.dropFirst() : Substring(digits)
            precondition(!body.isEmpty && body.utf8.allSatisfy { (48...57).contains($0) }, "digits that are not an integer: \(digits)")
            precondition(Double(digits) == value, "digits \(digits) read as \(value)")
        }
        if let text = node.integerText {
            let body = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            precondition(!body.isEmpty && body.utf8.allSatisfy { (48...57).contains($0) }, "integerText \(text)")
            precondition(body == "0" || !body.hasPrefix("0"), "a leading zero in \(text)")
            precondition(text != "-0", "-0 as integerText")
            if let int = node.intValue { precondition(String(int) == text, "intValue \(int) but integerText \(text)") }
        }
        let written = JSONWriter.string(.number(value))
        let again = try? JSONParser.parse(written)
        precondition(again?.doubleValue == value, "\(value) written as \(written) reads back as \(String(describing: again?.doubleValue))")
    default:
        break
    }
}
