import Foundation
import TestSupport
import Testing

extension ServersWorld {
    /// Runs remission on a pseudo-terminal in this world, typing each line of `lines` when it is
    /// waiting for one, as a person answers prompts.
    func remissionOnTerminal(
        _ arguments: [String], lines: [String], withKeyring: Bool = true, extra: [String: String] = [:]
    ) throws -> (status: Int32, out: String) {
        let result = try PseudoTerminal.run(
            [remissionPath] + arguments, typing: lines.map { $0 + "\n" },
            env: environment(withKeyring: withKeyring, extra: extra), clearEnvironment: true)
        return (result.status, result.stdoutText)
    }

    /// No session bus at all: an empty address is no address, and no `$XDG_RUNTIME_DIR/bus`.
    static let noBus = ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/nonexistent"]
}

/// Issue 14: a password typed at a prompt that worked is offered for the keyring (git's credential
/// approve), only on a terminal and only when the keyring can take it.
@Suite("A typed password that worked is offered for the keyring (pseudo-terminal, real daemon, private keyring)")
struct PasswordOfferTests {
    @Test("list asks the password, lists, offers to store it: no keeps nothing, y stores it; scripts then use it")
    func listOffers() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas", extra: ["--no-save-password"])
        #expect(try world.secretToolLookup() == nil)

        let declined = try world.remissionOnTerminal(["list"], lines: [world.bed.password, "no"])
        #expect(declined.status == 0, "\(declined.out)")
        #expect(declined.out.contains("Sum:"), "\(declined.out)")
        #expect(declined.out.contains("Store this password in the keyring as \"Remission: "))
        #expect(try world.secretToolLookup() == nil)

        let accepted = try world.remissionOnTerminal(["info", "1"], lines: [world.bed.password, "y"])
        #expect(accepted.out.contains("Store this password in the keyring"), "\(accepted.out)")
        #expect(accepted.out.contains("Stored the password for \(world.bed.user)@"), "\(accepted.out)")
        #expect(!accepted.out.contains(world.bed.password))
        #expect(try world.secretToolLookup() == world.bed.password)

        let script = try world.remission(["list"])
        #expect(script.status == 0, "\(script.err)")
        let again = try world.remissionOnTerminal(["list"], lines: [])
        #expect(again.status == 0 && !again.out.contains("Password for"), "\(again.out)")
        #expect(!again.out.contains("Store this password"))
    }

    @Test("a wrong password is not offered; check offers one that worked")
    func onlyWhatWorked() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas", extra: ["--no-save-password"])
        let wrong = try world.remissionOnTerminal(["list"], lines: ["not-the-password", "yes"])
        #expect(wrong.status == 4, "\(wrong.out)")
        #expect(!wrong.out.contains("Store this password"))
        let check = try world.remissionOnTerminal(["check"], lines: [world.bed.password, "yes"])
        #expect(check.status == 0, "\(check.out)")
        #expect(check.out.contains("ONLINE") && check.out.contains("Stored the password"), "\(check.out)")
        #expect(try world.secretToolLookup() == world.bed.password)
    }

    /// What the server facts cache remembers (an rpc-version) is no proof that a password works: only
    /// an answer to a request that carried it is.
    @Test(
        "a warm facts cache: a wrong password typed once the keyring item is gone is neither offered nor stored",
        arguments: [["list"], ["stats"], ["info", "1"], ["start", "1"], ["remove", "1", "--yes"], ["session"]])
    func wrongPasswordWithWarmCache(command: [String]) throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas")
        let warm = try world.remission(["list"])  // learns the server's rpc-version and dialect (cache)
        #expect(warm.status == 0, "\(warm.out)\(warm.err)")
        #expect(try world.remission(["credentials", "forget", "nas"]).status == 0)
        #expect(try world.secretToolLookup() == nil)

        let wrong = try world.remissionOnTerminal(command, lines: ["not-the-password", "yes"])
        #expect(wrong.status == 4, "\(wrong.out)")
        #expect(wrong.out.contains("Password for"), "\(wrong.out)")
        #expect(!wrong.out.contains("Store this password"), "\(wrong.out)")
        #expect(try world.secretToolLookup() == nil)

        // Its diagnostics record names no rpc-version it did not see (the cache's is not an answer).
        let log = try world.remission(["log", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(log.out.utf8)) as? [String: Any]
        let last = try #require((object?["records"] as? [[String: Any]])?.last)
        #expect(last["command"] as? String == command[0] && last["exitCode"] as? Int == 4, "\(last)")
        #expect(last["rpcVersion"] == nil || last["rpcVersion"] is NSNull, "\(last)")
        #expect(last["dialect"] == nil || last["dialect"] is NSNull, "\(last)")
    }
}

