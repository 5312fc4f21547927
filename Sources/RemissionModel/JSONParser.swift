/// Why bytes could not be read as JSON, with the byte offset where reading stopped.
public enum JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not JSON (a stray character, a missing comma, a bad escape…).
    case malformed(detail: String, offset: Int)
    /// The bytes are JSON so far but end before the value is complete (a cut-off download).
    case truncated(offset: Int)
    /// Reading on would build more than `limit` bytes of values (`JSONParseBudget`): the text is
    /// made of values so small and so many that no real reply looks like it.
    case overBudget(limit: Int, offset: Int)

    public var offset: Int {
        switch self {
        case .malformed(_, let offset), .truncated(let offset), .overBudget(_, let offset): return offset
        }
    }

    public var description: String {
        switch self {
        case .malformed(let detail, let offset): return "malformed JSON at byte \(offset): \(detail)"
        case .truncated(let offset): return "JSON ends early at byte \(offset) (truncated)"
        case .overBudget(let limit, let offset):
            return "JSON would need more than \(limit) bytes of memory (stopped at byte \(offset))"
        }
    }
}

extension JSONValue {
    /// Parses UTF-8 JSON text (RFC 8259): exactly one value, surrounded by optional whitespace.
    ///
    /// Lenient only where a strict parser would lose data: invalid UTF-8 and unpaired `\uD800`-style
    /// surrogates become U+FFFD instead of failing the whole reply (torrent names are not always clean).
    /// Nesting is limited to `JSONParser.maximumDepth` levels, and the values built to `budget`
    /// bytes (by default `JSONParseBudget.allowed(forInputBytes:)`).
    public static func parse(_ bytes: [UInt8], budget: JSONParseBudget? = nil) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer, budget: budget)
            do throws(JSONParseError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses JSON text given as a `String`.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

/// A recursive-descent parser over a byte buffer. One instance parses one document.
struct JSONParser {
    static let maximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// Reused for strings that contain escapes.
    private var scratch: [UInt8] = []
    /// What the values built so far may cost (`JSONParser+Budget`).
    var budget: JSONParseBudget
    /// Only check the syntax: arrays, objects and strings are read but not built (they come back
    /// empty), so the errors and their offsets are the ordinary parse's, at no memory cost.
    var validating = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, budget: JSONParseBudget? = nil) {
        self.bytes = bytes
        self.budget = budget ?? JSONParseBudget(forInputBytes: bytes.count)
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if position < bytes.count {
            throw .malformed(detail: "unexpected \(describe(bytes[position])) after the JSON value", offset: position)
        }
        return value
    }

    // MARK: Values

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard position < bytes.count else { throw .truncated(offset: position) }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case let byte:
            throw .malformed(detail: "unexpected \(describe(byte))", offset: position)
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        try checkDepth(depth)
        position += 1  // [
        skipWhitespace()
        guard position < bytes.count else { throw .truncated(offset: position) }
        if bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array([])
        }
        var elements: [JSONValue] = []
        while true {
            let element = try parseValue(depth: depth)
            if !validating { try append(element, to: &elements) }
            skipWhitespace()
            guard position < bytes.count else { throw .truncated(offset: position) }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            case let byte:
                throw .malformed(detail: "expected ',' or ']' but found \(describe(byte))", offset: position)
            }
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        try checkDepth(depth)
        position += 1  // {
        skipWhitespace()
        guard position < bytes.count else { throw .truncated(offset: position) }
        if bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(JSONObject())
        }
        var keys: [String] = []
        var values: [JSONValue] = []
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw .truncated(offset: position) }
            guard bytes[position] == UInt8(ascii: "\"") else {
                throw .malformed(
                    detail: "expected a string key but found \(describe(bytes[position]))", offset: position)
            }
            let key = try parseString()
            if !validating { try append(key, to: &keys) }
            skipWhitespace()
            guard position < bytes.count else { throw .truncated(offset: position) }
            guard bytes[position] == UInt8(ascii: ":") else {
                throw .malformed(detail: "expected ':' but found \(describe(bytes[position]))", offset: position)
            }
            position += 1
            let value = try parseValue(depth: depth)
            if !validating { try append(value, to: &values) }
            skipWhitespace()
            guard position < bytes.count else { throw .truncated(offset: position) }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(JSONObject(uncheckedKeys: keys, values: values))
            case let byte:
                throw .malformed(detail: "expected ',' or '}' but found \(describe(byte))", offset: position)
            }
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = position
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard position < bytes.count else { throw .truncated(offset: position) }
            guard bytes[position] == byte else {
                throw .malformed(detail: "invalid literal (expected '\(literal)')", offset: start)
            }
            position += 1
        }
    }

    func checkDepth(_ depth: Int) throws(JSONParseError) {
        if depth > Self.maximumDepth {
            throw .malformed(detail: "nesting deeper than \(Self.maximumDepth) levels", offset: position)
        }
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    // MARK: Strings

    /// Reads a string starting at its opening quote and leaves `position` after the closing one.
    mutating func parseString() throws(JSONParseError) -> String {
        position += 1  // "
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                if validating {
                    position += 1
                    return ""
                }
                try charge(AllocationCost.string(utf8Count: position - start))
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            position += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        return try parseEscapedString()
    }

    /// The slow path: the string has escapes. `scratch` holds the bytes before the first one.
    private mutating func parseEscapedString() throws(JSONParseError) -> String {
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                if validating { return "" }
                try charge(AllocationCost.string(utf8Count: scratch.count))
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape()
            case 0..<0x20:
                throw .malformed(detail: "control character \(describe(byte)) inside a string", offset: position)
            default:
                scratch.append(byte)
                position += 1
            }
        }
        throw .truncated(offset: position)
    }

    private mutating func parseEscape() throws(JSONParseError) {
        let escapeStart = position
        position += 1  // backslash
        guard position < bytes.count else { throw .truncated(offset: position) }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): scratch.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): scratch.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): scratch.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"): try parseUnicodeEscape()
        default:
            throw .malformed(detail: "invalid escape '\\\(describeRaw(byte))'", offset: escapeStart)
        }
    }

    /// After `\u`: four hex digits, combined with a following `\uDC00`–`\uDFFF` for surrogate pairs.
    private mutating func parseUnicodeEscape() throws(JSONParseError) {
        let unit = try parseHex4()
        var scalar: Unicode.Scalar? = nil
        if (0xD800...0xDBFF).contains(unit) {
            if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            {
                let save = position
                position += 2
                let low = try parseHex4()
                if (0xDC00...0xDFFF).contains(low) {
                    scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                } else {
                    position = save  // not a pair: keep the next escape for the next round
                }
            } else if position >= bytes.count || (bytes[position] == UInt8(ascii: "\\") && position + 1 >= bytes.count)
            {
                throw .truncated(offset: bytes.count)
            }
        } else {
            scalar = Unicode.Scalar(unit)
        }
        appendUTF8(scalar ?? "\u{FFFD}")
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw .truncated(offset: position) }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw .malformed(detail: "invalid \\u escape: \(describe(byte)) is not a hex digit", offset: position)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: Unicode.Scalar) {
        UTF8.encode(scalar) { scratch.append($0) }
    }

    // MARK: Messages

    func describe(_ byte: UInt8) -> String {
        if byte >= 0x21, byte < 0x7F { return "'\(describeRaw(byte))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }

    private func describeRaw(_ byte: UInt8) -> String {
        String(decoding: [byte], as: UTF8.self)
    }
}
