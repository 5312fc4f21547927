import Testing

@testable import RemissionViews

@Suite("Terminal safety: server and certificate text is shown, never interpreted")
struct TerminalTextTests {
    @Test(
        "control characters, escape sequences and invisible direction controls become visible text",
        arguments: [
            ("plain ASCII", "plain ASCII"),
            ("Кириллица и 日本語", "Кириллица и 日本語"),
            ("a\u{1B}[2Jb", "a^[[2Jb"),
            ("title\u{1B}]0;owned\u{07}", "title^[]0;owned^G"),
            ("line\nbreak\r\t", "line^Jbreak^M^I"),
            ("nul\u{0}del\u{7F}", "nul^@del^?"),
            ("c1\u{9B}31m", "c1<U+009B>31m"),
            ("exe.\u{202E}txt", "exe.<U+202E>txt"),
            ("\u{2066}iso\u{2069}", "<U+2066>iso<U+2069>"),
            ("ar\u{061C}lm \u{200E}lrm \u{200F}rlm", "ar<U+061C>lm <U+200E>lrm <U+200F>rlm"),
            ("ls\u{2028}ps\u{2029}", "ls<U+2028>ps<U+2029>"),
        ])
    func safe(input: String, expected: String) {
        #expect(TerminalText.safe(input) == expected)
    }

    @Test("the byte scan finds exactly what safe replaces")
    func scanAgreesWithSafe() {
        var samples: [String] = []
        for value in UInt32(0)...0x2FFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            samples.append("x" + String(Character(scalar)) + "y")
        }
        for sample in samples {
            let changed = TerminalText.safe(sample) != sample
            let flagged = TerminalText.withUTF8(sample) { TerminalText.hasControl($0) }
            #expect(changed == flagged, "U+\(String(sample.unicodeScalars.dropFirst().first!.value, radix: 16))")
        }
    }
}
