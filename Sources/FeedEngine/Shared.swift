/// A constant value behind one reference, compared and hashed by value (two boxes of equal
/// values are equal, and the same box is equal to itself without comparing).
@usableFromInline package final class Shared<Value: Hashable & Sendable>: Hashable, Sendable {
    @usableFromInline package let value: Value

    package init(_ value: Value) { self.value = value }

    @usableFromInline package static func == (lhs: Shared, rhs: Shared) -> Bool { lhs === rhs || lhs.value == rhs.value }

    @usableFromInline package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
