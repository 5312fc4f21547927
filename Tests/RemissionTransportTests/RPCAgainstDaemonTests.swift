import Foundation
import Logging
import RemissionModel
import RemissionTransport
import RemissionTrust
import TestSupport
import Testing

@testable import RemissionRPC

/// How a test reaches a daemon: its own plain-HTTP port, or the nginx TLS listener in front of it
/// (CA-signed certificate, trusted through the bed's CA file only).
enum DaemonRoute: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case http
    case tls

    var testDescription: String { self == .http ? "direct HTTP" : "nginx TLS" }

    /// The URL of `daemon` (only `.main` and `.volatile` have a TLS listener).
    func url(_ bed: TestBed, _ daemon: TestBed.Daemon = .main) -> String {
        switch self {
        case .http: return bed.daemonURL(daemon)
        case .tls: return bed.url(for: daemon == .volatile ? .volatile : .caSigned)
        }
    }
}

/// Passes requests to a real transport and records each HTTP status and the session id sent.
final class RecordingTransport: HTTPTransport {
    let inner: any ServerTransport
    private(set) var statuses: [Int] = []
    private(set) var sentSessionIds: [String?] = []

    init(_ inner: any ServerTransport) { self.inner = inner }

    func send(_ request: HTTPRequest, credentials: BasicCredentials?) throws(TransportError) -> HTTPResponse {
        sentSessionIds.append(request.headers.first { $0.name == RPCClient.sessionIdHeader }?.value)
        let response = try inner.send(request, credentials: credentials)
        statuses.append(response.status)
        return response
    }
}

extension TestBed {
    /// A fresh client (own transport, no session id yet) for `url`, trusting only the bed's CA file.
    func rpcClient(
        _ url: String, password: String? = nil, retry: RetryPolicy = .none
    ) throws -> (RPCClient, RecordingTransport) {
        let trust = ServerTrust(caFile: caFile)
        let endpoint = try ServerEndpoint.parse(url)
        // The engine of every direct connection (TrustEndToEndTests run both engines).
        let transport = try SocketTransport(
            endpoint: endpoint, caFile: endpoint.scheme == .https ? caFile : nil,
            options: TransportOptions(timeoutSeconds: 20, environment: ["SSL_CERT_DIR": "/nonexistent"]),
            policy: TrustPolicy(trust: trust))
        let recorder = RecordingTransport(transport)
        let client = RPCClient(
            transport: recorder, credentials: BasicCredentials(user: user, password: password ?? self.password),
            retryPolicy: retry, logger: Logger(label: "rpc-it") { _ in SwiftLogNoOpLogHandler() })
        return (client, recorder)
    }
}

