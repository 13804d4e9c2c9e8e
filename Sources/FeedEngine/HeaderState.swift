/// What the pull-to-refresh header shows (SPEC §3): what a behaviour's screen says of it, and what
/// frames write as `header.state`.
public enum HeaderState: String, Hashable, Sendable, CaseIterable { case hidden, idle, armed, refreshing }
