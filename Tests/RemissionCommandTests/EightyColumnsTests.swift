import Foundation
import TestSupport
import Testing

@testable import RemissionViews

/// What a newcomer sees on an 80-column terminal (a pseudo-terminal, as in tmux): check's detail
/// lines (the fingerprint and pin of a refused certificate, the rpc line) and `remission log` wrap at
/// spaces instead of being broken mid-word by the terminal, in both languages.
@Suite("80 columns on a terminal: check and log (process, pty, real daemon and nginx)")
struct EightyColumnsTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    /// The lines the terminal showed, without carriage returns.
    func shown(_ result: CLIHome.Result) -> [String] {
        result.out.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
    }

    func expectFits(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines {
            #expect(
                TerminalText.width(line) <= 80, "\(TerminalText.width(line)): \(line)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "check: an untrusted certificate's fingerprint and pin, and the rpc line, fit; so does log",
        arguments: ["en", "ru"])
    func checkAndLog(language: String) throws {
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let refused = try home.runOnTerminal(["--lang", language, "check", bed.url(for: .selfSigned)], lines: [])
        #expect(refused.status == 5, "\(refused.all)")
        let refusedLines = shown(refused)
        expectFits(refusedLines)
        let fingerprint = try bed.fingerprint(.selfSigned)
        #expect(refusedLines.contains { $0.hasSuffix(fingerprint) }, "\(refusedLines)")
        #expect(refusedLines.contains { $0.hasSuffix(try! bed.pin(.selfSigned)) }, "\(refusedLines)")
        // A command to copy is continued shell-style, so that pasting it runs it whole.
        let accept = try #require(refusedLines.firstIndex { $0.contains("remission trust accept") })
        #expect(refusedLines[accept].hasSuffix(" \\") && refusedLines[accept + 1].hasSuffix(" \\"), "\(refusedLines)")
        #expect(refusedLines[accept + 2].hasSuffix(fingerprint), "\(refusedLines)")

        let online = try home.runOnTerminal(
            ["--lang", language, "check", bed.daemonURL()], lines: [], env: ["TR_AUTH": bed.credentials])
        #expect(online.status == 0, "\(online.all)")
        expectFits(shown(online))
        #expect(shown(online).contains { $0.contains("rpc-version 16") }, "\(online.out)")

        let log = try home.runOnTerminal(["--lang", language, "log"], lines: [])
        #expect(log.status == 0, "\(log.all)")
        let logLines = shown(log)
        expectFits(logLines)
        let dialect = language == "en" ? "rpc-version 16, classic dialect" : "rpc-version 16, диалект classic"
        #expect(logLines.contains { $0.hasSuffix(dialect) }, "\(logLines)")
    }
}
