/// Text for a terminal. `safe` is the one terminal-safety function: every text of server or
/// certificate origin passes through it before a person sees it. Measurement for table cells:
/// printable ASCII, the common case, is measured and cut byte by byte; anything else by Unicode
/// scalars and characters.
public enum TerminalText {
    /// `text` made safe to write to a terminal, shown, never interpreted: C0 controls and DEL in caret
    /// notation (`^[` for ESC, so an ESC/CSI/OSC sequence is printed as text; `^J` for a newline,
    /// so a hostile name cannot break a line), C1 controls and the invisible direction and
    /// line-breaking controls (bidi overrides and isolates, U+2028/9) as `<U+202E>`.
    public static func safe(_ text: String) -> String {
        if withUTF8(text, { isPlainASCII($0) || !hasControl($0) }) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || value == 0x7F {
                result += "^"
                result.unicodeScalars.append(Unicode.Scalar(UInt8(value ^ 0x40)))
            } else if isInvisibleControl(value) {
                result += "<U+" + hex(value) + ">"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C1 controls and the format characters that reorder or break text without being seen.
    public static func isInvisibleControl(_ value: UInt32) -> Bool {
        (0x80..<0xA0).contains(value) || value == 0x061C || value == 0x200E || value == 0x200F
            || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Printable ASCII only (one column per byte).
    public static func isPlainASCII(_ text: String) -> Bool { withUTF8(text, isPlainASCII) }

    public static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The high bit of `byte - 0x20` or of `byte + 1` (wrapping) is set exactly for bytes outside
        // 0x20...0x7E; no early exit, so the loop is vectorized.
        var outside: UInt8 = 0
        for byte in bytes { outside |= (byte &- 0x20) | (byte &+ 1) }
        return outside & 0x80 == 0
    }

    /// Whether UTF-8 `bytes` hold a character that `safe` replaces: C0, DEL, C1, or an invisible
    /// direction or line-breaking control (U+061C, U+200E/F, U+2028...U+202E, U+2066...U+2069).
    public static func hasControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in bytes.indices {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return true }
            guard byte >= 0xC2, index + 1 < bytes.count else { continue }
            let next = bytes[index + 1]
            if byte == 0xC2 && next < 0xA0 { return true }  // U+0080...U+009F
            if byte == 0xD8 && next == 0x9C { return true }  // U+061C
            guard byte == 0xE2, index + 2 < bytes.count else { continue }
            let last = bytes[index + 2]
            if next == 0x80 && (last == 0x8E || last == 0x8F || (0xA8...0xAE).contains(last)) { return true }
            if next == 0x81 && (0xA6...0xA9).contains(last) { return true }
        }
        return false
    }

