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

    /// Escapes per RFC 8259, and also writes as `\uXXXX` what a terminal would obey or hide: DEL, the
    /// C1 controls and the invisible direction and line-breaking controls (U+061C, U+200E/F,
    /// U+2028…U+202E, U+2066…U+2069). The text decodes back to the same string; `--json` on a
    /// terminal shows a hostile name, never acts on it.
    private mutating func writeString(_ text: String) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                case 0x08: append("\\b")
                case 0x0C: append("\\f")
                case 0..<0x20, 0x7F: writeEscape(UInt32(byte))
                case 0xC2, 0xD8, 0xE2:
                    if let (scalar, length) = Self.invisibleControl(bytes, at: index - 1) {
                        writeEscape(scalar)
                        index += length - 1
                    } else {
                        output.append(byte)
                    }
                default:
                    output.append(byte)
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// `\uXXXX` for a scalar of the Basic Multilingual Plane.
    private mutating func writeEscape(_ scalar: UInt32) {
        append("\\u")
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(Self.hexDigits[Int((scalar >> UInt32(shift)) & 0x0F)])
        }
    }

    /// The C1 control or invisible direction/line-breaking control whose UTF-8 starts at `index`,
    /// with its length in bytes; nil for any other character.
    private static func invisibleControl(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        guard index + 1 < bytes.count else { return nil }
        let lead = bytes[index]
        let next = bytes[index + 1]
        if lead == 0xC2 { return next < 0xA0 ? (0x80 | UInt32(next & 0x3F), 2) : nil }
        if lead == 0xD8 { return next == 0x9C ? (0x061C, 2) : nil }
        guard lead == 0xE2, index + 2 < bytes.count else { return nil }
        let last = bytes[index + 2]
        let scalar = 0x2000 | (UInt32(next & 0x3F) << 6) | UInt32(last & 0x3F)
        switch scalar {
        case 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return (scalar, 3)
        default: return nil
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func append(_ literal: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
