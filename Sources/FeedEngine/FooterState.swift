/// What the load-more footer shows (SPEC §4–§5): what a behaviour's screen says of it, and what
/// frames write as `footer.state`.
public enum FooterState: String, Hashable, Sendable, CaseIterable { case hidden, idle, armed, loading, failed, exhausted }
