/// Terminal text measurement for table cells. Printable ASCII, the common case, is measured and
/// cut byte by byte; anything else by Unicode scalars and characters.
enum TerminalText {
    /// `text` made safe for one table cell: control characters (newlines, escapes) become `?`,
    /// so a hostile torrent name can neither break a row nor drive the terminal.
    static func sanitized(_ text: String) -> String {
        if withUTF8(text, { isPlainASCII($0) || !hasControl($0) }) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            let isControl = scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
            result.unicodeScalars.append(isControl ? "?" : scalar)
        }
        return result
    }

    /// Printable ASCII only (one column per byte).
    static func isPlainASCII(_ text: String) -> Bool { withUTF8(text, isPlainASCII) }

    static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The high bit of `byte - 0x20` or of `byte + 1` (wrapping) is set exactly for bytes outside
        // 0x20...0x7E; no early exit, so the loop is vectorized.
        var outside: UInt8 = 0
        for byte in bytes { outside |= (byte &- 0x20) | (byte &+ 1) }
        return outside & 0x80 == 0
    }

    /// Whether UTF-8 `bytes` hold a control character (C0, DEL or C1) that `sanitized` replaces.
    static func hasControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in bytes.indices {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return true }
            if byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] < 0xA0 { return true }  // U+0080...U+009F
        }
        return false
    }

    /// The columns of UTF-8 `bytes` when every scalar is below U+0300 (one column each), else nil.
    static func latinWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var scalars = 0
        for byte in bytes {
            if byte >= 0xCC { return nil }  // a lead byte of U+0300 or above
            if byte & 0xC0 != 0x80 { scalars += 1 }
        }
        return scalars
    }

    /// Calls `body` with the UTF-8 of `text`, copied only when it is not stored contiguously.
    static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// Columns `text` takes on a terminal: East Asian wide characters and emoji count 2, combining
    /// marks 0. The sum of its scalars' widths, so the width of a concatenation is the sum of widths.
    static func width(_ text: String) -> Int {
        if let latin = withUTF8(text, latinWidth) { return latin }
        var total = 0
        for scalar in text.unicodeScalars { total += width(scalar) }
        return total
    }

    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]

    static func width(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B || (0xFE00...0xFE0F).contains(value) { return 0 }
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// `text` cut to at most `limit` columns, ending with `…` when something was cut. Whole
    /// characters are kept, so a combining mark stays with its base.
    static func truncated(_ text: String, to limit: Int) -> String {
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
    static func appendTruncated(
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
    static func latinCut(_ bytes: UnsafeBufferPointer<UInt8>, _ limit: Int) -> Int? {
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
    static let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]
}
