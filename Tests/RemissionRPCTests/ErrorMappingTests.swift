import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust
import Testing

@Suite("Error mapping")
struct ErrorMappingTests {
    static let forbiddenPage =
        "<h1>403: Forbidden</h1><p>Unauthorized IP Address.</p><p>Either disable the IP address whitelist or add your address to it.</p>"
    static let misdirectedPage =
        "<p>Transmission received your request, but the hostname was unrecognized.</p>"

    @Test(
        "HTTP refusals become distinct errors",
        arguments: [
            (401, "<h1>401: Unauthorized</h1>", RPCError.unauthorized(user: "tester")),
            (
                403, forbiddenPage,
                .forbidden(
                    detail:
                        "403: Forbidden Unauthorized IP Address. Either disable the IP address whitelist or add your address to it."
                )
            ),
            (
                421, misdirectedPage,
                .misdirected(detail: "Transmission received your request, but the hostname was unrecognized.")
            ),
            (404, "<h1>404: Not Found</h1>", .http(status: 404, snippet: "404: Not Found")),
            (500, "", .http(status: 500, snippet: "")),
        ])
    func httpStatuses(status: Int, body: String, expected: RPCError) {
        let harness = Harness([Reply.status(status, body)], retryPolicy: .none)
        #expect(throws: expected) { try harness.client.sessionStats() }
    }

    /// The 403 page of transmission-daemon 3.00, verbatim.
    static let forbiddenPage30 =
        "<h1>403: Forbidden</h1><p>Unauthorized IP Address.</p><p>Either disable the IP address whitelist or add your address to it.</p><p>If you're editing settings.json, see the 'rpc-whitelist' and 'rpc-whitelist-enabled' entries.</p><p>If you're still using ACLs, use a whitelist instead. See the transmission-daemon manpage for details.</p>"

    @Test("a long error page is cut after its last whole sentence that fits")
    func longPage() {
        let harness = Harness([Reply.status(403, Self.forbiddenPage30)])
        #expect(
            throws: RPCError.forbidden(
                detail:
                    "403: Forbidden Unauthorized IP Address. Either disable the IP address whitelist or add your address to it."
            )
        ) {
            try harness.client.sessionStats()
        }
    }

    @Test("a long page without sentences is cut with an ellipsis")
    func longWords() throws {
        let harness = Harness([Reply.status(418, String(repeating: "teapot ", count: 100))])
        do {
            _ = try harness.client.sessionStats()
            Issue.record("expected an error")
        } catch {
            guard case .http(418, let snippet) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(snippet.count == 200)
            #expect(snippet.hasSuffix("…"))
        }
    }

    @Test("a classic result string other than success is an RPC failure")
    func classicFailure() {
        let harness = Harness([
            Reply.json(#"{"arguments":{},"result":"labels cannot contain comma (,) character","tag":1}"#)
        ])
        var changes = TorrentChanges()
        changes.labels = ["a,b"]
        let expected = RPCError.rpcFailure("labels cannot contain comma (,) character")
        #expect(throws: expected) { try harness.client.torrentSet(.id(1), changes) }
        #expect(expected.description.contains("labels cannot contain comma"))
    }

    @Test("a JSON-RPC error reports Transmission's error_string, else its message")
    func jsonRPCFailure() {
        let specific = Harness(
            [
                Reply.json(
                    #"{"jsonrpc":"2.0","error":{"code":3,"message":"path is not absolute","data":{"error_string":"download directory path is not absolute"}},"id":1}"#
                )
            ],
            dialect: .jsonRPC)
        #expect(throws: RPCError.rpcFailure("download directory path is not absolute")) {
            try specific.client.torrentAdd(.filename("magnet:?xt=urn:btih:abc"), downloadDir: "relative")
        }
        let generic = Harness(
            [Reply.json(#"{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":1}"#)],
            dialect: .jsonRPC)
        #expect(throws: RPCError.rpcFailure("Method not found")) { try generic.client.call("no-such-method") }
    }

    @Test(
        "replies that are not JSON are malformed or truncated, with the byte offset",
        arguments: [
            ("<html>proxy error</html>", RPCError.malformed(detail: "unexpected '<'", offset: 0)),
            (#"{"arguments":{"torrents":[[1,2]"#, .truncated(offset: 31)),
            ("", .truncated(offset: 0)),
            (
                #"{"arguments":{},"result":"success"} trailing"#,
                .malformed(detail: "unexpected 't' after the JSON value", offset: 36)
            ),
            ("[1,2]", .malformed(detail: "the reply is not a JSON object", offset: nil)),
            (#"{"arguments":{}}"#, .malformed(detail: "the reply has neither 'result' nor 'error'", offset: nil)),
        ])
    func malformedReplies(body: String, expected: RPCError) {
        let harness = Harness([Reply.json(body), Reply.json(body), Reply.json(body)])
        #expect(throws: expected) { try harness.client.sessionStats() }
        #expect(harness.sent.count == 1)  // not retried
    }

    @Test("a torrent-get reply without torrents, or with a broken list, is malformed")
    func badTorrentList() {
        let missing = Harness([Reply.success(#"{"removed":[]}"#)])
        #expect(throws: RPCError.malformed(detail: "torrent-get did not return 'torrents'", offset: nil)) {
            try missing.client.torrentGet()
        }
        let broken = Harness([Reply.success(#"{"torrents":[["id"],5]}"#)])
        #expect(throws: RPCError.malformed(detail: "table row 1 is not an array", offset: nil)) {
            try broken.client.torrentGet()
        }
    }

    @Test("the 401 error names the user that was sent, never the password")
    func unauthorizedMessage() {
        let harness = Harness(
            [Reply.status(401)], credentials: BasicCredentials(user: "alice", password: "hunter2-long-secret"))
        do {
            _ = try harness.client.sessionStats()
            Issue.record("expected a 401 error")
        } catch {
            #expect(error == .unauthorized(user: "alice"))
            #expect(error.description.contains("alice"))
            #expect(!error.description.contains("hunter2"))
        }
    }

    @Test("only timeouts, broken connections and gateway statuses are transient")
    func transient() {
        #expect(RPCError.transport(.timeout(phase: .response, detail: "")).isTransient)
        #expect(RPCError.transport(.connection(detail: "reset")).isTransient)
        #expect(RPCError.http(status: 503, snippet: "").isTransient)
        #expect(!RPCError.transport(.refused(detail: "")).isTransient)
        #expect(!RPCError.http(status: 500, snippet: "").isTransient)
        #expect(!RPCError.unauthorized(user: nil).isTransient)
        // The same request gets the same oversized answer: it is not downloaded again.
        #expect(!RPCError.transport(.responseTooLarge(limit: 1, announced: 2)).isTransient)
        #expect(!RPCError.replyTooLarge(bytes: 1, memoryLimit: 2).isTransient)
    }
}
