/// Base64 with the standard alphabet and `=` padding (RFC 4648 §4): torrent metainfo, Basic auth,
/// SPKI pins. The only one in Remission.
public enum Base64 {
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// 0–63 for alphabet bytes, 0xFF for anything else.
    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output.append(alphabet[Int(chunk >> 18 & 0x3F)])
            output.append(alphabet[Int(chunk >> 12 & 0x3F)])
            output.append(alphabet[Int(chunk >> 6 & 0x3F)])
            output.append(alphabet[Int(chunk & 0x3F)])
            index += 3
        }
        let remaining = bytes.count - index
        if remaining > 0 {
            var chunk = UInt32(bytes[index]) << 16
            if remaining == 2 { chunk |= UInt32(bytes[index + 1]) << 8 }
            output.append(alphabet[Int(chunk >> 18 & 0x3F)])
            output.append(alphabet[Int(chunk >> 12 & 0x3F)])
            output.append(remaining == 2 ? alphabet[Int(chunk >> 6 & 0x3F)] : UInt8(ascii: "="))
            output.append(UInt8(ascii: "="))
        }
        return String(decoding: output, as: UTF8.self)
    }

    public static func encode(_ text: String) -> String {
        encode(Array(text.utf8))
    }

    /// Decodes standard Base64; whitespace, other alphabets and misplaced padding are refused (nil).
    /// By default padding may be left out and non-zero bits after the last full byte are refused.
    /// A pin (`sha256//…`) is read as curl reads it: whole groups of four (`requirePadding`), with any
    /// bits under the padding ignored (`ignoringTrailingBits`).
    public static func decode(
        _ text: String, requirePadding: Bool = false, ignoringTrailingBits: Bool = false
    ) -> [UInt8]? {
        var input = Array(text.utf8)
        if requirePadding, input.count % 4 != 0 { return nil }
        if input.count % 4 == 0 {
            if input.last == UInt8(ascii: "=") { input.removeLast() }
            if input.last == UInt8(ascii: "=") { input.removeLast() }
        }
        if input.count % 4 == 1 { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in input {
            let value = decodeTable[Int(byte)]
            guard value != 0xFF else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        guard accumulator == 0 || ignoringTrailingBits else { return nil }
        return output
    }
}
