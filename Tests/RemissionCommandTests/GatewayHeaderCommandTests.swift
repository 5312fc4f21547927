import Foundation
import RemissionModel
import RemissionRPC
import TestSupport
import Testing

/// `connect --header/--secret-header` against a real nginx `auth_request` gateway in front of the
/// bed's daemons (3.00 and 4.1.3), in the keyring of scripts/with-keyring.
@Suite("Gateway headers: nginx auth_request in front of the daemons (process)", .serialized)
struct GatewayHeaderCommandTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    static let secret = GatewayNginx.secret
    static let idHeader = "CF-Access-Client-Id: \(GatewayNginx.clientID)"

    func connect(_ home: CLIHome, _ url: String, name: String, secret: String = secret, extra: [String] = [])
        throws -> CLIHome.Result
    {
        try home.run(
            [
                "connect", url, "--name", name, "--ca-file", bed.caFile, "--header", Self.idHeader,
                "--secret-header", "CF-Access-Client-Secret",
            ] + extra, stdin: secret + "\n", env: ["TR_AUTH": bed.credentials])
    }

    @Test(
        "without the headers check and list name the gateway; with them list and session work, read back over RPC",
        arguments: daemonMatrix, GatewayNginx.Kind.allCases)
    func throughGateway(daemon: TestBed.Daemon, kind: GatewayNginx.Kind) throws {
        let gateway = try GatewayNginx(bed: bed, daemons: [daemon])
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let url = gateway.url(daemon, kind, bed: bed)
        let product = kind == .redirect ? "Cloudflare Access" : "unknown"

        let bare = try home.run(["check", url, "--ca-file", bed.caFile], env: ["TR_AUTH": bed.credentials])
        #expect(bare.status == 4, "\(bare.all)")
        #expect(
            bare.out.contains("an authentication gateway (\(product)) answered instead of Transmission"), "\(bare.all)")
        #expect(bare.out.contains("--secret-header"), "\(bare.out)")
        let list = try home.run(["list", url, "--ca-file", bed.caFile], env: ["TR_AUTH": bed.credentials])
        #expect(list.status == 4, "\(list.all)")
        #expect(list.err.contains("an authentication gateway (\(product))"), "\(list.err)")
        #expect(!list.err.contains("not a Transmission RPC answer"), "\(list.err)")

        let connected = try connect(home, url, name: "gw")
        #expect(connected.status == 0, "\(connected.all)")
        #expect(connected.err.contains("CF-Access-Client-Secret stored in the keyring"), "\(connected.err)")
        let servers = try String(contentsOfFile: home.configDirectory + "/servers.json", encoding: .utf8)
        #expect(servers.contains("CF-Access-Client-Secret") && servers.contains(GatewayNginx.clientID), "\(servers)")
        #expect(!servers.contains(Self.secret))

        // A second run: the password and the header's value both from the keyring, nothing given.
        let listed = try home.run(["list", "--server", "gw", "--json", "-v"])
        #expect(listed.status == 0, "\(listed.all)")
        #expect(!listed.all.contains(Self.secret))
        #expect(listed.err.contains("CF-Access-Client-Secret: <secret>"), "\(listed.err)")
        let reader = try bed.daemonReader(daemon)
        let onDaemon = try reader.torrentGet(fields: [.id], format: .objects).map(\.id).sorted()
        #expect(try listedTorrents(listed.out).map(\.id).sorted() == onDaemon)
        let limit = 400 + Int.random(in: 0..<100)
        let set = try home.run(["session", "gw", "--down-limit", String(limit)])
        #expect(set.status == 0, "\(set.all)")
        #expect(try reader.sessionGet(fields: [.speedLimitDown]).speedLimitDown == limit)
        #expect(gateway.accessLog.contains("POST /transmission/rpc"), "nginx saw no request")

        let stored = try bed.run(
            "secret-tool",
            args: [
                "lookup", "server", url.replacingOccurrences(of: bed.rpcPath, with: ""), "header",
                "cf-access-client-secret",
            ])
        #expect(stored.stdoutText == Self.secret)
        for (path, text) in home.writtenFiles() { #expect(!text.contains(Self.secret), "\(path)") }
        let shown = try home.run(["servers"])
        #expect(shown.out.contains("Headers: CF-Access-Client-Id, CF-Access-Client-Secret (keyring)"), "\(shown.out)")

        // Re-pointed, the value moves to the new address's item; removed, the item goes.
        var current = url
        if kind == .redirect {
            current = gateway.url(daemon, .loginPage, bed: bed)
            let moved = try home.run(
                ["servers", "set-url", "gw", current, "--ca-file", bed.caFile, "--keep-old"],
                env: ["TR_AUTH": bed.credentials])
            #expect(moved.status == 0, "\(moved.all)")
            #expect(try home.run(["list", "--server", "gw"]).status == 0)
            #expect(try lookUpSecret(current) == Self.secret)
        }
        let removed = try home.run(["servers", "remove", "gw", "--yes"])
        #expect(removed.all.contains("Removed the keyring value of CF-Access-Client-Secret."), "\(removed.all)")
        #expect(try lookUpSecret(current) == "")
    }

    /// A header whose name says what it holds (password, auth, session…) is secret without
    /// --secret-header: its value goes to the keyring, never to servers.json or the -v log.
    @Test("--header 'X-Api-Password: …' and 'X-Auth-Session: …': in the keyring, not servers.json or -v")
    func secretByName() throws {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let value = "pw-\(UUID().uuidString.prefix(8))"
        let connected = try home.run(
            [
                "connect", bed.daemonURL(), "--name", "api", "--header", "X-Api-Password: \(value)", "--header",
                "X-Auth-Session: s-\(value)", "--header", "X-Client: plain-value", "--no-save-password",
            ], env: ["TR_AUTH": bed.credentials])
        #expect(connected.status == 0, "\(connected.all)")
        #expect(connected.err.contains("note: the header X-Api-Password is secret"), "\(connected.err)")
        #expect(
            connected.err.contains("values of X-Api-Password, X-Auth-Session stored in the keyring"), "\(connected.err)"
        )
        let servers = try #require(readText(home.configDirectory + "/servers.json"))
        #expect(servers.contains("X-Api-Password") && servers.contains("X-Auth-Session"), "\(servers)")
        #expect(!servers.contains("pw-"), "\(servers)")
        #expect(servers.contains("plain-value"), "a plain header stays plain: \(servers)")
        let listed = try home.run(["list", "--server", "api", "-v"], env: ["TR_AUTH": bed.credentials])
        #expect(listed.status == 0, "\(listed.all)")
        #expect(listed.err.contains("X-Api-Password: <secret>"), "\(listed.err)")
        #expect(!listed.all.contains("\(value)\n") && !listed.all.contains(": " + value), "\(listed.all)")
        #expect(!listed.all.contains("s-\(value)"), "\(listed.all)")
        let server = bed.daemonURL().replacingOccurrences(of: bed.rpcPath, with: "")
        let stored = try bed.run("secret-tool", args: ["lookup", "server", server, "header", "x-api-password"])
        #expect(stored.stdoutText == value)
        _ = try home.run(["servers", "remove", "api", "--yes"])
    }

    func lookUpSecret(_ url: String) throws -> String {
        try bed.run(
            "secret-tool",
            args: [
                "lookup", "server", url.replacingOccurrences(of: bed.rpcPath, with: ""), "header",
                "cf-access-client-secret",
            ]
        ).stdoutText
    }

    @Test("a wrong secret: connect saves nothing; a saved wrong one makes check and list name the gateway")
    func wrongSecret() throws {
        let gateway = try GatewayNginx(bed: bed, daemons: [.main])
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let url = gateway.url(.main, .redirect, bed: bed)
        let refused = try connect(home, url, name: "gw", secret: "wrong-value-1234")
        #expect(refused.status == 4, "\(refused.all)")
        #expect(
            refused.out.contains("It did not accept the headers sent (CF-Access-Client-Id, CF-Access-Client-Secret)"))
        #expect(!FileManager.default.fileExists(atPath: home.configDirectory + "/servers.json"))

        let saved = try connect(home, url, name: "gw", secret: "wrong-value-1234", extra: ["--save-offline"])
        #expect(saved.status == 4, "\(saved.all)")
        let check = try home.run(["check", "gw"])
        #expect(check.status == 4, "\(check.all)")
        #expect(check.out.contains("an authentication gateway (Cloudflare Access) answered"), "\(check.out)")
        #expect(check.out.contains("remission connect \(url) --server gw"), "\(check.out)")
        let list = try home.run(["list", "--server", "gw"])
        #expect(list.status == 4 && list.err.contains("did not accept the headers sent"), "\(list.all)")
        #expect(!(check.all + list.all).contains("wrong-value-1234"))

        // Fixed by connecting again with the right value; --remove-header then drops it.
        let fixed = try connect(home, url, name: "gw")
        #expect(fixed.status == 0, "\(fixed.all)")
        let removed = try home.run(
            ["connect", url, "--name", "gw", "--ca-file", bed.caFile, "--remove-header", "CF-Access-Client-Secret"])
        #expect(removed.status == 4, "\(removed.all)")
    }

    @Test("refused names and values, with clear words and exit 2; the value is never shown")
    func refusedHeaders() throws {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let url = bed.daemonURL(.main)
        let cases: [([String], String)] = [
            (["--header", "Host: evil.example"], "Remission writes the header Host itself"),
            (["--header", "X-Transmission-Session-Id: 1"], "writes the header X-Transmission-Session-Id itself"),
            (["--header", "Bad Name: x"], "'Bad Name' is not a header name"),
            (["--header", "X-Token: abc\r\nInjected: 1"], "holds a line break, NUL or another control character"),
            (["--header", "NoColonHere"], "is not 'Name: value'"),
            (
                ["--header", "Authorization: Bearer abc-secret", "--user", "admin"],
                "cannot go with Transmission's user"
            ),
        ]
        for (flags, words) in cases {
            let result = try home.run(["connect", url, "--name", "x"] + flags)
            #expect(result.status == 2, "\(flags): \(result.all)")
            #expect(result.err.contains(words), "\(flags): \(result.err)")
            #expect(!result.all.contains("abc-secret") && !result.all.contains("Injected"), "\(result.all)")
        }
    }

    @Test("without a keyring the server is saved without the value; a later command without a terminal exits 7")
    func noKeyring() throws {
        let gateway = try GatewayNginx(bed: bed, daemons: [.main])
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let url = gateway.url(.main, .loginPage, bed: bed)
        let noBus = ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/nonexistent"]
        let connected = try home.run(
            [
                "connect", url, "--name", "gw", "--ca-file", bed.caFile, "--header", Self.idHeader,
                "--secret-header", "CF-Access-Client-Secret",
            ], stdin: Self.secret + "\n", env: noBus.merging(["TR_AUTH": bed.credentials]) { _, new in new })
        #expect(connected.status == 0, "\(connected.all)")
        #expect(connected.err.contains("the password was not stored"), "\(connected.err)")
        #expect(connected.err.contains("The value of CF-Access-Client-Secret was not stored."), "\(connected.err)")
        let list = try home.run(
            ["list", "--server", "gw"], env: noBus.merging(["TR_AUTH": bed.credentials]) { _, new in new })
        #expect(list.status == 7, "\(list.all)")
        #expect(!list.all.contains(Self.secret))
    }

    @Test("on a terminal --secret-header asks without echo; the value is in no argument and no output")
    func askedOnTerminal() throws {
        let gateway = try GatewayNginx(bed: bed, daemons: [.main])
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let arguments = [
            "connect", gateway.url(.main, .redirect, bed: bed), "--name", "gw", "--ca-file", bed.caFile, "--header",
            Self.idHeader, "--secret-header", "CF-Access-Client-Secret",
        ]
        #expect(!arguments.joined(separator: " ").contains(Self.secret))  // so never in `ps`
        let result = try home.runOnTerminal(arguments, lines: [Self.secret], env: ["TR_AUTH": bed.credentials])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.all.contains("Value of the header CF-Access-Client-Secret for"), "\(result.all)")
        #expect(!result.all.contains(Self.secret), "\(result.all)")
        let listed = try home.run(["list", "--server", "gw"])
        #expect(listed.status == 0, "\(listed.all)")
    }

    @Test("through a proxy (SOCKS5, CONNECT) the headers go too, inside the tunnel")
    func throughProxy() throws {
        let gateway = try GatewayNginx(bed: bed, daemons: [.main])
        for (kind, scheme) in [(TestProxy.Kind.socks5, "socks5h"), (.connect, "http")] {
            let proxy = try TestProxy(kind)
            let home = CLIHome(bed: bed)
            defer { try? FileManager.default.removeItem(atPath: home.directory) }
            let url = gateway.url(.main, .redirect, bed: bed)
            let connected = try connect(home, url, name: "gw", extra: ["--proxy", proxy.url(scheme: scheme)])
            #expect(connected.status == 0, "\(scheme): \(connected.all)")
            let listed = try home.run(["list", "--server", "gw"])
            #expect(listed.status == 0, "\(scheme): \(listed.all)")
            #expect(proxy.tunnels.count >= 2, "\(proxy.tunnels)")
        }
    }

    @Test("Russian: the gateway is named in Russian")
    func russian() throws {
        let gateway = try GatewayNginx(bed: bed, daemons: [.main])
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let result = try home.run(
            ["check", gateway.url(.main, .loginPage, bed: bed), "--ca-file", bed.caFile],
            env: ["LANG": "ru_RU.UTF-8", "TR_AUTH": bed.credentials])
        #expect(result.status == 4, "\(result.all)")
        #expect(result.out.contains("шлюз аутентификации (неизвестный)"), "\(result.out)")
    }
}
