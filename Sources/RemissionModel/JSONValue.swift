/// A JSON value as Transmission sends and receives it.
///
/// Numbers keep their kind: an integer literal that fits in `Int64` stays exact (`.int`), anything
/// with a fraction or an exponent, or too large for `Int64`, is a `.double`. Objects keep their key
/// order (see `JSONObject`). Equality is structural, so `.int(1) != .double(1.0)`; use the lenient
/// accessors (`int`, `double`, `bool`) to read values the way Transmission means them.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

// MARK: - Lenient accessors

extension JSONValue {
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// An integer: `.int`, or a `.double` with no fraction that fits (Transmission sometimes sends `1.0`).
    public var int64: Int64? {
        switch self {
        case .int(let value):
            return value
        case .double(let value):
            return Int64(exactly: value)
        default:
            return nil
        }
    }

    /// `int64` narrowed to `Int`.
    public var int: Int? {
        guard let value = int64 else { return nil }
        return Int(exactly: value)
    }

    /// A floating-point number; integers are accepted (`percentDone` can arrive as `1`).
    public var double: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// A boolean; the integers `0` and `1` are accepted (classic `wanted` arrays are `[0, 1]`).
    public var bool: Bool? {
        switch self {
        case .bool(let value): return value
        case .int(0): return false
        case .int(1): return true
        case .double(let value) where value == 0 || value == 1: return value == 1
        default: return nil
        }
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var object: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member `key` of an object; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The member named `classicName` or its snake_case form (see `JSONObject.subscript(rpc:)`).
    public subscript(rpc classicName: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[rpc: classicName]
    }

    /// The element at `index` of an array; nil when out of range or not an array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }
}

// MARK: - Literals, for building requests and tests

extension JSONValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}

extension JSONValue {
    /// `.int` from any integer.
    public init(_ value: Int) { self = .int(Int64(value)) }

    /// An array of integers, e.g. file indexes or torrent ids.
    public init(_ values: [Int]) { self = .array(values.map { .int(Int64($0)) }) }

    /// An array of strings, e.g. labels or field names.
    public init(_ values: [String]) { self = .array(values.map { .string($0) }) }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text.
    public var description: String { serializedString() }
}
