import RemissionModel
import RemissionRPC
import RemissionTransport
import Testing

/// Issue "An exchange returns its outcome": a call returns whether it was authenticated and what its
/// replies showed; a rotating session id costs one 409 per call; only idempotent requests are
/// resent once they may have reached the server.
@Suite("A call's outcome: authentication, what replies showed, rotation, resends")
struct CallOutcomeTests {
    static let version = Reply.success(#"{"rpc-version":17,"rpc-version-minimum":14,"version":"3.00"}"#)
    static let torrent = Reply.success(#"{"torrents":[{"id":1,"name":"a","hashString":"00"}]}"#)

    static func gated(_ script: [Result<HTTPResponse, TransportError>]) -> Harness {
        let harness = Harness(script)
        harness.client.requiredRPCVersion = RPCError.minimumRPCVersion
        return harness
    }

    @Test("a server that issues a new session id after every call: each call is sent twice, never a loop")
    func rotatingSessionId() throws {
        let harness = Self.gated([
            Reply.conflict("id-1"), Self.version,
            Reply.conflict("id-2"), Self.torrent,
            Reply.conflict("id-3"), Reply.success(),
            Reply.conflict("id-4"), Reply.success(),
        ])
        _ = try harness.client.torrentGet(ids: .id(1), fields: [.id, .name])
        try harness.client.torrentRemove(.id(1), deleteLocalData: false)
        try harness.client.torrentStart(.id(1))
        let methods = harness.sent.compactMap { $0.json["method"]?.string }
        #expect(
            methods == [
                "session-get", "session-get", "torrent-get", "torrent-get", "torrent-remove", "torrent-remove",
                "torrent-start", "torrent-start",
            ])
        let ids = harness.sent.map { $0.header("X-Transmission-Session-Id") }
        #expect(ids == [nil, "id-1", "id-1", "id-2", "id-2", "id-3", "id-3", "id-4"])
    }

    @Test("reporting: a 2xx with credentials is authenticated; the rpc-version only when a reply said it")
    func reported() throws {
        let harness = Self.gated([Reply.conflict("id-1"), Self.version, Self.torrent])
        let outcome = harness.client.reporting { client throws(RPCError) in try client.torrentGet(fields: [.id]) }
        #expect(try outcome.get().count == 1)
        #expect(outcome.report.authenticated && outcome.report.sawHandshake)
        #expect(outcome.report.rpcVersion == 17 && outcome.report.serverVersion == "3.00")
        #expect(outcome.report.dialect == .classic)
        #expect(!outcome.report.description.contains("id-1"))
    }

    @Test("a remembered server answering 401: not authenticated, and no rpc-version in the report")
    func rememberedButRefused() {
        let harness = Self.gated([Reply.conflict("id-1"), Reply.status(401, "Unauthorized")])
        harness.client.assume(KnownServer(rpcVersion: 16, headerSemver: nil, dialect: .classic))
        let outcome = harness.client.reporting { client throws(RPCError) in try client.torrentGet(fields: [.id]) }
        #expect(throws: RPCError.unauthorized(user: "tester")) { try outcome.get() }
        #expect(!outcome.report.authenticated && outcome.report.rpcVersion == nil && outcome.report.dialect == nil)
        #expect(outcome.report.sawHandshake)
    }

    @Test("a refused call after an answered one still reports the answer (an RPC error is a 2xx too)")
    func answeredThenRefused() {
        let harness = Harness([Self.torrent, Reply.json(#"{"result":"invalid argument","arguments":{}}"#)])
        let outcome = harness.client.reporting { client throws(RPCError) in
            _ = try client.torrentGet(fields: [.id])
            try client.torrentStop(.id(1))
        }
        #expect(throws: RPCError.rpcFailure("invalid argument")) { try outcome.get() }
        #expect(outcome.report.authenticated)
    }

    @Test("each request says whether it is idempotent; the version's session-get is")
    func requestsMarked() throws {
        let harness = Self.gated([Reply.conflict("id-1"), Self.version, Self.torrent, Reply.success()])
        _ = try harness.client.torrentGet(fields: [.id])
        try harness.client.torrentRemove(.id(1), deleteLocalData: true)
        #expect(harness.sent.map(\.request.idempotent) == [true, true, true, false])
    }

    static let answerLost: [Result<HTTPResponse, TransportError>] = [
        Reply.failure(.timeout(phase: .response, detail: "no complete answer in time")),
        Reply.failure(.connection(detail: "empty reply: the server closed the connection without answering")),
        Reply.status(502, "Bad Gateway"), Reply.status(504, "Gateway Timeout"),
    ]

    @Test("a non-idempotent call whose request may have arrived is sent once", arguments: answerLost)
    func notResent(fault: Result<HTTPResponse, TransportError>) {
        let harness = Harness([fault, Reply.success(), Reply.success()])
        #expect(throws: RPCError.self) { try harness.client.torrentRemove(.id(1), deleteLocalData: false) }
        #expect(harness.sent.count == 1)
        #expect(harness.clock.delays.isEmpty)
        #expect(harness.log.text.contains("RPC not resent"))
    }

    @Test("an idempotent call after the same faults is retried", arguments: answerLost)
    func idempotentRetried(fault: Result<HTTPResponse, TransportError>) throws {
        let harness = Harness([fault, Self.torrent])
        _ = try harness.client.torrentGet(fields: [.id])
        #expect(harness.sent.count == 2)
        #expect(harness.clock.delays.count == 1)
    }

    @Test("a non-idempotent call is retried when the fault shows it never left (connect or TLS timeout)")
    func neverLeftRetried() throws {
        let harness = Harness([
            Reply.failure(.timeout(phase: .connect, detail: "")),
            Reply.failure(.timeout(phase: .tlsHandshake, detail: "")),
            Reply.success(),
        ])
        try harness.client.torrentStart(.id(1))
        #expect(harness.sent.count == 3)
    }

    @Test("the version's session-get before a removal is retried; the removal then goes once")
    func queryRetriedCallNot() {
        let harness = Self.gated([
            Reply.failure(.timeout(phase: .response, detail: "")), Reply.conflict("id-1"), Self.version,
            Reply.failure(.timeout(phase: .response, detail: "")), Reply.success(),
        ])
        #expect(throws: RPCError.self) { try harness.client.torrentRemove(.id(1), deleteLocalData: false) }
        let methods = harness.sent.compactMap { $0.json["method"]?.string }
        #expect(methods == ["session-get", "session-get", "session-get", "torrent-remove"])
    }

    @Test("allowsRetry: transient, attempts left, and idempotent or never sent")
    func policy() {
        let policy = RetryPolicy(maxAttempts: 3)
        let lost = RPCError.transport(.timeout(phase: .response, detail: ""))
        #expect(policy.allowsRetry(after: lost, attempt: 1, idempotent: true))
        #expect(!policy.allowsRetry(after: lost, attempt: 1, idempotent: false))
        #expect(!policy.allowsRetry(after: lost, attempt: 3, idempotent: true))
        let notSent = RPCError.transport(.timeout(phase: .connect, detail: ""))
        #expect(policy.allowsRetry(after: notSent, attempt: 1, idempotent: false))
        let atProxy = RPCError.transport(.timeout(phase: .proxyTunnel, detail: ""))
        #expect(policy.allowsRetry(after: atProxy, attempt: 1, idempotent: false))
        let noTimeLeft = RPCError.transport(.timeout(phase: .commandDeadline, detail: ""))
        #expect(!policy.allowsRetry(after: noTimeLeft, attempt: 1, idempotent: true))
        #expect(!policy.allowsRetry(after: .unauthorized(user: nil), attempt: 1, idempotent: true))
    }
}
