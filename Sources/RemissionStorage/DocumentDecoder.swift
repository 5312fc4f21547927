import RemissionModel

/// Decodes `Decodable` values from a `DocumentJSON` tree: how `VersionedFile` reads config files.
///
/// It replaces FoundationEssentials' `JSONDecoder` on the start-up path of every command: that decoder
/// asks the runtime about special types (dates, data, string-keyed dictionaries) for every type it
/// meets, and those first-time protocol lookups cost ~2 ms per process (devdoc/measurements.md).
///
/// Numbers read as `JSONDecoder` reads them: integers are exact (`1.5` is not an `Int`, `300` is not a
/// `UInt8`), a floating-point type accepts integers, and a whole `1.0` is an integer. Errors are
/// `DecodingError`s with the coding path, so `describe(_:)` can say where a file is wrong.
struct DocumentDecoder: Decoder {
    let value: DocumentJSON
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func decode<T: Decodable>(_ type: T.Type, from value: DocumentJSON) throws -> T {
        try DocumentDecoder(value: value, codingPath: []).decodeValue(type)
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        // Migrations and unknown members hold raw trees: hand them over as they are.
        if T.self == DocumentJSON.self, let raw = value as? T { return raw }
        return try T(from: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw mismatch(expected: "an object", for: [String: DocumentJSON].self, value, codingPath)
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else {
            throw mismatch(expected: "an array", for: [DocumentJSON].self, value, codingPath)
        }
        return UnkeyedContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: value, codingPath: codingPath)
    }
}

