import Foundation
import TestSupport
import Testing

/// Issue 14: `servers set-url NAME URL` re-points a saved server through connect's use case: the trust
/// step for the new URL, the check, then the save; the old address's trust entry and keyring item are
/// offered for forgetting (asked on a terminal, --forget-old / --keep-old for scripts), never deleted
/// implicitly.
@Suite("servers set-url (process and pseudo-terminal, real daemon, nginx, private keyring)")
struct SetURLTests {
    @Test("without a terminal: trust by flag, checked, saved; the old item kept and named; --forget-old forgets")
    func script() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas")
        let selfSigned = world.bed.url(for: .selfSigned)
        let port = try #require(world.bed.port(for: .selfSigned))
        let fingerprint = try world.bed.fingerprint(.selfSigned)
        let moved = try world.remission(
            ["servers", "set-url", "nas", selfSigned, "--accept-fingerprint", fingerprint, "--password-stdin"],
            input: world.bed.password + "\n")
        #expect(moved.status == 0, "\(moved.out)\(moved.err)")
        #expect(moved.out.contains("ONLINE"))
        #expect(moved.err.contains("updated server 'nas'"), "\(moved.err)")
        #expect(moved.err.contains("The old address \(world.bed.daemonURL()) kept its password in the keyring"))
        #expect(moved.err.contains("nothing is deleted implicitly") && moved.err.contains("--forget-old"))
        #expect(
            world.read(world.serversFile)?.contains("\"port\" : \(port)") == true,
            "\(world.read(world.serversFile) ?? "")")
        let hex = fingerprint.replacingOccurrences(of: ":", with: "").uppercased()
        #expect(world.read(world.trustFile)?.contains(hex) == true)
        #expect(try world.secretToolLookup(port: port) == world.bed.password)
        #expect(try world.secretToolLookup() == world.bed.password)  // kept: never deleted implicitly

        let back = try world.remission(["servers", "set-url", "nas", world.bed.daemonURL(), "--forget-old"])
        #expect(back.status == 0, "\(back.out)\(back.err)")
        #expect(back.err.contains("Forgot what the old address \(selfSigned) kept: its trust settings"), "\(back.err)")
        #expect(world.read(world.trustFile)?.contains(hex) != true)
        #expect(try world.secretToolLookup(port: port) == nil)
        #expect(try world.secretToolLookup() == world.bed.password)
        let check = try world.remission(["check", "nas"])
        #expect(check.status == 0, "\(check.err)")
    }

    @Test("on a terminal: the certificate asked, the password asked, then whether to forget the old address")
    func onTerminal() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas")
        let selfSigned = world.bed.url(for: .selfSigned)
        let port = try #require(world.bed.port(for: .selfSigned))
        let moved = try world.remissionOnTerminal(
            ["servers", "set-url", "nas", selfSigned], lines: ["yes", world.bed.password, "yes"])
        #expect(moved.status == 0, "\(moved.out)")
        #expect(moved.out.contains("Trust this certificate?"))
        #expect(moved.out.contains("Password for \(world.bed.user)@"))
        #expect(moved.out.contains("Forget what the old address \(world.bed.daemonURL()) kept"))
        #expect(moved.out.contains("Forgot what the old address"))
        #expect(try world.secretToolLookup() == nil)
        #expect(try world.secretToolLookup(port: port) == world.bed.password)
        // The try without a password (it learns the 401) is a step: one record, the outcome.
        let log = try world.remission(["log", "--json"])
        #expect(log.out.components(separatedBy: "\"command\":\"servers set-url\"").count == 2, "\(log.out)")
        #expect(!log.out.contains("unauthorized"), "\(log.out)")
    }

    @Test("connect --server NAME re-points the same way: --yes to re-point, --forget-old forgets the old item")
    func connectServer() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas")
        let selfSigned = world.bed.url(for: .selfSigned)
        let port = try #require(world.bed.port(for: .selfSigned))
        let unasked = try world.remission(
            [
                "connect", selfSigned, "--server", "nas", "--accept-fingerprint",
                try world.bed.fingerprint(.selfSigned),
                "--password-stdin",
            ], input: world.bed.password + "\n")
        #expect(unasked.status == 2, "\(unasked.err)")  // re-pointing needs --yes without a terminal
        let moved = try world.remission(
            [
                "connect", selfSigned, "--server", "nas", "--yes", "--forget-old", "--accept-fingerprint",
                try world.bed.fingerprint(.selfSigned), "--password-stdin",
            ], input: world.bed.password + "\n")
        #expect(moved.status == 0, "\(moved.out)\(moved.err)")
        #expect(moved.err.contains("Forgot what the old address \(world.bed.daemonURL()) kept: its password"))
        #expect(try world.secretToolLookup() == nil)
        #expect(try world.secretToolLookup(port: port) == world.bed.password)
    }

    @Test("a name not saved is refused; a declined certificate changes nothing")
    func refusals() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        let missing = try world.remission(["servers", "set-url", "nosuch", world.bed.daemonURL()])
        #expect(missing.status == 2, "\(missing.err)")
        #expect(missing.err.contains("nosuch"))
        #expect(world.read(world.serversFile) == nil)

        try world.connect("nas")
        let before = world.read(world.serversFile)
        let declined = try world.remissionOnTerminal(
            ["servers", "set-url", "nas", world.bed.url(for: .selfSigned)], lines: ["no"])
        #expect(declined.status == 5, "\(declined.out)")
        #expect(world.read(world.serversFile) == before)
        let script = try world.remission(["servers", "set-url", "nas", world.bed.url(for: .selfSigned)])
        #expect(script.status == 5, "\(script.err)")
        #expect(script.err.contains("--accept-fingerprint"))
        #expect(world.read(world.serversFile) == before)
    }

    @Test("a bare host:port works where a URL does: check, list --server; plain HTTP elsewhere gets its URL")
    func bareHost() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        let auth = ["TR_AUTH": world.bed.credentials]
        let check = try world.remission(["check", "127.0.0.1:\(world.daemonPort)"], extra: auth)
        #expect(check.status == 0, "\(check.out)\(check.err)")
        #expect(check.out.contains("ONLINE"))
        let list = try world.remission(["list", "--server", "localhost:\(world.daemonPort)"], extra: auth)
        #expect(list.status == 0, "\(list.err)")
        let remote = try world.remission(["check", "nas.example:9091"], extra: auth)
        #expect(remote.status == 2, "\(remote.err)")
        #expect(remote.err.contains("http://nas.example:9091/transmission/rpc, plain HTTP to another host"))
    }
}
