import RemissionModel
import RemissionSession
import Testing

@testable import RemissionViews

/// Names that are not plain ASCII, cut at several widths; the expected tables were the output of the
/// string-based renderer the byte writer replaced (at 120 columns still), and at 96 and below show
/// which columns give way to names (issue 15), so any change in cutting shows here.
@Suite("list: table text")
struct ListTableTextTests {
    static func torrents() -> [Torrent] {
        var long = Torrent(id: 1, name: "Ubuntu 24.04 LTS desktop amd64 " + String(repeating: "long-", count: 30))
        long.status = .downloading
        long.sizeWhenDone = 6_114_656_256
        long.leftUntilDone = 1_000_000_000
        long.percentDone = 0.836
        long.rateDownload = 12_345_678
        long.rateUpload = 999
        long.eta = 4000
        long.uploadRatio = 0.0512
        var wide = Torrent(id: 22, name: "日本語の名前のトレント 第二巻", status: .seeding)
        wide.sizeWhenDone = 734_003_200
        wide.percentDone = 1
        wide.uploadRatio = 12.345
        wide.error = 2
        wide.errorString = "tracker gone"
        var emoji = Torrent(id: 333, name: "😀 emoji 🚀 rocket 👨‍👩‍👧 family 🇫🇷 flag", status: .stopped)
        emoji.isFinished = true
        emoji.uploadRatio = -2
        var marks = Torrent(
            id: 4, name: "Cafe\u{301} combining e\u{301}a\u{308} and zero\u{200B}width", status: .checking)
        marks.recheckProgress = 0.5
        marks.sizeWhenDone = 1
        var controls = Torrent(id: 5, name: "line\nbreak\u{1B}[31m escape\u{7F} c1\u{85}", status: .downloadWait)
        controls.error = 3
        let short = Torrent(id: 6000, name: "été", status: .seedWait)
        // A combining mark right at the cut of the 96-column table, Latin-1 letters around the others.
        let boundary = Torrent(id: 7, name: String(repeating: "x", count: 20) + "e\u{301}ñ tail")
        let latin = Torrent(id: 8, name: "Résumé ünïcødé ñame, Ærøskøbing ßtraße")
        return [long, wide, emoji, marks, controls, short, boundary, latin]
    }

    static func render(width: Int) -> String {
        TorrentTable(width: width, styleErrorID: { "\u{1B}[31m" + $0 + "\u{1B}[0m" }).render(torrents())
    }

