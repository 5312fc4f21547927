import RemissionModel
import RemissionRPC
import RemissionTransport
import Testing

/// `CallStateMachine` without I/O: each response in, the next step out (as async-http-client tests
/// its HTTP1ConnectionStateMachine).
@Suite("The call state machine: 409 handshake, dialect and version gate, without I/O")
struct CallStateMachineTests {
    static let idA = "session-id-A-0123456789"
    static let idB = "session-id-B-0123456789"
    static let idC = "session-id-C-0123456789"

    static func conflict(_ id: String?, semver: String? = nil) -> HTTPResponse {
        var headers: [HTTPHeader] = []
        if let id { headers.append(HTTPHeader("X-Transmission-Session-Id", id)) }
        if let semver { headers.append(HTTPHeader("X-Transmission-Rpc-Version", semver)) }
        return HTTPResponse(status: 409, headers: headers)
    }

    static let ok = HTTPResponse(status: 200, body: Array(#"{"result":"success","arguments":{}}"#.utf8))

    /// Knowledge after a first exchange with a classic server: its id, no header, the version.
    static func known(id: String = idA, rpcVersion: Int? = 17, semver: String? = nil) -> ServerKnowledge {
        var knowledge = ServerKnowledge()
        knowledge.sessionId = id
        knowledge.headerKnown = true
        knowledge.headerSemver = semver
        knowledge.rpcVersion = rpcVersion
        if semver != nil { knowledge.dialect = .jsonRPC }
        return knowledge
    }

    @Test("fresh, ungated: the call, a 409, the same call with its id, the answer; authenticated")
    func freshHandshake() {
        var machine = CallStateMachine(method: .torrentGet, knowledge: ServerKnowledge(), sendsCredentials: true)
        #expect(machine.start() == .send(.call, sessionId: nil, dialect: .classic))
        #expect(machine.next(after: Self.conflict(Self.idA)) == .send(.call, sessionId: Self.idA, dialect: .classic))
        #expect(machine.next(after: Self.ok) == .answered(Self.ok, to: .call))
        #expect(machine.report.authenticated && machine.report.sessionId == Self.idA)
        #expect(machine.report.dialect == .classic && machine.report.rpcVersion == nil)
        #expect(machine.knowledge.sessionId == Self.idA && machine.knowledge.headerKnown)
    }

    @Test("a rotated id (gated, version known): the same request with the new id, never a session-get between")
    func rotatedIdResendsTheSameRequest() {
        var machine = CallStateMachine(
            method: .torrentRemove, knowledge: Self.known(), requiredRPCVersion: 14, sendsCredentials: true)
        #expect(machine.start() == .send(.call, sessionId: Self.idA, dialect: .classic))
        #expect(machine.next(after: Self.conflict(Self.idB)) == .send(.call, sessionId: Self.idB, dialect: .classic))
        #expect(machine.next(after: Self.ok) == .answered(Self.ok, to: .call))
    }

    @Test("a second 409 for the resent request is a loop; so is one naming the id just sent; none without the id")
    func loops() {
        var twice = CallStateMachine(method: .torrentStart, knowledge: Self.known(), sendsCredentials: true)
        _ = twice.start()
        _ = twice.next(after: Self.conflict(Self.idB))
        #expect(twice.next(after: Self.conflict(Self.idC)) == .failed(.sessionHandshakeLoop(.repeated)))

        var same = CallStateMachine(method: .torrentStart, knowledge: Self.known(), sendsCredentials: true)
        _ = same.start()
        #expect(same.next(after: Self.conflict(Self.idA)) == .failed(.sessionHandshakeLoop(.repeated)))

        var missing = CallStateMachine(method: .torrentStart, knowledge: Self.known(), sendsCredentials: true)
        _ = missing.start()
        #expect(missing.next(after: Self.conflict(nil)) == .failed(.sessionHandshakeLoop(.missingHeader)))
        #expect(missing.next(after: Self.conflict("  ")) == .failed(.sessionHandshakeLoop(.missingHeader)))
    }

    @Test("gated and fresh: the version first (409 answered once), then the call; a rotating id costs one 409 each")
    func gatedFresh() {
        var machine = CallStateMachine(
            method: .torrentGet, knowledge: ServerKnowledge(), requiredRPCVersion: 14, sendsCredentials: true)
        #expect(machine.start() == .send(.versionQuery, sessionId: nil, dialect: .classic))
        #expect(machine.lastSentIsIdempotent)
        #expect(
            machine.next(after: Self.conflict(Self.idA)) == .send(.versionQuery, sessionId: Self.idA, dialect: .classic)
        )
        #expect(machine.next(after: Self.ok) == .answered(Self.ok, to: .versionQuery))
        #expect(machine.next(afterVersion: 17, version: "3.00") == .send(.call, sessionId: Self.idA, dialect: .classic))
        // The server rotated the id after the version's answer: one 409, the same call again.
        #expect(machine.next(after: Self.conflict(Self.idB)) == .send(.call, sessionId: Self.idB, dialect: .classic))
        #expect(machine.next(after: Self.ok) == .answered(Self.ok, to: .call))
        #expect(machine.report.rpcVersion == 17 && machine.report.serverVersion == "3.00")
        #expect(machine.knowledge.rpcVersion == 17)
    }

    @Test("the version's answer refuses an old server, or one that does not say; 18 switches to JSON-RPC")
    func versionGate() {
        func afterVersion(_ rpcVersion: Int?) -> (CallStateMachine.Step, CallStateMachine) {
            var machine = CallStateMachine(
                method: .torrentStop, knowledge: ServerKnowledge(), requiredRPCVersion: 14, sendsCredentials: false)
            _ = machine.start()
            _ = machine.next(after: Self.ok)
            return (machine.next(afterVersion: rpcVersion, version: nil), machine)
        }
        #expect(afterVersion(13).0 == .failed(.unsupportedVersion(found: 13, minimum: 14)))
        #expect(
            afterVersion(nil).0 == .failed(.malformed(detail: "session-get did not report rpc-version", offset: nil)))
        let (step, machine) = afterVersion(18)
        #expect(step == .send(.call, sessionId: nil, dialect: .jsonRPC))
        #expect(machine.report.dialect == .jsonRPC && !machine.report.authenticated)
    }

