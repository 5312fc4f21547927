import Foundation
import TestSupport
import Testing

/// Issue 32, prompts that forgive, as a newcomer meets them: `connect` to a real Caddy (`tls
/// internal`) in tmux at 80×24, answering the certificate question with a mistyped `~` path, then
/// Caddy's intermediate.crt, then the root copied to the home directory. The question is asked
/// again each time, naming why and (for the intermediate) the root beside it; the third answer
/// connects, and the root's path is what was saved.
@Suite("connect's certificate question forgives (process, tmux 80x24, real Caddy)", .serialized)
struct TrustPromptTmuxTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    /// The pane's text without blanks and line breaks, so that words and paths wrapped by TerminalText
    /// or by the terminal read whole.
    func squeezed(_ pane: Tmux) -> String { squeezed(pane.capture()) }
    func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    func count(_ text: String, in pane: Tmux) -> Int { pane.capture().components(separatedBy: text).count - 1 }

    @Test("a mistyped ~ path and an intermediate ask again; ~/root.crt connects and is saved", arguments: ["en", "ru"])
    func forgivingQuestion(language: String) throws {
        let caddy = try CaddyRenewalTests.Caddy(bed: bed)
        let url = "https://localhost:\(caddy.port)/transmission/rpc"
        let pane = try Tmux(
            bed: bed, arguments: ["--lang", language, "connect", url, "--name", "caddy"], columns: 80, rows: 24,
            addServer: false)
        defer { pane.kill() }
        let home = pane.directory + "/home"
        try FileManager.default.copyItem(atPath: caddy.root, toPath: home + "/caddy-root.crt")
        let russian = language == "ru"
        let question = russian ? "Доверять? (" : "Trust? ("
        #expect(pane.waitFor(timeout: 30) { $0.contains(question) }, "\(pane.capture())")
        #expect(
            squeezed(pane).contains(
                squeezed(russian ? "от вашего домашнего каталога (\(home))" : "from your home directory (\(home))")),
            "\(pane.capture())")

        pane.type("~/cadddy-root.crt")
        pane.send("Enter")
        let tries2 = russian ? "осталось 2 попытки" : "2 tries left"
        #expect(pane.waitFor { $0.contains(tries2) && self.count(question, in: pane) == 2 }, "\(pane.capture())")
        #expect(squeezed(pane).contains(squeezed(home + "/cadddy-root.crt")), "\(pane.capture())")

        pane.type(caddy.intermediate)
        pane.send("Enter")
        let last = russian ? "последняя попытка" : "last try"
        #expect(pane.waitFor { $0.contains(last) }, "\(pane.capture())")
        #expect(squeezed(pane).contains(squeezed(caddy.root)), "\(pane.capture())")
        #expect(
            squeezed(pane).contains(
                squeezed(russian ? "не содержит корневого сертификата" : "holds no root certificate")),
            "\(pane.capture())")

        pane.type("~/caddy-root.crt")
        pane.send("Enter")
        #expect(pane.waitFor(timeout: 30) { $0.contains("EXITED=") }, "\(pane.capture())")
        #expect(pane.capture().contains("EXITED=0"), "\(pane.capture())")
        #expect(pane.capture().contains(russian ? "ДОСТУПЕН" : "ONLINE"), "\(pane.capture())")
        let trust = try String(contentsOfFile: pane.directory + "/config/trust.json", encoding: .utf8)
        #expect(trust.contains("\"caFile\" : \"\(home)/caddy-root.crt\""), "\(trust)")
        #expect(!trust.contains("intermediate.crt"), "\(trust)")
    }

    @Test("three files that cannot serve end the question: exit 2, nothing saved")
    func threeTries() throws {
        let caddy = try CaddyRenewalTests.Caddy(bed: bed)
        let pane = try Tmux(
            bed: bed, arguments: ["connect", "https://localhost:\(caddy.port)/", "--name", "caddy"], columns: 80,
            rows: 24, addServer: false)
        defer { pane.kill() }
        #expect(pane.waitFor(timeout: 30) { $0.contains("Trust? (") }, "\(pane.capture())")
        for answer in ["missing.crt", caddy.intermediate, "~/nothing.pem"] {
            pane.type(answer)
            pane.send("Enter")
            usleep(300_000)
        }
        #expect(pane.waitFor(timeout: 30) { $0.contains("EXITED=") }, "\(pane.capture())")
        #expect(pane.capture().contains("EXITED=2"), "\(pane.capture())")
        #expect(!FileManager.default.fileExists(atPath: pane.directory + "/config/trust.json"))
    }

    @Test("connect --ca-file and trust ca with Caddy's intermediate: used as given, with a warning naming root.crt")
    func flagsWarn() throws {
        let caddy = try CaddyRenewalTests.Caddy(bed: bed)
        let home = CLIHome(bed: bed)
        let url = "https://localhost:\(caddy.port)/transmission/rpc"
        let connected = try home.run(
            ["connect", url, "--name", "caddy", "--ca-file", caddy.intermediate], env: ["TR_AUTH": bed.credentials])
        #expect(connected.status == 0, "\(connected.all)")
        #expect(connected.err.contains("holds no root certificate"), "\(connected.all)")
        #expect(connected.err.contains("  --ca-file \(caddy.root)"), "\(connected.all)")
        let set = try home.run(["trust", "ca", "caddy", caddy.intermediate])
        #expect(set.status == 0, "\(set.all)")
        #expect(set.err.contains("  remission trust ca caddy \(caddy.root)"), "\(set.all)")
        // The command it names works: the root replaces the intermediate, ONLINE, no warning.
        let root = try home.run(["trust", "ca", "caddy", caddy.root])
        #expect(root.status == 0, "\(root.all)")
        #expect(!root.err.contains("holds no root"), "\(root.all)")
        let check = try home.run(["check", "caddy"], env: ["TR_AUTH": bed.credentials])
        #expect(check.status == 0, "\(check.all)")
    }
}
