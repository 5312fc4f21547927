import RemissionModel

/// The cell texts of `remission list`, as transmission-remote's `-l` words them. Units are decimal,
/// as Transmission's: 1 kB = 1000 bytes, 1 MB = 1000 kB, and so on. Each text is written as ASCII
/// bytes (`append…`), so the table makes no string per cell; the `String` forms are for tests.
public enum TorrentUnits {
    /// `0` → `None`, `999` → `999 B`, `1234` → `1.23 kB`, `12_345_678` → `12.3 MB`, `123_456_789_012` → `123 GB`.
    public static func size(_ bytes: Int) -> String { text { appendSize(bytes, to: &$0) } }

    /// Rates in kB/s and up: `0` → `0 kB/s`, `1500` → `1.50 kB/s`, `2_500_000` → `2.50 MB/s`.
    public static func speed(_ bytesPerSecond: Int) -> String { text { appendSpeed(bytesPerSecond, to: &$0) } }

    /// Truncates to 2, 1 or 0 decimals by magnitude: 1.239 → 1.23, 12.39 → 12.3, 123.9 → 123.
    public static func decimal(_ value: Double) -> String { text { appendDecimal(value, to: &$0) } }

    /// `n/a` when the size is unknown, else the whole percent done (never 100% before it is done).
    public static func done(_ torrent: Torrent) -> String {
        text { appendDone(sizeWhenDone: torrent.sizeWhenDone, percentDone: torrent.percentDone, to: &$0) }
    }

    /// Bytes present of the wanted ones.
    public static func have(_ torrent: Torrent) -> Int {
        max(0, ServerArithmetic.difference(torrent.sizeWhenDone, torrent.leftUntilDone))
    }

    /// `Done`, `Unknown`, or `N sec`, `N min`, `N hrs`, `N days`.
    public static func eta(_ torrent: Torrent) -> String {
        text { appendETA(leftUntilDone: torrent.leftUntilDone, eta: torrent.eta, to: &$0) }
    }

    /// `None` (not available), `Inf` (infinite), else two decimals below 10, one below 100, none above.
    public static func ratio(_ value: Double) -> String { text { appendRatio(value, to: &$0) } }

    private static func text(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func appendSize(_ bytes: Int, to output: inout [UInt8]) {
        if bytes <= 0 { return append("None", to: &output) }  // verbatim: list's words
        if bytes < 1000 {
            appendInteger(bytes, to: &output)
            return append(" B", to: &output)
        }
        let (value, unit) = scaled(Double(bytes) / 1000, units: 5)
        appendDecimal(value, to: &output)
        switch unit {
        case 0: append(" kB", to: &output)
        case 1: append(" MB", to: &output)
        case 2: append(" GB", to: &output)
        case 3: append(" TB", to: &output)
        default: append(" PB", to: &output)
        }
    }

    public static func appendSpeed(_ bytesPerSecond: Int, to output: inout [UInt8]) {
        if bytesPerSecond <= 0 { return append("0 kB/s", to: &output) }
        let (value, unit) = scaled(Double(bytesPerSecond) / 1000, units: 4)
        appendDecimal(value, to: &output)
        switch unit {
        case 0: append(" kB/s", to: &output)
        case 1: append(" MB/s", to: &output)
        case 2: append(" GB/s", to: &output)
        default: append(" TB/s", to: &output)
        }
    }

    /// Divides by 1000 until below 1000 or at the last of `units` units; returns the unit's index.
    private static func scaled(_ start: Double, units: Int) -> (value: Double, unit: Int) {
        var value = start
        var index = 0
        while value >= 1000, index < units - 1 {
            value /= 1000
            index += 1
        }
        return (value, index)
    }

    /// For `value` ≥ 0 (the cells never pass a negative one).
    public static func appendDecimal(_ value: Double, to output: inout [UInt8]) {
        let digits = value < 10 ? 2 : (value < 100 ? 1 : 0)
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = ServerArithmetic.floor(value * scale + 1e-9)
        guard digits > 0 else { return appendInteger(scaled, to: &output) }
        appendInteger(scaled / Int(scale), to: &output)
        output.append(UInt8(ascii: "."))
        let fraction = scaled % Int(scale)
        if digits == 2 && fraction < 10 { output.append(UInt8(ascii: "0")) }
        appendInteger(fraction, to: &output)
    }

    public static func appendDone(sizeWhenDone: Int, percentDone: Double, to output: inout [UInt8]) {
        guard sizeWhenDone > 0 else { return append("n/a", to: &output) }
        // A server's fraction outside 0…1 (2^63, -1, 1e300) shows as 0% or 100%, like `Units.percent`.
        let fraction = percentDone.isNaN ? 0 : min(max(percentDone, 0), 1)
        appendInteger(ServerArithmetic.floor(fraction * 100 + 1e-9), to: &output)
        output.append(UInt8(ascii: "%"))
    }

    public static func appendETA(leftUntilDone: Int, eta seconds: Int, to output: inout [UInt8]) {
        if leftUntilDone == 0 && seconds == -1 { return append("Done", to: &output) }  // verbatim: list's words
        if seconds < 0 { return append("Unknown", to: &output) }  // verbatim: list's words
        if seconds < 60 {
            appendInteger(seconds, to: &output)
            append(" sec", to: &output)
        } else if seconds < 3600 {
            appendInteger(seconds / 60, to: &output)
            append(" min", to: &output)
        } else if seconds < 86_400 {
            appendInteger(seconds / 3600, to: &output)
            append(" hrs", to: &output)
        } else {
            appendInteger(seconds / 86_400, to: &output)
            append(" days", to: &output)
        }
    }

    public static func appendRatio(_ value: Double, to output: inout [UInt8]) {
        if value == -2 || value.isInfinite { return append("Inf", to: &output) }  // verbatim: list's words
        if value < 0 || value.isNaN { return append("None", to: &output) }  // verbatim: list's words
        appendDecimal(value, to: &output)
    }

    /// Decimal digits, as `String(value)` writes them.
    public static func appendInteger(_ value: Int, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        var count = 1
        var probe = rest
        while probe >= 10 {
            probe /= 10
            count += 1
        }
        let start = output.count
        output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var position = start + count - 1
        repeat {
            output[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
            position -= 1
        } while rest > 0
    }

    public static func append(_ text: StaticString, to output: inout [UInt8]) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }
}
