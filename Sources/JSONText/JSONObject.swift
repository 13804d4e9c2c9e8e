/// An ordered JSON object: members keep insertion order, keys are unique.
///
/// Storage is two parallel arrays; small objects (the common case in
/// scenario and frame files) are searched linearly, and a key→index
/// dictionary is built only once an object grows past
/// `JSONObject.indexThreshold` members, so building small objects stays cheap.
///
/// Equality and hashing are order-sensitive: two objects are equal when
/// they have the same members in the same order.
public struct JSONObject: Hashable, Sendable {
    /// Keys in member order.
    public private(set) var keys: [String] = []
    /// Values in member order, parallel to `keys`.
    public private(set) var values: [JSONValue] = []
    private var lookup: [String: Int]? = nil

    /// Above this many members lookups go through a hash index.
    public static var indexThreshold: Int { 8 }

    public init() {}

    /// Builds an object from pairs in order. Duplicate keys trap.
    /// - Complexity: O(n) expected.
    public init<S: Sequence>(uniqueKeysWithValues pairs: S) where S.Element == (String, JSONValue) {
        for (key, value) in pairs {
            precondition(index(forKey: key) == nil, "JSONObject: duplicate key \"\(key)\"")
            appendNew(key, value)
        }
    }

    /// Position of `key` in member order.
    /// - Complexity: O(1) expected for large objects, O(n) (n ≤ 8) for small ones.
    public func index(forKey key: String) -> Int? {
        if let lookup { return lookup[key] }
        return keys.firstIndex(of: key)
    }

    /// Gets a member; setting replaces in place (keeping the position) or
    /// appends a new member at the end; setting `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get { index(forKey: key).map { values[$0] } }
        set {
            if let i = index(forKey: key) {
                if let newValue { values[i] = newValue } else { remove(at: i) }
            } else if let newValue {
                appendNew(key, newValue)
            }
        }
    }

    /// Removes and returns the member for `key`.
    /// - Complexity: O(n).
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let i = index(forKey: key) else { return nil }
        let old = values[i]
        remove(at: i)
        return old
    }

    private mutating func appendNew(_ key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
        if lookup != nil {
            lookup?[key] = keys.count - 1
        } else if keys.count > Self.indexThreshold {
            rebuildLookup()
        }
    }

    private mutating func remove(at i: Int) {
        keys.remove(at: i)
        values.remove(at: i)
        if keys.count > Self.indexThreshold { rebuildLookup() } else { lookup = nil }
    }

    private mutating func rebuildLookup() {
        var table = [String: Int](minimumCapacity: keys.count)
        for (i, key) in keys.enumerated() { table[key] = i }
        lookup = table
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.keys == rhs.keys && lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        hasher.combine(values)
    }
}

extension JSONObject: RandomAccessCollection {
    public typealias Element = (key: String, value: JSONValue)
    public var startIndex: Int { 0 }
    public var endIndex: Int { keys.count }
    public subscript(position: Int) -> (key: String, value: JSONValue) {
        (keys[position], values[position])
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Members keep the literal's order. Duplicate keys trap.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(uniqueKeysWithValues: elements)
    }
}
