import Foundation
import RemissionCredentials
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionStorage
import RemissionTransport
import RemissionTrust
import Testing
import TrustFixtures

@testable import RemissionViews

/// One row of the failure table: a failure, and the exit status, check step and hint it must get.
struct FailureRow: Sendable, CustomTestStringConvertible {
    var failure: Failure
    var status: RemissionSession.ExitStatus
    var step: CheckStepName?
    /// A part of the hint (a command or setting that works where it is shown); nil: no hint.
    var hint: String?

    var testDescription: String { "\(failure.cause)" }
}

/// Every kind of `Failure.Cause`, at least once, with what it must map to. Adding a cause without a
/// row fails `everyCauseIsCovered`.
enum FailureCatalogue {
    static let refusedChain = PresentedChain(certificates: [], problems: [])

    static func row(
        _ cause: Failure.Cause, _ status: RemissionSession.ExitStatus, _ step: CheckStepName?, hint: String?,
        server: String? = "nas"
    ) -> FailureRow {
        FailureRow(failure: Failure(cause, server: server), status: status, step: step, hint: hint)
    }

    static let rows: [FailureRow] =
        [
            row(.transport(.dns(host: "nas.invalid", detail: "")), .offline, .dns, hint: "DNS"),
            row(.transport(.refused(detail: "")), .offline, .tcp, hint: "transmission-daemon"),
            row(.transport(.unreachable(detail: "no route")), .offline, .tcp, hint: "firewall"),
            row(.transport(.timeout(phase: .connect, detail: "")), .offline, .tcp, hint: "firewall"),
            row(.transport(.timeout(phase: .tlsHandshake, detail: "")), .offline, .tls, hint: "--timeout"),
            row(.transport(.timeout(phase: .request, detail: "")), .offline, .http, hint: "--timeout"),
            row(.transport(.timeout(phase: .response, detail: "")), .offline, .http, hint: "stalled"),
            row(.transport(.timeout(phase: .proxyHandshake, detail: "")), .offline, .proxy, hint: "scheme"),
            row(.transport(.timeout(phase: .proxyTunnel, detail: "")), .offline, .proxy, hint: "scheme"),
            row(.transport(.timeout(phase: .commandDeadline, detail: "")), .offline, .http, hint: "calls before"),
            row(
                .transport(.trustRefused(.refused([.verification(.selfSigned)]), chain: refusedChain)), .trustRefused,
                .tls, hint: "remission trust show nas"),
            row(.transport(.tlsHandshake(detail: "no shared cipher")), .failure, .tls, hint: "HTTPS port"),
            row(.transport(.tlsHandshake(detail: "wrong version number")), .failure, .tls, hint: "insecure"),
            row(
                .authenticationGateway(
                    AuthenticationGateway(product: .authelia, status: 302, location: "https://a/?rd=x")),
                .authentication, .http, hint: "remission connect URL --server nas --secret-header Cookie"),
            row(.gatewayHeader(.reserved(name: "Host")), .usage, nil, hint: nil),
            row(.gatewayHeader(.authorizationWithPassword), .usage, nil, hint: nil),
            row(
                .gatewayHeader(.notInKeyring(name: "X-Token")), .keyring, nil,
                hint: "remission connect URL --server nas --secret-header X-Token"),
            row(.transport(.caFile(path: "/x.pem", detail: "is missing")), .failure, .tls, hint: "remission trust ca"),
            row(.transport(.connection(detail: "reset")), .failure, .http, hint: "remission check"),
            row(
                .transport(.responseTooLarge(limit: 128 << 20, announced: 600_000_000)), .failure, .http,
                hint: "Transmission daemon"),
            row(.transport(.other(code: 2, detail: "init")), .failure, .http, hint: "remission check"),
            row(
                .transport(.clientCertificateRefused(offered: true, alert: "unknown CA")), .clientCertificate, .tls,
                hint: "CA"),
            row(
                .clientCertificate(.required(url: "https://nas:8443/transmission/rpc")), .clientCertificate, .tls,
                hint: "remission connect https://nas:8443/transmission/rpc --server nas --client-cert FILE"),
            row(.clientCertificate(.rejected(alert: nil)), .clientCertificate, .tls, hint: "remission servers"),
            row(.proxyInput(.path), .usage, nil, hint: nil),
            row(
                .transport(.proxy(.unreachable(proxy: "http://p:1", detail: "refused"))), .offline, .proxy,
                hint: "no_proxy"),
            row(
                .transport(.proxy(.tunnelRefused(proxy: "http://p:1", status: 502, detail: ""))), .offline, .proxy,
                hint: "host and port"),
            row(
                .transport(.proxy(.tunnelRefused(proxy: "http://p:1", status: 403, detail: ""))), .serverRefused,
                .proxy,
                hint: "host and port"),
            row(
                .transport(.proxy(.authenticationRequired(proxy: "http://p:1"))), .authentication, .proxy,
                hint: "--proxy http://USER:PASSWORD"),
            row(
                .transport(
                    .proxy(
                        .untrusted(
                            proxy: "https://p:1", decision: .refused([.verification(.selfSigned)]), chain: refusedChain)
                    )),
                .trustRefused, .proxy, hint: "--proxy-ca-file"),
            row(.transport(.proxy(.handshake(proxy: "https://p:1", detail: "x"))), .failure, .proxy, hint: "http://"),
            row(
                .clientCertificate(.unusable(.wrongPassphrase(path: "/k.pem"))), .clientCertificate, .tls,
                hint: "REMISSION_CLIENT_KEY_PASSPHRASE"),
            row(
                .clientCertificate(.unusable(.expired(path: "/c.pem", notAfter: 0))), .clientCertificate, .tls,
                hint: "--client-cert FILE"),
            row(.unauthorized(user: nil, passwordSource: .none), .authentication, .auth, hint: "--password-stdin"),
            row(
                .unauthorized(user: "alice", passwordSource: .keyring), .authentication, .auth,
                hint: "remission credentials set nas"),
            row(
                .unauthorized(user: "alice", passwordSource: .environment), .authentication, .auth,
                hint: "remission credentials set nas"),
            row(.forbidden(detail: "403: Forbidden"), .serverRefused, .http, hint: "rpc-whitelist"),
            row(.misdirected(detail: nil), .serverRefused, .http, hint: "rpc-host-whitelist"),
            row(.sessionHandshakeLoop(.missingHeader), .serverRefused, .http, hint: "X-Transmission-Session-Id"),
            row(.sessionHandshakeLoop(.repeated), .serverRefused, .http, hint: "X-Transmission-Session-Id"),
            row(.httpStatus(502, snippet: "Bad Gateway"), .offline, .http, hint: "transmission-daemon is running"),
            row(.httpStatus(503, snippet: ""), .offline, .http, hint: "transmission-daemon is running"),
            row(.httpStatus(504, snippet: ""), .offline, .http, hint: "transmission-daemon is running"),
            row(.httpStatus(404, snippet: "Not Found"), .failure, .http, hint: "/transmission/rpc"),
            row(.httpStatus(500, snippet: ""), .failure, .http, hint: "RPC endpoint"),
            row(.rpcRefused("no method name"), .serverRefused, .rpc, hint: "-v"),
            row(.malformedReply(detail: "unexpected '<'", offset: 0), .failure, .rpc, hint: "/transmission/rpc"),
            row(.truncatedReply(bytes: 31), .failure, .rpc, hint: "Try again"),
            row(
                .replyTooLarge(bytes: 200_000_000, memoryLimit: 1_216_777_216), .failure, .rpc,
                hint: "Transmission daemon"),
            row(.unsupportedVersion(found: 13, minimum: 14), .serverRefused, .rpc, hint: "Upgrade Transmission"),
            row(
                .needsNewerServer(
                    NewerServerNeed(
                        feature: "--sequential", transmission: "4.1", rpcVersion: 18, found: 16,
                        serverVersion: "3.00 (bb6b5a062e)")),
                .serverRefused, .rpc, hint: "Upgrade Transmission on the server to 4.1"),
            row(.keyring(.noSessionBus(reason: "unset")), .keyring, nil, hint: nil),
            row(.keyring(.locked(collection: "Login")), .keyring, nil, hint: nil),
            row(.keyring(.passwordContainsNul), .usage, nil, hint: nil),
            row(.credentialKey(.emptyUser), .usage, nil, hint: nil),
            row(.profile(.notFound("home", saved: [])), .usage, nil, hint: nil),
            row(.profile(.invalidName("a b", .whitespace)), .usage, nil, hint: nil),
            row(.profile(.alreadyExists("nas")), .usage, nil, hint: nil),
            row(.profile(.invalidProfile("nas", detail: "bad port")), .failure, nil, hint: nil),
            row(.profile(.storage(.corrupt(path: "/s.json", detail: "x"))), .failure, nil, hint: nil),
            row(.storage(.corrupt(path: "/t.json", detail: "x")), .failure, nil, hint: nil),
            row(.snapshot(.tooLarge(path: "/s", bytes: 2, limit: 1)), .failure, nil, hint: nil),
            row(.endpoint(.unsupportedScheme("ftp")), .usage, nil, hint: nil),
            row(.trustInput(.pinPrefix(input: "x")), .usage, nil, hint: nil),
            row(.selection(.empty), .usage, nil, hint: nil),
            row(.input(.passwordStdinNeedsUser), .usage, nil, hint: nil),
            row(.input(.passwordStdinEmpty), .usage, nil, hint: nil),
            row(.input(.trAuthUserMismatch(environment: "a", server: "b")), .usage, nil, hint: nil),
            row(.input(.netrcMissing(path: "/n")), .usage, nil, hint: nil),
            row(
                .input(.netrcUnreadable(path: "/n", error: .io(path: "/n", operation: "open", errno: 13))), .failure,
                nil, hint: nil),
            row(.input(.noDefaultServer(saved: [])), .usage, nil, hint: "remission connect URL"),
            row(.input(.noDefaultServer(saved: ["a", "b"])), .usage, nil, hint: "remission servers default NAME"),
            row(
                .input(.bareHostPlainHTTP(text: "nas.lan", url: "http://nas.lan:9091/transmission/rpc")), .usage, nil,
                hint: nil),
            row(.addSource(.magnetWithoutHash("magnet:?dn=x")), .usage, nil, hint: nil),
            row(.addSource(.missing("a.torrent")), .usage, nil, hint: "magnet: link"),
            row(.addSource(.directory("/tmp")), .usage, nil, hint: nil),
            row(.addSource(.special("/dev/zero", .device)), .usage, nil, hint: nil),
            row(.addSource(.tooLarge("/dev/zero", atLeast: 67_108_865)), .usage, nil, hint: nil),
            row(.addSource(.unreadable("/root/x", errno: 13)), .failure, nil, hint: nil),
            row(.addSource(.notATorrent("a.txt")), .usage, nil, hint: nil),
            row(.onboarding(.invalidName("a b", .whitespace)), .usage, nil, hint: nil),
            row(
                .onboarding(
                    .fingerprintMismatch(given: fingerprint(1), presented: fingerprint(2), chain: refusedChain)),
                .trustRefused, .tls, hint: nil),
            row(
                .onboarding(
                    .certificateNotTrusted(
                        hard: true, authority: "nas:443", acceptAs: "nas", chain: refusedChain,
                        decision: .refused([.verification(.selfSigned)]))), .trustRefused, .tls, hint: nil),
            row(.onboarding(.plainHTTPNotAllowed(authority: "nas:9091")), .trustRefused, nil, hint: nil),
            row(.onboarding(.declined(.certificate)), .trustRefused, nil, hint: nil),
            row(.onboarding(.declined(.plainHTTP)), .trustRefused, nil, hint: nil),
            row(.onboarding(.passwordNotStored(.locked(collection: nil))), .keyring, nil, hint: nil),
            row(.onboarding(.passwordNotStored(.passwordContainsNul)), .usage, nil, hint: nil),
            row(.noSuchTorrents([.id(42)]), .failure, nil, hint: "remission list"),
            row(.outputFailed(errno: 28), .failure, nil, hint: nil),
            row(.fileIndexes(.malformed("x")), .usage, nil, hint: nil),
            row(.fileIndexes(.reversed("5-2")), .usage, nil, hint: nil),
            row(.fileIndexes(.outOfRange([9], count: 3, torrent: 1)), .usage, nil, hint: nil),
            row(
                .torrentEdit(.noSuchTracker(id: 7, torrent: 3, known: [0, 1])), .failure, nil,
                hint: "remission trackers 3"),
            row(.torrentEdit(.trackerAlreadyPresent(announce: "udp://t:1", torrent: 3)), .failure, nil, hint: nil),
            row(.torrentEdit(.noSuchPath(path: "x/y", torrent: 3)), .failure, nil, hint: "remission files 3"),
        ] + LocalCatalogue.rows

