import Testing

@testable import RemissionViews

/// `TerminalText.fitted`: what `printError` does to every warning and refusal on a terminal, and
/// `check`'s report to its lines.
@Suite("TerminalText.fitted: lines at the terminal's width, words and commands whole")
struct TerminalTextFitTests {
    static let fingerprint = "SHA256:" + String(repeating: "AB", count: 32)

    @Test("a line that fits, and any text through a pipe (no width), is left as it is")
    func unchanged() {
        let text = "remission: nas: connection refused\n  aligned:   two   spaces"
        #expect(TerminalText.fitted(text, width: 80) == text)
        let long = String(repeating: "word ", count: 40)
        #expect(TerminalText.fitted(long, width: Int.max) == long)
    }

    @Test("prose is broken at spaces under its own indent plus two, its inner spacing kept; no word is cut")
    func prose() {
        let line = "    Someone may be intercepting the connection, or the server's certificate was replaced."
        let fitted = TerminalText.fitted(line, width: 80).split(separator: "\n").map(String.init)
        #expect(
            fitted == [
                "    Someone may be intercepting the connection, or the server's certificate was",
                "      replaced.",
            ])
        #expect(TerminalText.fitted("a:  b  " + String(repeating: "c ", count: 10), width: 12).hasPrefix("a:  b  c c"))
        for width in [20, 33, 47, 80] {
            let words = line.split(separator: " ")
            let lines = TerminalText.fitted(line, width: width).split(separator: "\n")
            #expect(lines.allSatisfy { TerminalText.width(String($0)) <= width }, "\(lines)")
            #expect(lines.flatMap { $0.split(separator: " ") } == words, "a word was cut at \(width): \(lines)")
        }
    }

    @Test("a command in a sentence moves whole onto a line of its own; one wider than a line continues with ' \\'")
    func commands() {
        let hint =
            "hint: If the server's certificate was renewed on purpose, run: remission trust show moved, "
            + "then remission trust accept moved --fingerprint \(Self.fingerprint)"
        let lines = TerminalText.fitted(hint, width: 80).split(separator: "\n").map(String.init)
        #expect(lines.contains("  remission trust show moved, then"), "\(lines)")
        #expect(lines.contains("  remission trust accept moved --fingerprint \\"), "\(lines)")
        #expect(lines.last?.hasSuffix(Self.fingerprint) == true, "\(lines)")
        #expect(lines.allSatisfy { TerminalText.width($0) <= 80 }, "\(lines)")
        let ssh =
            "If it was changed on purpose, remove the old one (ssh-keygen -f '/home/a/.ssh/known_hosts' -R "
            + "'[127.0.0.1]:48601') and accept the new one with: ssh -F /tmp/config nas"
        let sshLines = TerminalText.fitted(ssh, width: 80).split(separator: "\n").map(String.init)
        #expect(
            sshLines.contains { $0.contains("(ssh-keygen -f '/home/a/.ssh/known_hosts' -R '[127.0.0.1]:48601')") },
            "\(sshLines)")
        #expect(sshLines.last?.hasSuffix(" ssh -F /tmp/config nas") == true, "\(sshLines)")
    }

    @Test("a fingerprint wider than the room stays whole, moved left; colours take no cells")
    func longWordsAndColours() {
        let lines = TerminalText.fitted("        accepted: \(Self.fingerprint) here", width: 72)
            .split(separator: "\n").map(String.init)
        #expect(lines.contains(Self.fingerprint) || lines.contains { $0.hasSuffix(Self.fingerprint) }, "\(lines)")
        #expect(lines.allSatisfy { TerminalText.width($0) <= 72 }, "\(lines)")
        let styled = "\u{1B}[33mwarning:\u{1B}[0m " + String(repeating: "x", count: 71)
        #expect(TerminalText.displayWidth(styled) == 80)
        #expect(TerminalText.fitted(styled, width: 80) == styled)
    }

    @Test("Russian and wide characters are measured in cells")
    func cells() {
        let russian = "Сертификат сервера изменился: кто-то может перехватывать соединение, или сертификат заменили."
        let lines = TerminalText.fitted(russian, width: 40).split(separator: "\n")
        #expect(lines.count == 3 && lines.allSatisfy { TerminalText.width(String($0)) <= 40 }, "\(lines)")
        #expect(TerminalText.fitted("東京 東京 東京", width: 9) == "東京 東京\n  東京")
    }
}
