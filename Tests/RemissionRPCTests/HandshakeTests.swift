import RemissionModel
import RemissionTransport
import Testing

@testable import RemissionRPC

@Suite("409 session handshake")
struct HandshakeTests {
    static let firstId = "7Zu7881C5pM1yGl3hGI80xBGDbmGZr1jid5hB2iLxYVZvzTK"
    static let secondId = "Qx9Lm2Pa7Rt4Vw8Yz1Bc3De5Fg6Hj0Kl2Mn4Op6Qr8St0Uv"

    @Test("a 409 gives the session id, and the request is resent with it")
    func handshakeThenSuccess() throws {
        let harness = Harness([Reply.conflict(Self.firstId), Reply.success(#"{"torrents":[]}"#)])
        let torrents = try harness.client.torrentGet()
        #expect(torrents == [])
        #expect(harness.sent.count == 2)
        #expect(harness.sent[0].header("X-Transmission-Session-Id") == nil)
        #expect(harness.sent[1].header("X-Transmission-Session-Id") == Self.firstId)
        #expect(harness.sent[0].json["method"] == harness.sent[1].json["method"])
        #expect(harness.client.sessionId == Self.firstId)
    }

    @Test("the id rotates mid-session: a later 409 is answered once and the call succeeds")
    func rotation() throws {
        let harness = Harness([
            Reply.conflict(Self.firstId), Reply.success(),
            Reply.conflict(Self.secondId), Reply.success(),
            Reply.success(),
        ])
        try harness.client.torrentStart(.all)
        try harness.client.torrentStop(.all)
        try harness.client.torrentVerify(.all)
        #expect(harness.sent.count == 5)
        #expect(harness.sent[2].header("X-Transmission-Session-Id") == Self.firstId)  // stale id
        #expect(harness.sent[3].header("X-Transmission-Session-Id") == Self.secondId)  // resent with the new one
        #expect(harness.sent[4].header("X-Transmission-Session-Id") == Self.secondId)  // and kept
        #expect(harness.clock.delays.isEmpty)  // a handshake is not a retry
    }

    @Test("a second consecutive 409 after sending the id just received is a handshake loop")
    func loopSameId() {
        let harness = Harness([Reply.conflict(Self.firstId), Reply.conflict(Self.firstId), Reply.success()])
        #expect(throws: RPCError.sessionHandshakeLoop(.repeated)) { try harness.client.sessionStats() }
        #expect(harness.sent.count == 2)
        #expect(harness.transport.remaining == 1)
    }

    @Test("a second consecutive 409 is a loop even when it brings yet another id")
    func loopNewId() {
        let harness = Harness([Reply.conflict(Self.firstId), Reply.conflict(Self.secondId)])
        #expect(throws: RPCError.sessionHandshakeLoop(.repeated)) { try harness.client.sessionStats() }
        #expect(harness.sent.count == 2)
    }

    @Test("a 409 naming the id that was just sent is a loop at once (a proxy drops the header)")
    func loopSentIdRefused() throws {
        let harness = Harness([
            Reply.conflict(Self.firstId), Reply.success(),
            Reply.conflict(Self.firstId), Reply.success(),
        ])
        _ = try harness.client.sessionStats()
        #expect(throws: RPCError.sessionHandshakeLoop(.repeated)) { try harness.client.sessionStats() }
        #expect(harness.sent.count == 3)
    }

    @Test("a 409 without the header cannot be answered")
    func missingHeader() {
        let harness = Harness([Reply.conflict(nil), Reply.success()])
        #expect(throws: RPCError.sessionHandshakeLoop(.missingHeader)) { try harness.client.sessionStats() }
        #expect(harness.sent.count == 1)
        #expect(RPCError.sessionHandshakeLoop(.repeated).description.contains("409"))
    }

    @Test("header values are trimmed of spaces, tabs and CRLF before reuse")
    func trimmed() throws {
        let harness = Harness([Reply.conflict(" \t\(Self.firstId)\r\n"), Reply.success()])
        _ = try harness.client.sessionStats()
        #expect(harness.sent[1].header("X-Transmission-Session-Id") == Self.firstId)
    }

    @Test("credentials go with every request, the handshake resend included")
    func credentialsEveryTime() throws {
        let credentials = BasicCredentials(user: "tester", password: "s3cret-pa55word")
        let harness = Harness(
            [Reply.conflict(Self.firstId), Reply.success(), Reply.success(), Reply.success()],
            credentials: credentials)
        _ = try harness.client.sessionStats()
        try harness.client.torrentStart(.id(1))
        _ = try harness.client.call("session-stats")
        #expect(harness.sent.count == 4)
        #expect(harness.sent.allSatisfy { $0.credentials == credentials })
    }

    @Test("no credentials configured means none are passed")
    func noCredentials() throws {
        let harness = Harness([Reply.success()], credentials: nil)
        _ = try harness.client.sessionStats()
        #expect(harness.sent.first?.credentials == nil)
    }
}
