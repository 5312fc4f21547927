import Testing

@testable import RemissionViews

@Suite("TerminalText.wrap: sentences at 80 cells, long tokens whole")
struct TerminalTextWrapTests {
    @Test("breaks at spaces within the width, with a hanging indent; counts cells, not characters")
    func wraps() {
        let text = "one two three four five six"
        #expect(TerminalText.wrap(text, width: 10) == ["one two", "three four", "five six"])
        #expect(
            TerminalText.wrap(text, width: 12, first: "  - ", rest: "    ") == [
                "  - one two", "    three", "    four", "    five six",
            ])
        // Wide characters take two cells each: 東京 is 4.
        #expect(TerminalText.wrap("東京 東京 東京", width: 9) == ["東京 東京", "東京"])
    }

    @Test("a word wider than the line stays whole on its own line; an empty text is one empty line")
    func longWords() {
        let fingerprint = "SHA256:" + String(repeating: "AB", count: 32)
        #expect(TerminalText.wrap("see \(fingerprint) here", width: 20) == ["see", fingerprint, "here"])
        #expect(TerminalText.wrap("", width: 20) == [""])
    }
}