    @Test("remembered classic, but the 409 carries 4.1's header: JSON-RPC, and the version before the resend")
    func assumedContradicted() {
        var knowledge = ServerKnowledge()
        knowledge.assume(KnownServer(rpcVersion: 16, headerSemver: nil, dialect: .classic))
        var machine = CallStateMachine(
            method: .torrentGet, knowledge: knowledge, requiredRPCVersion: 14, sendsCredentials: true)
        #expect(machine.start() == .send(.call, sessionId: nil, dialect: .classic))
        #expect(
            machine.next(after: Self.conflict(Self.idA, semver: "6.0.1"))
                == .send(.versionQuery, sessionId: Self.idA, dialect: .jsonRPC))
        #expect(machine.knowledge.rpcVersion == nil && machine.knowledge.assumed == nil)
        #expect(machine.next(after: Self.ok) == .answered(Self.ok, to: .versionQuery))
        #expect(
            machine.next(afterVersion: 19, version: "4.1.3") == .send(.call, sessionId: Self.idA, dialect: .jsonRPC))
    }

    @Test("remembered and confirmed: nothing assumed shows in the report, only what replies said")
    func assumedConfirmed() {
        var knowledge = ServerKnowledge()
        knowledge.assume(KnownServer(rpcVersion: 19, headerSemver: "6.0.1", dialect: .jsonRPC))
        var machine = CallStateMachine(
            method: .torrentGet, knowledge: knowledge, requiredRPCVersion: 14, sendsCredentials: true)
        #expect(machine.start() == .send(.call, sessionId: nil, dialect: .jsonRPC))
        #expect(
            machine.next(after: Self.conflict(Self.idA, semver: "6.0.1"))
                == .send(.call, sessionId: Self.idA, dialect: .jsonRPC))
        let refused = HTTPResponse(status: 401)
        #expect(machine.next(after: refused) == .answered(refused, to: .call))
        #expect(!machine.report.authenticated && machine.report.rpcVersion == nil)
        #expect(machine.report.headerSemver == "6.0.1" && machine.report.dialect == nil)
        #expect(machine.knowledge.rpcVersion == 19)  // still known to the client, never reported
    }

    @Test("a later 409 whose header differs from the previous one (a restart as 4.1): the version is asked")
    func laterContradiction() {
        var machine = CallStateMachine(
            method: .torrentVerify, knowledge: Self.known(), requiredRPCVersion: 14, sendsCredentials: true)
        _ = machine.start()
        #expect(
            machine.next(after: Self.conflict(Self.idB, semver: "6.0.1"))
                == .send(.versionQuery, sessionId: Self.idB, dialect: .jsonRPC))
        // The query answers the 409, so a 409 to it is a loop.
        #expect(machine.next(after: Self.conflict(Self.idC)) == .failed(.sessionHandshakeLoop(.repeated)))
    }

    @Test("session-get itself is never preceded by a query; an upload without an id waits for one")
    func firstRequest() {
        var sessionGet = CallStateMachine(
            method: .sessionGet, knowledge: ServerKnowledge(), requiredRPCVersion: 14, sendsCredentials: true)
        #expect(sessionGet.start() == .send(.call, sessionId: nil, dialect: .classic))
        var upload = CallStateMachine(
            method: .torrentAdd, knowledge: ServerKnowledge(), sendsCredentials: true, upload: true)
        #expect(upload.start() == .send(.versionQuery, sessionId: nil, dialect: .classic))
        var later = CallStateMachine(method: .torrentAdd, knowledge: Self.known(), sendsCredentials: true, upload: true)
        #expect(later.start() == .send(.call, sessionId: Self.idA, dialect: .classic))
        #expect(!later.lastSentIsIdempotent)
    }

    @Test("authenticated needs credentials and a 2xx; a 204 counts, a 401 or 502 does not")
    func authenticated() {
        for (status, credentials, expected) in [
            (200, true, true), (204, true, true), (200, false, false), (401, true, false), (502, true, false),
        ] {
            var machine = CallStateMachine(
                method: .sessionStats, knowledge: Self.known(), sendsCredentials: credentials)
            _ = machine.start()
            _ = machine.next(after: HTTPResponse(status: status))
            #expect(machine.report.authenticated == expected, "\(status) \(credentials)")
        }
    }

    @Test("idempotent methods: the gets, session-stats, free-space, port-test; nothing else")
    func idempotence() {
        let idempotent: [RPCMethod] = [.sessionGet, .torrentGet, .sessionStats, .freeSpace, .portTest, "group-get"]
        let not: [RPCMethod] = [
            .torrentRemove, .torrentAdd, .torrentSet, .sessionSet, .torrentStart, .torrentStop, .torrentVerify,
            .torrentReannounce, .torrentSetLocation, .torrentRenamePath, .blocklistUpdate, .queueMoveTop,
            .sessionClose, "group-set", "unknown-method",
        ]
        #expect(idempotent.filter { !$0.isIdempotent } == [])
        #expect(not.filter { $0.isIdempotent } == [])
    }
}
