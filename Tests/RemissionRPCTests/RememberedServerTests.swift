import RemissionModel
import RemissionTransport
import Testing

@testable import RemissionRPC

/// `assume`: what an earlier run learned of a server spares the version's `session-get`, until the
/// first 409 shows another server answers at that address.
@Suite("A remembered server: the request goes first; a 409 that contradicts it asks the version again")
struct RememberedServerTests {
    static let sessionId = "7Zu7881C5pM1yGl3hGI80xBGDbmGZr1jid5hB2iLxYVZvzTK"
    static let classic = KnownServer(rpcVersion: 16, headerSemver: nil, dialect: .classic)
    static let modern = KnownServer(rpcVersion: 19, headerSemver: "6.0.1", dialect: .jsonRPC)

    /// A gated client that assumed `known`, and what it learned.
    final class Remembering {
        let harness: Harness
        var learned: [KnownServer] = []

        init(_ known: KnownServer, _ script: [Result<HTTPResponse, TransportError>]) {
            harness = Harness(script)
            harness.client.requiredRPCVersion = RPCError.minimumRPCVersion
            harness.client.assume(known)
        }

        /// Runs `body` as commands do (`reporting`), keeping what its report says was learned.
        func call<T>(_ body: (RPCClient) throws(RPCError) -> T) throws(RPCError) -> T {
            let reported = harness.client.reporting(body)
            if let known = reported.report.learned { learned.append(known) }
            return try reported.result.get()
        }

        var methods: [String] { harness.sent.compactMap { $0.json["method"]?.string } }
    }

    @Test("classic, confirmed by a 409 without the header: the request, its resend, nothing else")
    func classicConfirmed() throws {
        let run = Remembering(
            Self.classic, [Reply.conflict(Self.sessionId), Reply.success(#"{"torrents":[]}"#)])
        _ = try run.call { client throws(RPCError) in try client.torrentGet(fields: [.id]) }
        #expect(run.methods == ["torrent-get", "torrent-get"])
        #expect(run.learned.isEmpty)
        #expect(run.harness.client.rpcVersion == 16)
    }

    @Test("JSON-RPC, confirmed by the same header: sent in JSON-RPC from the first byte")
    func modernConfirmed() throws {
        let run = Remembering(
            Self.modern,
            [
                Reply.conflict(Self.sessionId, rpcVersion: "6.0.1"),
                Reply.json(#"{"jsonrpc":"2.0","result":{},"id":2}"#),
            ])
        try run.call { client throws(RPCError) in try client.torrentStart(.all) }
        #expect(run.methods == ["torrent_start", "torrent_start"])
        #expect(run.learned.isEmpty)
    }

    @Test("remembered classic, but the 409 carries the header (4.1 now): version asked, then JSON-RPC")
    func nowModern() throws {
        let run = Remembering(
            Self.classic,
            [
                Reply.conflict(Self.sessionId, rpcVersion: "6.0.1"),
                Reply.json(#"{"jsonrpc":"2.0","result":{"rpc_version":19,"version":"4.1.3"},"id":2}"#),
                Reply.json(#"{"jsonrpc":"2.0","result":{},"id":3}"#),
            ])
        try run.call { client throws(RPCError) in try client.torrentStart(.all) }
        #expect(run.methods == ["torrent-start", "session_get", "torrent_start"])
        #expect(run.learned == [Self.modern])
    }

    @Test("remembered JSON-RPC, but the 409 has no header (3.00 now): version asked, then classic")
    func nowClassic() throws {
        let run = Remembering(
            Self.modern,
            [
                Reply.conflict(Self.sessionId),
                Reply.success(#"{"rpc-version":16,"rpc-version-minimum":1,"version":"3.00"}"#),
                Reply.success(#"{"torrents":[]}"#, tag: 3),
            ])
        _ = try run.call { client throws(RPCError) in try client.torrentGet(fields: [.id]) }
        #expect(run.methods == ["torrent_get", "session-get", "torrent-get"])
        #expect(run.learned == [Self.classic])
        #expect(run.harness.client.dialect == .classic)
    }

    @Test("another header version: asked again; an old server found so is refused before the resend")
    func otherVersionTooOld() {
        let run = Remembering(
            Self.modern,
            [
                Reply.conflict(Self.sessionId, rpcVersion: "5.9.0"),
                Reply.json(#"{"jsonrpc":"2.0","result":{"rpc_version":13,"version":"?"},"id":2}"#),
                Reply.json(#"{"jsonrpc":"2.0","result":{},"id":3}"#),
            ])
        #expect(throws: RPCError.unsupportedVersion(found: 13, minimum: 14)) {
            try run.call { client throws(RPCError) in try client.torrentStop(.all) }
        }
        #expect(run.methods == ["torrent_stop", "session_get"])
        #expect(run.harness.transport.remaining == 1)
        #expect(run.learned.isEmpty)
    }

    @Test("a remembered rpc-version below the minimum is not assumed: the version is asked first")
    func tooOldNotAssumed() throws {
        let run = Remembering(
            KnownServer(rpcVersion: 13, headerSemver: nil, dialect: .classic),
            [
                Reply.conflict(Self.sessionId),
                Reply.success(#"{"rpc-version":16,"version":"3.00"}"#),
                Reply.success(#"{"torrents":[]}"#, tag: 3),
            ])
        _ = try run.call { client throws(RPCError) in try client.torrentGet(fields: [.id]) }
        #expect(run.methods == ["session-get", "session-get", "torrent-get"])
        #expect(run.learned == [Self.classic])
    }

    @Test("an upload still waits for a small session-get, which is then the one checked")
    func uploadWaits() throws {
        let run = Remembering(
            Self.classic,
            [
                Reply.conflict(Self.sessionId),
                Reply.success(#"{"rpc-version":16,"version":"3.00"}"#),
                Reply.success(#"{"torrent-added":{"id":1,"name":"a","hashString":"00"}}"#, tag: 3),
            ])
        _ = try? run.harness.client.call(.torrentAdd, arguments: ["metainfo": "AAAA"])
        #expect(run.methods == ["session-get", "session-get", "torrent-add"])
    }
}
