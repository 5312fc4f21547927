/// A JSON object that keeps its members in the order they were parsed or set.
///
/// Lookups are linear, which is faster than hashing for the small objects Transmission sends
/// (a torrent has a few dozen fields); decoders that visit every member iterate instead.
/// When a key occurs twice in parsed input, lookups see the last one, as most parsers do.
/// Two objects are equal when they have the same members in the same order.
public struct JSONObject: Sendable, Equatable {
    public private(set) var keys: [String]
    public private(set) var values: [JSONValue]

    public init() {
        keys = []
        values = []
    }

    /// Builds an object from members in order. Later duplicates replace earlier ones.
    public init(_ members: [(String, JSONValue)]) {
        self.init()
        keys.reserveCapacity(members.count)
        values.reserveCapacity(members.count)
        for (key, value) in members { self[key] = value }
    }

    /// Parser fast path: members as they came, duplicates kept.
    init(uncheckedKeys keys: [String], values: [JSONValue]) {
        self.keys = keys
        self.values = values
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The value for `key`; setting nil removes the member, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let index = keys.lastIndex(of: key) else { return nil }
            return values[index]
        }
        set {
            if let index = keys.lastIndex(of: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    public func contains(_ key: String) -> Bool { keys.contains(key) }
}

extension JSONObject: Sequence {
    public struct Iterator: IteratorProtocol {
        var index = 0
        let object: JSONObject

        public mutating func next() -> (key: String, value: JSONValue)? {
            guard index < object.keys.count else { return nil }
            defer { index += 1 }
            return (object.keys[index], object.values[index])
        }
    }

    public func makeIterator() -> Iterator { Iterator(object: self) }

    public var underestimatedCount: Int { keys.count }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}

extension JSONObject {
    /// Looks a Transmission field up under its classic name, then under its snake_case (JSON-RPC) name.
    ///
    /// Nested objects such as `files`, `trackerStats` or `cumulative-stats` arrive in either naming
    /// depending on the dialect; decoders of those small objects use this.
    public subscript(rpc classicName: String) -> JSONValue? {
        if let value = self[classicName] { return value }
        let snake = RPCDialect.snakeCased(classicName)
        return snake == classicName ? nil : self[snake]
    }
}
