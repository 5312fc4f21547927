import Foundation
import TestSupport

/// What a hostile server puts in every text it sends (issue 12): an OSC title change, a CSI colour, a
/// C1 CSI (U+009B), bidi override and isolate, DEL, CR, BS and a DCS sequence. Shown, it is harmless;
/// obeyed, it repaints the screen.
enum Hostile {
    static let poison =
        "A\u{1B}]0;pwned\u{07}B\u{1B}[31;1mEVIL\u{9B}6n\u{202E}RLO\u{2066}ISO\u{7F}DEL\rCR\u{08}BS\u{1B}P1$rX\u{1B}\\"
    /// The payloads that must never follow an ESC (or be an ESC sequence of their own) in the output.
    static let payloads = ["]0;pwned", "[31;1mEVIL", "P1$rX"]
    /// How `TerminalText.safe` shows the start of `poison`.
    static let shown = "A^[]0;pwned^GB^[[31;1mEVIL<U+009B>6n<U+202E>RLO<U+2066>ISO^?DEL^MCR^HBS"

    /// Every raw control byte of `output` that Remission did not write itself: C0 but \n and \t, DEL,
    /// C1 (as UTF-8), the invisible bidi/line-breaking controls. With `terminal`, the output is a
    /// pseudo-terminal's: CR before LF (the terminal's own) and ESC are allowed, but an ESC followed
    /// by one of the server's payloads is a leak. Returns a description of each, with context.
    static func leaks(_ output: Data, terminal: Bool = false) -> [String] {
        let bytes = [UInt8](output)
        var found: [String] = []
        func report(_ index: Int, _ length: Int) {
            let context = bytes[max(0, index - 24)..<min(bytes.count, index + length + 24)]
            found.append(
                "byte \(index): \(bytes[index..<index + length].map { String($0, radix: 16) }) in "
                    + String(decoding: context, as: UTF8.self).debugDescription)
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            let third = index + 2 < bytes.count ? bytes[index + 2] : 0
            switch byte {
            case 0x0A, 0x09: break
            case 0x0D where terminal && (next == 0x0A || (next == 0x0D && third == 0x0A)): break
            case 0x1B where terminal:
                let rest = String(decoding: bytes[(index + 1)..<min(bytes.count, index + 12)], as: UTF8.self)
                if payloads.contains(where: rest.hasPrefix) { report(index, 1) }
            case 0..<0x20, 0x7F: report(index, 1)
            case 0xC2 where (0x80..<0xA0).contains(next): report(index, 2)
            case 0xD8 where next == 0x9C: report(index, 2)
            case 0xE2 where next == 0x80 && [0x8E, 0x8F, 0xA8, 0xA9, 0xAA, 0xAB, 0xAC, 0xAD, 0xAE].contains(third):
                report(index, 3)
            case 0xE2 where next == 0x81 && (0xA6...0xA9).contains(third): report(index, 3)
            default: break
            }
            index += 1
        }
        return found
    }
}

extension CLIHome {
    struct RawResult {
        var status: Int32
        var out: Data
        var err: Data
        var text: String { String(decoding: out + err, as: UTF8.self) }
        var leaks: [String] { Hostile.leaks(out) + Hostile.leaks(err) }
    }

    /// Runs remission and keeps its output as bytes (a decode would hide what a terminal receives).
    func runRaw(_ arguments: [String], env: [String: String] = [:]) throws -> RawResult {
        let result = try bed.run(
            remission, args: arguments, env: environment.merging(env) { _, new in new }, timeout: .seconds(60))
        return RawResult(status: result.status, out: result.stdout, err: result.stderr)
    }

    /// Runs remission on a 120×30 pseudo-terminal, typing `keys` (no newline added; each when it
    /// reads its terminal, at least `pause` seconds after the one before); returns its exit status
    /// and the bytes the terminal received.
    func runOnTerminalRaw(_ arguments: [String], keys: [String], pause: Double = 1.5) throws -> (Int32, Data) {
        let result = try PseudoTerminal.run(
            [remission] + arguments, typing: keys, env: environment, columns: 120, rows: 30, minimumGap: pause)
        return (result.status, result.stdout)
    }
}
