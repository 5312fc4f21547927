extension JSONValue {
    /// Compact JSON as UTF-8 bytes: no spaces, members in order, strings escaped per RFC 8259.
    ///
    /// Non-finite doubles (which JSON cannot express) are written as `null`.
    public func serialized() -> [UInt8] {
        var writer = JSONWriter(pretty: false)
        writer.write(self)
        return writer.output
    }

    /// JSON text; `pretty` indents with two spaces and puts one member or element per line.
    public func serializedString(pretty: Bool = false) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.write(self)
        return String(decoding: writer.output, as: UTF8.self)
    }
}

struct JSONWriter {
    private(set) var output: [UInt8] = []
    private let pretty: Bool
    private var indent = 0

    init(pretty: Bool) {
        self.pretty = pretty
        output.reserveCapacity(256)
    }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .int(let number): writeInteger(number)
        case .double(let number): writeDouble(number)
        case .string(let text): writeString(text)
        case .array(let elements): writeArray(elements)
        case .object(let object): writeObject(object)
        }
    }

    private mutating func writeArray(_ elements: [JSONValue]) {
        output.append(UInt8(ascii: "["))
        if elements.isEmpty {
            output.append(UInt8(ascii: "]"))
            return
        }
        indent += 1
        for (index, element) in elements.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            newline()
            write(element)
        }
        indent -= 1
        newline()
        output.append(UInt8(ascii: "]"))
    }

    private mutating func writeObject(_ object: JSONObject) {
        output.append(UInt8(ascii: "{"))
        if object.isEmpty {
            output.append(UInt8(ascii: "}"))
            return
        }
        indent += 1
        var first = true
        for (key, value) in object {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            newline()
            writeString(key)
            output.append(UInt8(ascii: ":"))
            if pretty { output.append(UInt8(ascii: " ")) }
            write(value)
        }
        indent -= 1
        newline()
        output.append(UInt8(ascii: "}"))
    }

    private mutating func newline() {
        guard pretty else { return }
        output.append(0x0A)
        for _ in 0..<indent { append("  ") }
    }

    private mutating func writeInteger(_ number: Int64) {
        if number == 0 {
            output.append(UInt8(ascii: "0"))
            return
        }
        if number < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: [UInt8] = []
        digits.reserveCapacity(20)
        while magnitude > 0 {
            digits.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        }
        output.append(contentsOf: digits.reversed())
    }

    private mutating func writeDouble(_ number: Double) {
        guard number.isFinite else {
            append("null")
            return
        }
        // Swift's description is the shortest text that reads back to the same Double,
        // and is valid JSON for finite values ("0.5", "1.0", "1e-07", "5e+20").
        output.append(contentsOf: number.description.utf8)
    }

    private mutating func writeString(_ text: String) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0..<0x20, 0x7F:
                append("\\u00")
                output.append(Self.hexDigits[Int(byte >> 4)])
                output.append(Self.hexDigits[Int(byte & 0x0F)])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func append(_ literal: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