/// The error a call threw, or nil (recorded as an issue) when it succeeded.
func rpcFailure<T>(_ body: () throws(RPCError) -> T, sourceLocation: SourceLocation = #_sourceLocation) -> RPCError? {
    do {
        let value = try body()
        Issue.record("expected an RPCError, got \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Polls `condition` every 100 ms for up to `seconds`; true once it holds.
func eventually(seconds: Double = 15, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.1)
    }
    return try condition()
}

/// The RPC client against the real Transmission daemon: handshake, HTTP error mapping, session calls.
@Suite("RPC against the real daemon")
struct RPCAgainstDaemonTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    // MARK: - Handshake

    @Test("409 handshake: a fresh client's first call succeeds after one 409", arguments: DaemonRoute.allCases)
    func handshake(route: DaemonRoute) throws {
        let (client, recorder) = try bed.rpcClient(route.url(bed))
        #expect(client.sessionId == nil)
        let info = try client.serverInfo()
        #expect(info.rpcVersion >= 14)
        #expect(!info.version.isEmpty)
        let sessionId = try #require(client.sessionId)
        #expect(!sessionId.isEmpty)
        #expect(recorder.statuses == [409, 200])
        #expect(recorder.sentSessionIds == [nil, sessionId])
        // The session id is reused: the next call needs no handshake.
        _ = try client.sessionStats()
        #expect(recorder.statuses == [409, 200, 200])
        #expect(recorder.sentSessionIds.last == sessionId)
        #expect(client.sessionId == sessionId)
    }

    // MARK: - HTTP errors

    @Test("403 from a daemon whose whitelist excludes us: .forbidden, exit 6")
    func forbidden() throws {
        let (client, _) = try bed.rpcClient(bed.daemonURL(.forbidden))
        let error = try #require(rpcFailure { () throws(RPCError) in try client.serverInfo() })
        guard case .forbidden = error else { Issue.record("expected .forbidden, got \(error)"); return }
    }

    @Test("421 from the host-whitelist check: .misdirected, exit 6")
    func misdirected() throws {
        let (client, _) = try bed.rpcClient(bed.url(for: .hostcheck))
        let error = try #require(rpcFailure { () throws(RPCError) in try client.serverInfo() })
        guard case .misdirected = error else { Issue.record("expected .misdirected, got \(error)"); return }
    }

    @Test("a proxy that drops the session header: .sessionHandshakeLoop(.missingHeader), exit 6")
    func strippedSessionHeader() throws {
        let (client, recorder) = try bed.rpcClient(bed.url(for: .stripSession))
        let error = try #require(rpcFailure { () throws(RPCError) in try client.serverInfo() })
        #expect(error == .sessionHandshakeLoop(.missingHeader))
        #expect(recorder.statuses == [409])
    }

    @Test("a closed port: .transport(.refused), exit 3, not retried")
    func closedPort() throws {
        let (client, recorder) = try bed.rpcClient(
            "http://127.0.0.1:\(bed.closedPort)/transmission/rpc",
            retry: RetryPolicy(maxAttempts: 3, baseDelayMilliseconds: 1))
        let error = try #require(rpcFailure { () throws(RPCError) in try client.serverInfo() })
        guard case .transport(.refused) = error else { Issue.record("expected refused, got \(error)"); return }
        #expect(recorder.sentSessionIds.count == 1)
    }

    @Test("a 307 redirect is not followed: .http(307), exit 1")
    func redirectNotFollowed() throws {
        let (client, recorder) = try bed.rpcClient(bed.url(for: .redirect))
        let error = try #require(rpcFailure { () throws(RPCError) in try client.serverInfo() })
        guard case .http(let status, _) = error else { Issue.record("expected .http, got \(error)"); return }
        #expect(status == 307)
        // One request, one answer: the 307 itself. Following it would have ended in 409/200.
        #expect(recorder.statuses == [307])
        #expect(client.sessionId == nil)
    }

    // MARK: - Session (read-only on main)

    @Test("session-get reads download-dir and version; free-space is positive", arguments: DaemonRoute.allCases)
    func sessionRead(route: DaemonRoute) throws {
        let (client, _) = try bed.rpcClient(route.url(bed))
        let session = try client.sessionGet()
        #expect(session.downloadDir == bed.downloadDirectory)
        #expect(session.version?.isEmpty == false)
        #expect((session.rpcVersion ?? 0) >= 14)
        #expect(session.sessionId == client.sessionId)
        let narrow = try client.sessionGet(fields: [.downloadDir])
        #expect(narrow.downloadDir == bed.downloadDirectory)
        let space = try client.freeSpace(path: bed.downloadDirectory)
        #expect(space.sizeBytes > 0)
        #expect(space.path == bed.downloadDirectory)
    }

    @Test("free-space of a missing path is an RPC failure, exit 6")
    func freeSpaceMissing() throws {
        let (client, _) = try bed.rpcClient(bed.daemonURL())
        let error = try #require(
            rpcFailure { () throws(RPCError) in try client.freeSpace(path: "/nonexistent/\(UUID())") })
        guard case .rpcFailure(let message) = error else { Issue.record("expected .rpcFailure, got \(error)"); return }
        #expect(!message.isEmpty)
    }
}