    /// The failures a request can meet (they have a check step).
    static let requestFailures: [Failure] = rows.filter { $0.step != nil }.map(\.failure)

    /// The kind of a cause, exhaustively: a new case does not compile until it is named here.
    static func kind(_ cause: Failure.Cause) -> String {
        switch cause {
        case .transport: "transport"
        case .unauthorized: "unauthorized"
        case .forbidden: "forbidden"
        case .misdirected: "misdirected"
        case .sessionHandshakeLoop: "sessionHandshakeLoop"
        case .httpStatus: "httpStatus"
        case .authenticationGateway: "authenticationGateway"
        case .rpcRefused: "rpcRefused"
        case .malformedReply: "malformedReply"
        case .truncatedReply: "truncatedReply"
        case .replyTooLarge: "replyTooLarge"
        case .unsupportedVersion: "unsupportedVersion"
        case .needsNewerServer: "needsNewerServer"
        case .keyring: "keyring"
        case .clientCertificate: "clientCertificate"
        case .proxyInput: "proxyInput"
        case .gatewayHeader: "gatewayHeader"
        case .credentialKey: "credentialKey"
        case .profile: "profile"
        case .storage: "storage"
        case .snapshot: "snapshot"
        case .endpoint: "endpoint"
        case .trustInput: "trustInput"
        case .selection: "selection"
        case .input: "input"
        case .addSource: "addSource"
        case .onboarding: "onboarding"
        case .noSuchTorrents: "noSuchTorrents"
        case .outputFailed: "outputFailed"
        case .fileIndexes: "fileIndexes"
        case .torrentEdit: "torrentEdit"
        case .local(let problem): "local." + LocalCatalogue.kind(problem)
        }
    }