    @Test("120 columns") func columns120() {
        #expect(
            Self.render(width: 120) == """
                  ID  Done     Have  ETA           Up       Down  Ratio  Status           Name
                   1   83%  5.11 GB  1 hrs  0.99 kB/s  12.3 MB/s   0.05  Downloading      Ubuntu 24.04 LTS desktop amd64 long-long-long…
                \u{1B}[31m 22*\u{1B}[0m  100%   734 MB  Done      0 kB/s     0 kB/s   12.3  Seeding          日本語の名前のトレント 第二巻
                 333   n/a     None  Done      0 kB/s     0 kB/s    Inf  Finished         😀 emoji 🚀 rocket 👨‍👩‍👧 family 🇫🇷 flag
                   4    0%      1 B  Done      0 kB/s     0 kB/s   None  Verifying (50%)  Café combining éä and zero​width
                \u{1B}[31m  5*\u{1B}[0m   n/a     None  Done      0 kB/s     0 kB/s   None  Queued           line^Jbreak^[[31m escape^? c1<U+0085>
                6000   n/a     None  Done      0 kB/s     0 kB/s   None  Queued           été
                   7   n/a     None  Done      0 kB/s     0 kB/s   None  Stopped          xxxxxxxxxxxxxxxxxxxxéñ tail
                   8   n/a     None  Done      0 kB/s     0 kB/s   None  Stopped          Résumé ünïcødé ñame, Ærøskøbing ßtraße
                Sum:        5.84 GB         0.99 kB/s  12.3 MB/s
                """)
    }

    @Test("96 columns: Have and Up give way to names") func columns96() {
        #expect(
            Self.render(width: 96) == """
                  ID  Done  ETA         Down  Ratio  Status           Name
                   1   83%  1 hrs  12.3 MB/s   0.05  Downloading      Ubuntu 24.04 LTS desktop amd64 long-long-…
                \u{1B}[31m 22*\u{1B}[0m  100%  Done      0 kB/s   12.3  Seeding          日本語の名前のトレント 第二巻
                 333   n/a  Done      0 kB/s    Inf  Finished         😀 emoji 🚀 rocket 👨‍👩‍👧 family 🇫🇷 flag
                   4    0%  Done      0 kB/s   None  Verifying (50%)  Café combining éä and zero​width
                \u{1B}[31m  5*\u{1B}[0m   n/a  Done      0 kB/s   None  Queued           line^Jbreak^[[31m escape^? c1<U+0085>
                6000   n/a  Done      0 kB/s   None  Queued           été
                   7   n/a  Done      0 kB/s   None  Stopped          xxxxxxxxxxxxxxxxxxxxéñ tail
                   8   n/a  Done      0 kB/s   None  Stopped          Résumé ünïcødé ñame, Ærøskøbing ßtraße
                Sum:        Have 5.84 GB  Up 0.99 kB/s  Down 12.3 MB/s
                """)
    }

    @Test("82 columns: Have, Up, Ratio and Down give way to names") func columns82() {
        #expect(
            Self.render(width: 82) == """
                  ID  Done  ETA    Status           Name
                   1   83%  1 hrs  Downloading      Ubuntu 24.04 LTS desktop amd64 long-long-long…
                \u{1B}[31m 22*\u{1B}[0m  100%  Done   Seeding          日本語の名前のトレント 第二巻
                 333   n/a  Done   Finished         😀 emoji 🚀 rocket 👨‍👩‍👧 family 🇫🇷 flag
                   4    0%  Done   Verifying (50%)  Café combining éä and zero​width
                \u{1B}[31m  5*\u{1B}[0m   n/a  Done   Queued           line^Jbreak^[[31m escape^? c1<U+0085>
                6000   n/a  Done   Queued           été
                   7   n/a  Done   Stopped          xxxxxxxxxxxxxxxxxxxxéñ tail
                   8   n/a  Done   Stopped          Résumé ünïcødé ñame, Ærøskøbing ßtraße
                Sum:        Have 5.84 GB  Up 0.99 kB/s  Down 12.3 MB/s
                """)
    }

    @Test("64 columns: only ID, Done and Status are left; names cut under 40") func columns64() {
        #expect(
            Self.render(width: 64) == """
                  ID  Done  Status           Name
                   1   83%  Downloading      Ubuntu 24.04 LTS desktop amd64 lon…
                \u{1B}[31m 22*\u{1B}[0m  100%  Seeding          日本語の名前のトレント 第二巻
                 333   n/a  Finished         😀 emoji 🚀 rocket 👨‍👩‍👧 family …
                   4    0%  Verifying (50%)  Café combining éä and zero​width
                \u{1B}[31m  5*\u{1B}[0m   n/a  Queued           line^Jbreak^[[31m escape^? c1<U+00…
                6000   n/a  Queued           été
                   7   n/a  Stopped          xxxxxxxxxxxxxxxxxxxxéñ tail
                   8   n/a  Stopped          Résumé ünïcødé ñame, Ærøskøbing ßt…
                Sum:        Have 5.84 GB  Up 0.99 kB/s  Down 12.3 MB/s
                """)
    }

    @Test("cuts keep whole characters, also where printable Latin text is cut by bytes")
    func cuts() {
        func cut(_ text: String, _ limit: Int) -> String {
            var bytes: [UInt8] = []
            TerminalText.withUTF8(text) {
                _ = TerminalText.appendTruncated(
                    $0, columns: TerminalText.width(text), to: limit, output: &bytes)
            }
            let viaBytes = String(decoding: bytes, as: UTF8.self)
            #expect(viaBytes == TerminalText.truncated(text, to: limit))
            return viaBytes
        }
        #expect(cut("abcde\u{301}fgh", 5) == "abcd…")
        #expect(cut("abcde\u{301}fgh", 6) == "abcde\u{301}…")
        #expect(cut("abcde\u{301}fgh", 7) == "abcde\u{301}f…")
        #expect(cut("été à la plage", 4) == "été…")
        #expect(cut("ab日本語", 4) == "ab…")
        #expect(cut("ab日本語", 5) == "ab日…")
        #expect(cut("👨‍👩‍👧 family", 3) == "…")
        #expect(cut("abc", 0) == "")
        #expect(cut("abc", 3) == "abc")
        #expect(TerminalText.width("été") == 3)
        #expect(TerminalText.width("e\u{301}") == 1)
        #expect(TerminalText.safe("été\u{85}") == "été<U+0085>")
    }

    /// `TerminalText.appendTruncated` cuts text of such scalars by bytes: it relies on no two of
    /// them forming one character.
    @Test("printable scalars below U+0300 never join into one character")
    func latinScalarsStandAlone() {
        var scalars: [Unicode.Scalar] = []
        for value in UInt32(0x20)...0x7E { scalars.append(Unicode.Scalar(value)!) }
        for value in UInt32(0xA0)...0x2FF { scalars.append(Unicode.Scalar(value)!) }
        var joined = 0
        for first in scalars {
            for second in scalars {
                var pair = ""
                pair.unicodeScalars.append(first)
                pair.unicodeScalars.append(second)
                if pair.count != 2 { joined += 1 }
            }
        }
        #expect(joined == 0)
    }

    @Test("the fast widths of Greek, Cyrillic, kana, CJK and Hangul equal the general rule, for every scalar")
    func fastWidths() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if TerminalText.width(scalar) != TerminalText.generalWidth(scalar) { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20).map { String($0, radix: 16) })")
    }
}