/// Tests that change or restart the volatile daemon; serialized, so they do not disturb each other.
@Suite("RPC against the volatile daemon", .serialized)
struct RPCVolatileDaemonTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    /// Tolerates the dropped keep-alive connection (or nginx's 502) right after a restart.
    static let restartRetry = RetryPolicy(maxAttempts: 5, baseDelayMilliseconds: 200, maxDelayMilliseconds: 1000)

    @Test("session-id rotation: after a daemon restart the same client re-handshakes", arguments: DaemonRoute.allCases)
    func sessionRotation(route: DaemonRoute) throws {
        let (client, recorder) = try bed.rpcClient(route.url(bed, .volatile), retry: Self.restartRetry)
        _ = try client.serverInfo()
        let first = try #require(client.sessionId)

        try bed.stopDaemon(.volatile)
        do {
            try bed.startDaemon(.volatile)
        } catch {
            Issue.record("could not restart the volatile daemon: \(error)")
            throw error
        }

        let before = recorder.statuses.count
        let info = try client.serverInfo()
        #expect(info.rpcVersion >= 14)
        let second = try #require(client.sessionId)
        #expect(second != first)
        // The old id was sent once more, refused with 409, then the new one was accepted.
        let after = Array(recorder.statuses.dropFirst(before))
        #expect(after.last == 200)
        #expect(after.contains(409))
        #expect(recorder.sentSessionIds.contains(first))
        #expect(recorder.sentSessionIds.last == second)
    }

    @Test("a wrong password: .unauthorized with the user, exit 4", arguments: DaemonRoute.allCases)
    func wrongPassword(route: DaemonRoute) throws {
        let (client, recorder) = try bed.rpcClient(route.url(bed, .volatile), password: "wrong-\(UUID())")
        let error = try #require(rpcFailure { () throws(RPCError) in try client.serverInfo() })
        #expect(error == .unauthorized(user: bed.user))
        #expect(recorder.statuses == [401])
        #expect(!error.description.contains("wrong-"))
    }

    @Test(
        "session-set speed-limit-down 123 enabled shows in session-get, then is restored",
        arguments: DaemonRoute.allCases)
    func sessionSet(route: DaemonRoute) throws {
        let (client, _) = try bed.rpcClient(route.url(bed, .volatile), retry: Self.restartRetry)
        let original = try client.sessionGet(fields: [.speedLimitDown, .speedLimitDownEnabled])
        let originalLimit = try #require(original.speedLimitDown)
        let originalEnabled = try #require(original.speedLimitDownEnabled as Bool?)
        #expect(originalLimit != 123 || !originalEnabled)

        var changes = SessionChanges()
        changes.speedLimitDown = 123
        changes.speedLimitDownEnabled = true
        try client.sessionSet(changes)
        let changed = try client.sessionGet(fields: [.speedLimitDown, .speedLimitDownEnabled])
        #expect(changed.speedLimitDown == 123)
        #expect(changed.speedLimitDownEnabled == true)

        var restore = SessionChanges()
        restore.speedLimitDown = originalLimit
        restore.speedLimitDownEnabled = originalEnabled
        try client.sessionSet(restore)
        let restored = try client.sessionGet(fields: [.speedLimitDown, .speedLimitDownEnabled])
        #expect(restored.speedLimitDown == originalLimit)
        #expect(restored.speedLimitDownEnabled == originalEnabled)
    }

    @Test("session-stats counts the daemon's torrents and sessions")
    func sessionStats() throws {
        let (client, _) = try bed.rpcClient(bed.daemonURL(.volatile), retry: Self.restartRetry)
        let stats = try client.sessionStats()
        let torrents = try client.torrentGet(ids: .all, fields: [.id])
        #expect(stats.torrentCount >= 0)
        #expect(stats.torrentCount == torrents.count)
        #expect(stats.activeTorrentCount + stats.pausedTorrentCount == stats.torrentCount)
        #expect(stats.cumulative.sessionCount >= 1)
        #expect(stats.cumulative.sessionCount >= stats.current.sessionCount)
    }
}
