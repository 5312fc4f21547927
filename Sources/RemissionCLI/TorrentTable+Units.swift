import RemissionModel

#if canImport(Glibc)
    import Glibc
#endif

/// The cell texts of `remission list`, as transmission-remote's `-l` words them. Units are decimal,
/// as Transmission's: 1 kB = 1000 bytes, 1 MB = 1000 kB, and so on.
enum TorrentUnits {
    /// `0` → `None`, `999` → `999 B`, `1234` → `1.23 kB`, `12_345_678` → `12.3 MB`, `123_456_789_012` → `123 GB`.
    static func size(_ bytes: Int) -> String {
        if bytes <= 0 { return "None" }
        if bytes < 1000 { return "\(bytes) B" }
        return scaled(Double(bytes) / 1000, units: ["kB", "MB", "GB", "TB", "PB"])
    }

    /// Rates in kB/s and up: `0` → `0 kB/s`, `1500` → `1.50 kB/s`, `2_500_000` → `2.50 MB/s`.
    static func speed(_ bytesPerSecond: Int) -> String {
        if bytesPerSecond <= 0 { return "0 kB/s" }
        return scaled(Double(bytesPerSecond) / 1000, units: ["kB/s", "MB/s", "GB/s", "TB/s"])
    }

    /// Two decimals below 10, one below 100, none above (truncated, never rounded up into the next unit).
    private static func scaled(_ start: Double, units: [String]) -> String {
        var value = start
        var index = 0
        while value >= 1000, index < units.count - 1 {
            value /= 1000
            index += 1
        }
        return "\(decimal(value)) \(units[index])"
    }

    /// Truncates to 2, 1 or 0 decimals by magnitude: 1.239 → 1.23, 12.39 → 12.3, 123.9 → 123.
    static func decimal(_ value: Double) -> String {
        let digits = value < 10 ? 2 : (value < 100 ? 1 : 0)
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((value * scale + 1e-9).rounded(.down))
        guard digits > 0 else { return String(scaled) }
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        return "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// `n/a` when the size is unknown, else the whole percent done (never 100% before it is done).
    static func done(_ torrent: Torrent) -> String {
        guard torrent.sizeWhenDone > 0 else { return "n/a" }
        return "\(Int((torrent.percentDone * 100 + 1e-9).rounded(.down)))%"
    }

    /// Bytes present of the wanted ones.
    static func have(_ torrent: Torrent) -> Int { max(0, torrent.sizeWhenDone - torrent.leftUntilDone) }

    /// `Done`, `Unknown`, or `N sec`, `N min`, `N hrs`, `N days`.
    static func eta(_ torrent: Torrent) -> String {
        if torrent.leftUntilDone == 0 && torrent.eta == -1 { return "Done" }
        let seconds = torrent.eta
        if seconds < 0 { return "Unknown" }
        if seconds < 60 { return "\(seconds) sec" }
        if seconds < 3600 { return "\(seconds / 60) min" }
        if seconds < 86_400 { return "\(seconds / 3600) hrs" }
        return "\(seconds / 86_400) days"
    }

    /// `None` (not available), `Inf` (infinite), else two decimals below 10, one below 100, none above.
    static func ratio(_ value: Double) -> String {
        if value == -2 || value.isInfinite { return "Inf" }
        if value < 0 || value.isNaN { return "None" }
        return decimal(value)
    }
}

/// Terminal text measurement for table cells.
enum TerminalText {
    /// `text` made safe for one table cell: control characters (newlines, escapes) become `?`,
    /// so a hostile torrent name can neither break a row nor drive the terminal.
    static func sanitized(_ text: String) -> String {
        if isPlainASCII(text) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            let isControl = scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
            result.unicodeScalars.append(isControl ? "?" : scalar)
        }
        return result
    }

    /// Printable ASCII only (one column per byte): the common case, checked over contiguous bytes.
    static func isPlainASCII(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
            return true
        }
    }

    /// Columns `text` takes on a terminal: East Asian wide characters and emoji count 2, combining
    /// marks 0.
    static func width(_ text: String) -> Int {
        if isPlainASCII(text) { return text.utf8.count }
        var total = 0
        for scalar in text.unicodeScalars { total += width(scalar) }
        return total
    }

    static func width(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B || (0xFE00...0xFE0F).contains(value) { return 0 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// `text` cut to at most `limit` columns, ending with `…` when something was cut.
    static func truncated(_ text: String, to limit: Int) -> String {
        if width(text) <= limit { return text }
        guard limit > 0 else { return "" }
        if isPlainASCII(text) { return String(text.utf8.prefix(limit - 1))! + "…" }
        var result = ""
        var used = 0
        for character in text {
            let cost = width(String(character))
            if used + cost > limit - 1 { break }
            result.append(character)
            used += cost
        }
        return result + "…"
    }
}