    static let allKinds = Set([
        "transport", "unauthorized", "forbidden", "misdirected", "sessionHandshakeLoop", "httpStatus", "rpcRefused",
        "malformedReply", "truncatedReply", "replyTooLarge", "unsupportedVersion", "needsNewerServer", "keyring",
        "clientCertificate",
        "authenticationGateway",
        "proxyInput", "gatewayHeader", "credentialKey",
        "profile", "storage",
        "snapshot", "endpoint", "trustInput", "selection", "input", "addSource", "onboarding", "noSuchTorrents",
        "outputFailed", "fileIndexes", "torrentEdit",
    ]).union(LocalCatalogue.allKinds.map { "local." + $0 })
}

@Suite("Failure table: one exit status, step and hint per failure, from every command")
struct FailureTableTests {
    @Test("status, step and hint", arguments: FailureCatalogue.rows)
    func row(_ row: FailureRow) {
        #expect(row.failure.status == row.status)
        #expect(row.failure.step == row.step)
        let hint = FailureText.hint(row.failure)
        if let expected = row.hint {
            #expect(hint?.contains(expected) == true, "hint: \(hint ?? "none")")
        } else {
            #expect(hint == nil)
        }
        #expect(!FailureText.reason(row.failure).isEmpty)
    }

    @Test("every kind of failure has a row")
    func everyCauseIsCovered() {
        #expect(Set(FailureCatalogue.rows.map { FailureCatalogue.kind($0.failure.cause) }) == FailureCatalogue.allKinds)
    }