// MARK: - Containers

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: DocumentJSON]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        try member(key) == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let value = try member(key)
        if value == .null, T.self != DocumentJSON.self {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: codingPath + [key], debugDescription: "Expected \(type) value but found null instead"))
        }
        return try DocumentDecoder(value: value, codingPath: codingPath + [key]).decodeValue(type)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(key) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try DocumentDecoder(value: try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try DocumentDecoder(value: try member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        DocumentDecoder(value: members["super"] ?? .null, codingPath: codingPath + [IndexKey(stringValue: "super")])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        DocumentDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }

    private func member(_ key: Key) throws -> DocumentJSON {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)"))
        }
        return value
    }

    private func read<P: PrimitiveValue>(_ key: Key) throws -> P {
        try P.read(try member(key), codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [DocumentJSON]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(items: [DocumentJSON], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func decodeNil() throws -> Bool {
        guard try peek() == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = DocumentDecoder(value: try peek(), codingPath: codingPath + [IndexKey(currentIndex)])
        let value = try decoder.decodeValue(type)
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next() }
    mutating func decode(_ type: String.Type) throws -> String { try next() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next() }
    mutating func decode(_ type: Float.Type) throws -> Float { try next() }
    mutating func decode(_ type: Int.Type) throws -> Int { try next() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next() }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try DocumentDecoder(value: try peek(), codingPath: codingPath + [IndexKey(currentIndex)])
            .container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try DocumentDecoder(value: try peek(), codingPath: codingPath + [IndexKey(currentIndex)])
            .unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = DocumentDecoder(value: try peek(), codingPath: codingPath + [IndexKey(currentIndex)])
        currentIndex += 1
        return decoder
    }

    private func peek() throws -> DocumentJSON {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                DocumentJSON.self,
                .init(
                    codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "Unkeyed container is at end"))
        }
        return items[currentIndex]
    }

    private mutating func next<P: PrimitiveValue>() throws -> P {
        let value = try P.read(try peek(), codingPath + [IndexKey(currentIndex)])
        currentIndex += 1
        return value
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let value: DocumentJSON
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try DocumentDecoder(value: value, codingPath: codingPath).decodeValue(type)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try Bool.read(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try String.read(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try Double.read(value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try Float.read(value, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try Int.read(value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try Int8.read(value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try Int16.read(value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try Int32.read(value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try Int64.read(value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try UInt.read(value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try UInt8.read(value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try UInt16.read(value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try UInt32.read(value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try UInt64.read(value, codingPath) }
}

// MARK: - Primitives

/// A value read straight from a `DocumentJSON` leaf.
private protocol PrimitiveValue {
    static func read(_ value: DocumentJSON, _ codingPath: [any CodingKey]) throws -> Self
}

extension Bool: PrimitiveValue {
    fileprivate static func read(_ value: DocumentJSON, _ codingPath: [any CodingKey]) throws -> Bool {
        guard case .bool(let flag) = value else {
            throw mismatch(expected: "a boolean", for: Bool.self, value, codingPath)
        }
        return flag
    }
}

extension String: PrimitiveValue {
    fileprivate static func read(_ value: DocumentJSON, _ codingPath: [any CodingKey]) throws -> String {
        guard case .string(let text) = value else {
            throw mismatch(expected: "a string", for: String.self, value, codingPath)
        }
        return text
    }
}

extension Double: PrimitiveValue {
    fileprivate static func read(_ value: DocumentJSON, _ codingPath: [any CodingKey]) throws -> Double {
        switch value {
        case .integer(let number): return Double(number)
        case .number(let number): return number
        default: throw mismatch(expected: "a number", for: Double.self, value, codingPath)
        }
    }
}

extension Float: PrimitiveValue {
    fileprivate static func read(_ value: DocumentJSON, _ codingPath: [any CodingKey]) throws -> Float {
        Float(try Double.read(value, codingPath))
    }
}

extension PrimitiveValue where Self: FixedWidthInteger {
    fileprivate static func read(_ value: DocumentJSON, _ codingPath: [any CodingKey]) throws -> Self {
        let exact: Self?
        switch value {
        case .integer(let number): exact = Self(exactly: number)
        case .number(let number): exact = Self(exactly: number)
        default: throw mismatch(expected: "a whole number", for: Self.self, value, codingPath)
        }
        guard let exact else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "Number \(value.text) does not fit in \(Self.self)"))
        }
        return exact
    }
}

extension Int: PrimitiveValue {}
extension Int8: PrimitiveValue {}
extension Int16: PrimitiveValue {}
extension Int32: PrimitiveValue {}
extension Int64: PrimitiveValue {}
extension UInt: PrimitiveValue {}
extension UInt8: PrimitiveValue {}
extension UInt16: PrimitiveValue {}
extension UInt32: PrimitiveValue {}
extension UInt64: PrimitiveValue {}

/// A coding key for array positions (and `super`).
private struct IndexKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init?(intValue: Int) { self.init(intValue) }
}

private func mismatch(
    expected: String, for type: Any.Type, _ value: DocumentJSON, _ codingPath: [any CodingKey]
) -> DecodingError {
    .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "Expected \(expected) but found \(value.kind)"))
}

extension DocumentJSON {
    /// Converts a parsed JSON value; for objects with a repeated member the last one counts. A whole
    /// number written with a fraction or an exponent (`2.0`, `1e3`) is an `integer`, as `JSONDecoder`
    /// reads it and as `JSONEncoder` writes it back (`2`), so a raw tree kept in a file (unknown
    /// options, migrations) reads the same after remission rewrites the file.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .integer(number)
        case .double(let number): self = Int64(exactly: number).map(DocumentJSON.integer) ?? .number(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(DocumentJSON.init))
        case .object(let object):
            var members: [String: DocumentJSON] = [:]
            members.reserveCapacity(object.count)
            for (key, member) in object { members[key] = DocumentJSON(member) }
            self = .object(members)
        }
    }

    /// What this is, for messages: "a string", "an object"… — never the content, which may be private.
    fileprivate var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    fileprivate var text: String {
        switch self {
        case .integer(let number): return "\(number)"
        case .number(let number): return "\(number)"
        default: return kind
        }
    }
}
