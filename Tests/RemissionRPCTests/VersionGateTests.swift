import RemissionModel
import RemissionTransport
import Testing

@testable import RemissionRPC

/// `requiredRPCVersion`: every command asks the rpc-version before its own request, and refuses a
/// server older than 14 with `check`'s error, having sent nothing else.
@Suite("rpc-version gate before the first request")
struct VersionGateTests {
    static let sessionId = "7Zu7881C5pM1yGl3hGI80xBGDbmGZr1jid5hB2iLxYVZvzTK"

    static func gated(_ script: [Result<HTTPResponse, TransportError>]) -> Harness {
        let harness = Harness(script)
        harness.client.requiredRPCVersion = RPCError.minimumRPCVersion
        return harness
    }

    @Test("a fresh client sends a small session-get for the version first, then the request, once")
    func probeThenRequest() throws {
        let harness = Self.gated([
            Reply.conflict(Self.sessionId),
            Reply.success(#"{"rpc-version":17,"rpc-version-minimum":14,"version":"3.00"}"#),
            Reply.success(#"{"torrents":[]}"#, tag: 3),
            Reply.success(#"{"torrents":[]}"#, tag: 4),
        ])
        _ = try harness.client.torrentGet(fields: [.id])
        _ = try harness.client.torrentGet(fields: [.id])
        let methods = harness.sent.compactMap { $0.json["method"]?.string }
        #expect(methods == ["session-get", "session-get", "torrent-get", "torrent-get"])
        #expect(
            harness.sent[1].json["arguments"]
                == ["fields": ["version", "rpc-version", "rpc-version-minimum", "rpc-version-semver"]])
        #expect(harness.client.rpcVersion == 17)
    }

    @Test("rpc-version 13: unsupportedVersion, and no torrent request was sent")
    func tooOld() {
        let harness = Self.gated([
            Reply.conflict(Self.sessionId),
            Reply.success(#"{"rpc-version":13,"rpc-version-minimum":1,"version":"2.33"}"#),
            Reply.success(#"{"torrents":[]}"#),
        ])
        #expect(throws: RPCError.unsupportedVersion(found: 13, minimum: 14)) {
            try harness.client.torrentStop(.all)
        }
        #expect(harness.sent.compactMap { $0.json["method"]?.string } == ["session-get", "session-get"])
        #expect(harness.transport.remaining == 1)
    }

    @Test("no rpc-version in the reply: check's malformed-reply error")
    func missing() {
        let harness = Self.gated([Reply.conflict(Self.sessionId), Reply.success(#"{"version":"?"}"#)])
        #expect(throws: RPCError.malformed(detail: "session-get did not report rpc-version", offset: nil)) {
            _ = try harness.client.sessionStats()
        }
        #expect(harness.sent.count == 2)
    }

    @Test("session-get itself is checked, with rpc-version added to the fields asked")
    func sessionGetChecked() throws {
        let harness = Self.gated([
            Reply.conflict(Self.sessionId), Reply.success(#"{"rpc-version":12,"download-dir":"/d"}"#),
        ])
        #expect(throws: RPCError.unsupportedVersion(found: 12, minimum: 14)) {
            _ = try harness.client.sessionGet(fields: [.downloadDir])
        }
        #expect(harness.sent.count == 2)
        #expect(harness.sent[1].json["arguments"] == ["fields": ["download-dir", "rpc-version"]])
    }

    @Test("JSON-RPC (4.1): the probe settles the dialect, the request goes once in it")
    func jsonRPC() throws {
        let harness = Self.gated([
            Reply.conflict(Self.sessionId, rpcVersion: "6.0.1"),
            Reply.json(#"{"jsonrpc":"2.0","result":{"rpc_version":18,"version":"4.1.3"},"id":2}"#),
            Reply.json(#"{"jsonrpc":"2.0","result":{},"id":3}"#),
        ])
        try harness.client.torrentStart(.all)
        #expect(
            harness.sent.compactMap { $0.json["method"]?.string } == ["session-get", "session_get", "torrent_start"])
    }

    @Test("without the gate (the default), the request goes first, as before")
    func ungated() throws {
        let harness = Harness([Reply.conflict(Self.sessionId), Reply.success(#"{"torrents":[]}"#)])
        _ = try harness.client.torrentGet(fields: [.id])
        #expect(harness.sent.compactMap { $0.json["method"]?.string } == ["torrent-get", "torrent-get"])
    }

    @Test("a new session id later (renewed, or rotated per call): the same request is resent at once")
    func renewed() throws {
        let harness = Self.gated([
            Reply.conflict(Self.sessionId),
            Reply.success(#"{"rpc-version":17,"version":"3.00"}"#),
            Reply.success(#"{"torrents":[]}"#),
            Reply.conflict("another-session-id-after-renewal"),
            Reply.success(#"{"torrents":[]}"#),
        ])
        _ = try harness.client.torrentGet(fields: [.id])
        _ = try harness.client.torrentGet(fields: [.id])
        let methods = harness.sent.compactMap { $0.json["method"]?.string }
        #expect(methods == ["session-get", "session-get", "torrent-get", "torrent-get", "torrent-get"])
        #expect(harness.sent.last?.header("X-Transmission-Session-Id") == "another-session-id-after-renewal")
    }

    @Test("a later 409 that contradicts the first (4.1's header gone: another daemon): the version is asked")
    func restartedAsAnother() throws {
        let harness = Self.gated([
            Reply.conflict(Self.sessionId, rpcVersion: "6.0.1"),
            Reply.json(#"{"jsonrpc":"2.0","result":{"rpc_version":19,"version":"4.1.3"},"id":1}"#),
            Reply.json(#"{"jsonrpc":"2.0","result":{"torrents":[]},"id":2}"#),
            Reply.conflict("another-session-id-after-a-restart"),
            Reply.success(#"{"rpc-version":13,"version":"2.33"}"#),
            Reply.success(#"{"torrents":[]}"#),
        ])
        _ = try harness.client.torrentGet(fields: [.id])
        #expect(throws: RPCError.unsupportedVersion(found: 13, minimum: 14)) {
            _ = try harness.client.torrentGet(fields: [.id])
        }
        let methods = harness.sent.compactMap { $0.json["method"]?.string }
        #expect(methods == ["session-get", "session_get", "torrent_get", "torrent_get", "session-get"])
        #expect(harness.sent.last?.header("X-Transmission-Session-Id") == "another-session-id-after-a-restart")
    }
}