/// Issue 14: connect where no keyring can be used (SSH without D-Bus) saves the server and its trust
/// without the password, says why, and how to give it later.
@Suite("connect without a usable keyring (pseudo-terminal and script, real daemon and nginx)")
struct KeyringlessConnectTests {
    @Test("on a terminal: trust yes, user, password; saved without the password, why, and how to give it")
    func onTerminal() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        let url = world.bed.url(for: .selfSigned)
        let result = try world.remissionOnTerminal(
            ["connect", url, "--name", "ssh"], lines: ["yes", world.bed.user, world.bed.password],
            withKeyring: false, extra: ServersWorld.noBus)
        #expect(result.status == 0, "\(result.out)")
        #expect(result.out.contains("ONLINE"))
        #expect(
            result.out.flowing.contains(
                "saved server 'ssh' (default); the password was not stored. No D-Bus session bus"))
        #expect(result.out.flowing.contains("--password-stdin or TR_AUTH=user:password"))
        #expect(result.out.flowing.contains("On a terminal remission asks for it when it is needed"))
        #expect(world.read(world.serversFile)?.contains("\"user\" : \"\(world.bed.user)\"") == true)
        let fingerprint = try world.bed.fingerprint(.selfSigned).replacingOccurrences(of: ":", with: "").uppercased()
        #expect(world.read(world.trustFile)?.contains(fingerprint) == true)
        // With no keyring to take it, the password went nowhere else (the keyring was out of reach).
        #expect(world.filesContaining(world.bed.password).isEmpty, "\(world.filesContaining(world.bed.password))")

        // Later, the saved server works with TR_AUTH, as the message says.
        let later = try world.remission(
            ["check", "ssh"], withKeyring: false,
            extra: ServersWorld.noBus.merging(["TR_AUTH": "\(world.bed.user):\(world.bed.password)"]) { $1 })
        #expect(later.status == 0, "\(later.out)\(later.err)")
    }

    @Test("without a terminal (--password-stdin): saved without the password, exit 0, the reason said")
    func script() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        let result = try world.remission(
            ["connect", world.bed.daemonURL(), "--name", "box", "--user", world.bed.user, "--password-stdin"],
            input: world.bed.password + "\n", withKeyring: false, extra: ServersWorld.noBus)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.err.contains("saved server 'box' (default); the password was not stored. No D-Bus session bus"))
        #expect(world.read(world.serversFile)?.contains("\"name\" : \"box\"") == true)
        let withBus = try world.remission(["credentials", "status", "box"])
        #expect(!withBus.out.contains("keyring") || withBus.status == 0)
        #expect(world.filesContaining(world.bed.password).isEmpty, "\(world.filesContaining(world.bed.password))")
    }
}

/// Issue 14: one rule for yes/no answers (yes or y), and Ctrl-C at a question leaves a fresh line.
@Suite("Answers to questions (pseudo-terminal, private keyring)")
struct AnswerRuleTests {
    @Test("trust forget takes y as servers remove does; any other answer changes nothing")
    func oneRule() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas")
        let url = world.bed.url(for: .selfSigned)
        let fingerprint = try world.bed.fingerprint(.selfSigned)
        let accept = try world.remission(["trust", "accept", url, "--fingerprint", fingerprint])
        #expect(accept.status == 0, "\(accept.err)")
        let kept = try world.remissionOnTerminal(["trust", "forget", url], lines: ["nah"])
        #expect(kept.status == 1, "\(kept.out)")
        #expect(world.read(world.trustFile)?.contains("accepted") == true)
        let forgot = try world.remissionOnTerminal(["trust", "forget", url], lines: ["Y"])
        #expect(forgot.status == 0, "\(forgot.out)")
        #expect(world.read(world.trustFile)?.contains("accepted") != true)
        let removed = try world.remissionOnTerminal(["servers", "remove", "nas"], lines: ["y"])
        #expect(removed.status == 0, "\(removed.out)")
        #expect(world.read(world.serversFile)?.contains("\"nas\"") != true)
        let help = try world.remission(["trust", "forget", "--help"])
        let words = help.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("A question takes yes or y; any other answer, or none, is no."), "\(help.out)")
    }

    @Test("Ctrl-C at a question: exit 130, and what follows starts on a fresh line")
    func interrupted() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas")
        // Ctrl-C is typed once remission waits at the question, then bash goes on.
        let result = try PseudoTerminal.run(
            ["/bin/bash", "-c", "\"$@\"; printf 'AFTER\\n'", "bash", world.remissionPath, "servers", "remove", "nas"],
            typing: ["\u{03}"], env: world.environment(), clearEnvironment: true)
        let screen = result.stdoutText
        let question = try #require(screen.range(of: "(yes/no) "), "\(screen)")
        let rest = screen[question.upperBound...]
        #expect(
            rest.hasPrefix("^C\r\n") || rest.hasPrefix("\r\n") || rest.hasPrefix("\n"), "\(Array(rest.utf8.prefix(8)))")
        #expect(rest.contains("AFTER") && !rest.hasPrefix("AFTER"))
        #expect(world.read(world.serversFile)?.contains("\"nas\"") == true)  // nothing removed
    }
}
