import Foundation
import TestSupport
import Testing

@testable import RemissionViews

/// Issue 36: warnings and refusals are fitted to the terminal's width (at spaces, commands whole),
/// not cut mid-word by it, and stay whole lines through a pipe.
@Suite("warnings fitted to the terminal (process, tmux 80×24); whole lines through a pipe")
struct WrappingCommandTests {
    @Test("CERTIFICATE CHANGED when watch exits: within 80 cells, every word whole, in English and Russian")
    func watchExit() throws {
        let bed = try TestBed.shared
        let home = CLIHome(bed: bed)
        let connected = try home.run(
            [
                "connect", bed.url(for: .selfSigned), "--name", "moved", "--user", bed.user, "--password-stdin",
                "--accept-fingerprint", try bed.fingerprint(.selfSigned), "--no-save-password",
            ], stdin: bed.password)
        #expect(connected.status == 0, "\(connected.all)")
        // The accepted certificate becomes another one's: the server presents a different one now.
        let path = home.configDirectory + "/trust.json"
        let accepted = try bed.fingerprint(.selfSigned).replacingOccurrences(of: ":", with: "").uppercased()
        let other = try bed.fingerprint(.changed).replacingOccurrences(of: ":", with: "").uppercased()
        let trust = try String(contentsOfFile: path, encoding: .utf8)
        try trust.replacingOccurrences(of: accepted, with: other).write(toFile: path, atomically: true, encoding: .utf8)

        for language in ["en", "ru"] {
            // Through a pipe (in process: no terminal) the same refusal keeps its long lines.
            let piped = try home.run(
                ["list", "--server", "moved"], env: ["TR_AUTH": bed.credentials, "REMISSION_LANG": language])
            #expect(piped.status == 5, "\(piped.all)")
            let reference = piped.err.split(separator: "\n").map(String.init)
            #expect(reference.contains { TerminalText.width($0) > 80 }, "nothing to wrap: \(piped.err)")

            let pane = try Tmux(
                bed: bed, arguments: ["watch"], server: "moved", columns: 80, rows: 24,
                extra: ["REMISSION_CONFIG_HOME": home.configDirectory, "REMISSION_LANG": language])
            defer { pane.kill() }
            #expect(pane.waitFor { $0.contains("EXITED=5") }, "\(pane.captureHistory())")
            let shown = pane.captureHistory().split(separator: "\n").map(String.init)
                .prefix { !$0.hasPrefix("EXITED=") }.filter { !$0.isEmpty }
            for line in shown { #expect(TerminalText.width(line) <= 80, "\(line)") }
            // The same words in the same order: none cut in two by the terminal.
            func words(_ lines: [String]) -> [Substring] {
                lines.flatMap { $0.split(whereSeparator: \.isWhitespace) }.filter { $0 != "\\" }
            }
            #expect(words(Array(shown)) == words(reference), "\(shown.joined(separator: "\n"))")
            // Every command a person copies (remission …, openssl …) stays whole on one line.
            let commands = reference.flatMap { line in
                TerminalText.units(Substring(line.drop { $0 == " " })).filter(\.isCommand).map(\.text)
            }
            #expect(!commands.isEmpty, "\(reference)")
            for command in commands where TerminalText.width(command) <= 72 {
                #expect(shown.contains { $0.contains(command) }, "\(command) was broken: \(shown)")
            }
        }
    }
}