    @Test("an RPC client error maps to the same failure whichever command met it")
    func rpcErrorsMapOnce() {
        let errors: [(RPCError, Failure.Cause)] = [
            (.http(status: 502, snippet: "Bad Gateway"), .httpStatus(502, snippet: "Bad Gateway")),
            (.unauthorized(user: nil), .unauthorized(user: "alice", passwordSource: .keyring)),
            (.transport(.refused(detail: "x")), .transport(.refused(detail: "x"))),
            (.truncated(offset: 3), .truncatedReply(bytes: 3)),
            (.rpcFailure("bad"), .rpcRefused("bad")),
            (
                .http(status: 400, snippet: "<title>400 No required SSL certificate was sent</title>"),
                .clientCertificate(.required(url: nil))
            ),
            (
                .http(status: 400, snippet: "<title>400 The SSL certificate error</title>"),
                .clientCertificate(.rejected(alert: nil))
            ),
            (.http(status: 400, snippet: "Bad Request"), .httpStatus(400, snippet: "Bad Request")),
            (
                .transport(.clientCertificateRefused(offered: false, alert: "certificate required")),
                .clientCertificate(.required(url: nil))
            ),
        ]
        for (error, cause) in errors {
            let failure = Failure(error, server: "nas", user: "alice", passwordSource: .keyring)
            #expect(failure.cause == cause)
        }
    }

