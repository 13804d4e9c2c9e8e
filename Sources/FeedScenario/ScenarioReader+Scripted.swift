import JSONText

/// `source.kind: scripted` (see `ScriptedSource`): the synthetic source's keys
/// plus `replies`, a list of "full", "short", "empty" and "fail", one per request.
extension Reading {
    /// The source a `source` object describes, once the synthetic keys are read:
    /// scripted when `kind` says so, else synthetic. `replies` belongs to scripted
    /// sources only, and `total` to synthetic ones only (a script says where the feed ends).
    mutating func finishSource(_ fields: [String: JSONNode], synthetic: SyntheticSource) -> SourceSpec? {
        let isScripted = fields["kind"]?.stringValue == "scripted"
        guard isScripted else {
            if let node = fields["replies"] {
                fail(node, "source.replies", "only a scripted source has replies (add \"kind\": \"scripted\", or use failures)")
            }
            return .synthetic(synthetic)
        }
        if let node = fields["total"], !node.isNull {
            fail(node, "source.total", "a scripted source has no total (its replies say where the feed ends: \"short\" or \"empty\")")
        }
        guard let node = fields["replies"] else {
            problems.append(ScenarioError(file: file, path: "source.replies",
                                          message: "missing (expected a list of \"full\", \"short\", \"empty\" or \"fail\", one per request)"))
            return nil
        }
        guard let list = array(node, "source.replies") else { return nil }
        var replies: [ScriptedReply] = []
        for (index, element) in list.enumerated() {
            if let reply: ScriptedReply = choice(element, "source.replies[\(index)]") { replies.append(reply) }
        }
        guard replies.count == list.count else { return nil }
        return .scripted(ScriptedSource(items: synthetic, replies: replies))
    }
}
