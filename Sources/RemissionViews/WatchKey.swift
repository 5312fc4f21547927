/// A key pressed in `watch`, decoded from the bytes a terminal sends.
public enum WatchKey: Equatable, Sendable {
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// Ctrl-L: draw the whole screen again.
    case redraw
    /// A printable character (letters, digits, `/`, space, any UTF-8 text typed in a search).
    case character(Character)

    /// Decodes what a terminal sent: CSI and SS3 sequences for the arrows and the paging keys
    /// (xterm, VT220 and rxvt forms), Enter as CR or LF, Backspace as DEL or BS, UTF-8 text.
    /// An incomplete sequence or character at the end is left in `rest`, to be completed by the
    /// next read; `final` (no more bytes came) turns a lone ESC into Escape and drops a broken
    /// tail. Unknown sequences and other control bytes are skipped, never typed as text.
    public static func decode(_ bytes: [UInt8], final: Bool) -> (keys: [WatchKey], rest: [UInt8]) {
        var keys: [WatchKey] = []
        var index = 0
        while index < bytes.count {
            switch step(bytes, at: index) {
            case .key(let key, let length):
                if let key { keys.append(key) }
                index += length
            case .incomplete:
                guard final else { return (keys, Array(bytes[index...])) }
                if bytes[index] == 0x1B { keys.append(.escape) }
                index += 1
            }
        }
        return (keys, [])
    }

    private enum Step {
        /// A key (nil: bytes that mean nothing here) and how many bytes it took.
        case key(WatchKey?, Int)
        case incomplete
    }

    private static func step(_ bytes: [UInt8], at index: Int) -> Step {
        let byte = bytes[index]
        switch byte {
        case 0x1B: return escapeSequence(bytes, at: index)
        case 0x0D, 0x0A: return .key(.enter, 1)
        case 0x7F, 0x08: return .key(.backspace, 1)
        case 0x09: return .key(.tab, 1)
        case 0x0C: return .key(.redraw, 1)
        case 0x02: return .key(.pageUp, 1)  // Ctrl-B, as in less and vi
        case 0x06: return .key(.pageDown, 1)  // Ctrl-F
        case ..<0x20: return .key(nil, 1)
        case ..<0x80: return .key(.character(Character(Unicode.Scalar(byte))), 1)
        default: return utf8Character(bytes, at: index)
        }
    }

    /// ESC [ … final, ESC O final; ESC followed by anything else is Escape, then that byte.
    private static func escapeSequence(_ bytes: [UInt8], at index: Int) -> Step {
        guard index + 1 < bytes.count else { return .incomplete }
        let kind = bytes[index + 1]
        guard kind == UInt8(ascii: "[") || kind == UInt8(ascii: "O") else { return .key(.escape, 1) }
        var end = index + 2
        // Parameter and intermediate bytes (0x20...0x3F), then one final byte (0x40...0x7E).
        while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return .incomplete }
        let length = end - index + 1
        guard (0x40...0x7E).contains(bytes[end]) else { return .key(.escape, 1) }
        let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        return .key(sequenceKey(final: bytes[end], parameters: parameters), length)
    }

    private static func sequenceKey(final: UInt8, parameters: String) -> WatchKey? {
        switch Character(Unicode.Scalar(final)) {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "Z": return nil  // Shift-Tab
        case "~":
            switch parameters.split(separator: ";").first ?? "" {
            case "1", "7": return .home
            case "4", "8": return .end
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    /// One UTF-8 encoded character; a malformed byte is skipped.
    private static func utf8Character(_ bytes: [UInt8], at index: Int) -> Step {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length > 0, lead < 0xF8 else { return .key(nil, 1) }
        guard index + length <= bytes.count else {
            let tail = bytes[(index + 1)...]
            return tail.allSatisfy { $0 & 0xC0 == 0x80 } ? .incomplete : .key(nil, 1)
        }
        var decoder = UTF8()
        var iterator = bytes[index..<(index + length)].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator), scalar.value >= 0xA0 else {
            return .key(nil, 1)
        }
        return .key(.character(Character(scalar)), length)
    }
}