    @Test("a 502 from a proxy is offline (3) with the same words in check and in any other command")
    func gatewayIsOffline() {
        let failure = Failure(.httpStatus(502, snippet: "Bad Gateway"), server: "nas")
        #expect(failure.status == .offline)
        #expect(failure.isTransient)
        let message = FailureText.message(failure, now: 0)
        #expect(message.hasPrefix("nas: " + FailureText.reason(failure)))
        #expect(message.hasSuffix("hint: " + (FailureText.hint(failure) ?? "")))
    }

    @Test("a 401 with no password never reads 'password from no password'")
    func unauthorizedWithoutPassword() {
        let failure = Failure(.unauthorized(user: nil, passwordSource: .none), server: "nas")
        #expect(FailureText.reason(failure) == "authentication required (401): no user name or password given")
        #expect(!FailureText.message(failure, now: 0).contains("from no password"))
    }

    @Test("server text in a failure is made terminal-safe")
    func serverTextIsSafe() {
        let hostile = "evil\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}txt"
        let causes: [Failure.Cause] = [
            .rpcRefused(hostile), .forbidden(detail: hostile), .httpStatus(500, snippet: hostile),
            .malformedReply(detail: hostile, offset: nil), .transport(.tlsHandshake(detail: hostile)),
        ]
        for cause in causes {
            let message = FailureText.message(Failure(cause, server: hostile), now: 0)
            #expect(!message.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
            #expect(message.contains("^[]0;owned^G"))
        }
    }

    @Test("README's exit-code table is the one the code decides")
    func readmeTable() throws {
        let readme = try String(contentsOfFile: Self.repositoryRoot + "/README.md", encoding: .utf8)
        #expect(readme.contains(ExitStatusText.markdownTable))
        #expect(readme.contains(ExitStatusText.furtherMarkdownTable))
        #expect(ExitStatusText.help.contains(" 10  port-test: the peer port is closed"))
    }

    static var repositoryRoot: String {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }
}