    /// The columns of UTF-8 `bytes` when every scalar is below U+0300 (one column each), else nil.
    public static func latinWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var scalars = 0
        for byte in bytes {
            if byte >= 0xCC { return nil }  // a lead byte of U+0300 or above
            if byte & 0xC0 != 0x80 { scalars += 1 }
        }
        return scalars
    }

    /// Calls `body` with the UTF-8 of `text`, copied only when it is not stored contiguously.
    public static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// Columns `text` takes on a terminal: East Asian wide characters and emoji count 2, combining
    /// marks 0. The sum of its scalars' widths, so the width of a concatenation is the sum of widths.
    public static func width(_ text: String) -> Int {
        if let latin = withUTF8(text, latinWidth) { return latin }
        var total = 0
        for scalar in text.unicodeScalars { total += width(scalar) }
        return total
    }

    /// East Asian Wide and Fullwidth ranges, and the emoji shown two cells wide by default
    /// (Emoji_Presentation), sorted, as wcwidth of glibc and most terminals count them.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
        0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x18CFF,
        0x1AFF0...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F2FF, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393,
        0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E,
        0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
        0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
        0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC,
        0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
        0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    public static func width(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        // The scripts of most non-Latin names, without the Unicode property lookup (a third of
        // `list`'s rendering time at 10,000 torrents): Greek and Cyrillic but Cyrillic's combining
        // marks U+0483–U+0489; Hiragana and Katakana but the combining sound marks U+3099–U+309A; CJK
        // ideographs; Hangul syllables. `ListTableTextTests` checks every scalar against `generalWidth`.
        switch value {
        case 0x370...0x482, 0x48A...0x52F: return 1
        case 0x3041...0x3098, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: return 2
        default: return generalWidth(scalar)
        }
    }

    /// `width(_:)` by the general rule: combining marks and format characters 0, the `wide` ranges 2.
    static func generalWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B || (0xFE00...0xFE0F).contains(value) || (0x1160...0x11FF).contains(value) { return 0 }
        if value < 0x1100 { return 1 }
        // Binary search: the last range starting at or below `value`.
        var low = 0
        var high = wide.count
        while low < high {
            let middle = (low + high) / 2
            if wide[middle].lowerBound <= value { low = middle + 1 } else { high = middle }
        }
        return low > 0 && wide[low - 1].contains(value) ? 2 : 1
    }

    /// `text` cut to at most `limit` columns, ending with `…` when something was cut. Whole
    /// characters are kept, so a combining mark stays with its base.
    /// The end of `text` in at most `limit` cells: as it is when it fits, else `…` and as many of its
    /// last characters as fit beside it (a prompt shows where the typing is).
    public static func tail(_ text: String, to limit: Int) -> String {
        if width(text) <= limit { return text }
        guard limit > 0 else { return "" }
        var kept: [Character] = []
        var used = 0
        for character in text.reversed() {
            var cost = 0
            for scalar in character.unicodeScalars { cost += width(scalar) }
            if used + cost > limit - 1 { break }
            kept.append(character)
            used += cost
        }
        return "…" + String(kept.reversed())
    }

    public static func truncated(_ text: String, to limit: Int) -> String {
        if width(text) <= limit { return text }
        guard limit > 0 else { return "" }
        if isPlainASCII(text) { return String(text.utf8.prefix(limit - 1))! + "…" }
        var result = ""
        var used = 0
        for character in text {
            var cost = 0
            for scalar in character.unicodeScalars { cost += width(scalar) }
            if used + cost > limit - 1 { break }
            result.append(character)
            used += cost
        }
        return result + "…"
    }

    /// Appends `truncated(text, to: limit)` for the UTF-8 `bytes` of `text`, which takes `columns`
    /// columns; returns the columns appended. When the first `limit` scalars are printable and below
    /// U+0300, the cut is after the first `limit - 1` of them: each is one column and its own
    /// character (no two such scalars join, `ListTableTextTests` checks every pair), so the
    /// character-by-character cut ends there too.
    @discardableResult
    public static func appendTruncated(
        _ bytes: UnsafeBufferPointer<UInt8>, columns: Int, to limit: Int, output: inout [UInt8]
    ) -> Int {
        if columns <= limit {
            output.append(contentsOf: bytes)
            return columns
        }
        guard limit > 0 else { return 0 }
        if let cut = latinCut(bytes, limit) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<cut]))
            output.append(contentsOf: ellipsis)
            return limit
        }
        let cut = truncated(String(decoding: bytes, as: UTF8.self), to: limit)
        output.append(contentsOf: cut.utf8)
        return width(cut)
    }

    /// Where the first `limit - 1` scalars end, if the first `limit` are printable and below U+0300.
    public static func latinCut(_ bytes: UnsafeBufferPointer<UInt8>, _ limit: Int) -> Int? {
        var index = 0
        var cut = 0
        for scalar in 0..<limit {
            if scalar == limit - 1 { cut = index }
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            if byte &- 0x20 < 0x5F {
                index += 1
            } else if byte >= 0xC2 && byte <= 0xCB && index + 1 < bytes.count
                && (byte > 0xC2 || bytes[index + 1] >= 0xA0)
            {
                index += 2
            } else {
                return nil
            }
        }
        return cut
    }

    /// `…` in UTF-8.
    public static let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]
}
