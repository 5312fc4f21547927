import Testing

@testable import RemissionViews

@Suite("watch keys (decoding terminal bytes)")
struct WatchKeyTests {
    static func keys(_ text: String, final: Bool = true) -> [WatchKey] {
        WatchKey.decode(Array(text.utf8), final: final).keys
    }

    @Test(
        "arrows and paging keys in their xterm, VT220 and SS3 forms",
        arguments: [
            ("\u{1B}[A", WatchKey.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}[1;5A", .up), ("\u{1B}[5~", .pageUp),
            ("\u{1B}[6~", .pageDown), ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home),
            ("\u{1B}OF", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home),
            ("\u{1B}[8~", .end), ("\r", .enter), ("\n", .enter), ("\u{7F}", .backspace), ("\u{08}", .backspace),
            ("\t", .tab), ("\u{0C}", .redraw), ("\u{02}", .pageUp), ("\u{06}", .pageDown),
        ])
    func sequences(bytes: String, key: WatchKey) {
        #expect(Self.keys(bytes) == [key])
    }

    @Test("several keys in one read, letters and a space among them")
    func several() {
        #expect(
            Self.keys("jk \u{1B}[Bq/") == [
                .character("j"), .character("k"), .character(" "), .down, .character("q"), .character("/"),
            ])
    }

    @Test("a sequence split across reads waits for its end; a lone ESC is Escape once no more bytes came")
    func split() {
        let first = WatchKey.decode([0x1B, 0x5B], final: false)
        #expect(first.keys.isEmpty && first.rest == [0x1B, 0x5B])
        #expect(WatchKey.decode(first.rest + [0x41], final: false).keys == [.up])
        let lone = WatchKey.decode([0x1B], final: false)
        #expect(lone.keys.isEmpty && lone.rest == [0x1B])
        #expect(WatchKey.decode(lone.rest, final: true).keys == [.escape])
        #expect(Self.keys("\u{1B}x") == [.escape, .character("x")])
    }

    @Test("UTF-8 text is typed as characters, also when a character is split across reads")
    func utf8() {
        #expect(Self.keys("東京ё") == [.character("東"), .character("京"), .character("ё")])
        let bytes = Array("東".utf8)
        let first = WatchKey.decode(Array(bytes.prefix(2)), final: false)
        #expect(first.keys.isEmpty && first.rest.count == 2)
        #expect(WatchKey.decode(first.rest + [bytes[2]], final: false).keys == [.character("東")])
    }

    @Test("control bytes, C1 controls, unknown sequences and malformed UTF-8 are skipped, never typed")
    func ignored() {
        #expect(Self.keys("\u{01}\u{1B}[99~\u{1B}[Z").isEmpty)
        #expect(WatchKey.decode([0xC2, 0x9B, 0xFF, 0x80, 0x61], final: true).keys == [.character("a")])
        #expect(WatchKey.decode([0xE6, 0x9D], final: true).keys.isEmpty)
    }
}
