import Logging
import RemissionModel
import RemissionRPC
import RemissionTransport
import Testing

@Suite("Verbose log masking")
struct LoggingTests {
    static let sessionId = "7Zu7881C5pM1yGl3hGI80xBGDbmGZr1jid5hB2iLxYVZvzTK"
    static let credentials = BasicCredentials(user: "tester", password: "s3cret-pa55word")

    @Test("the log has method, status and elapsed time, but no password, session id or Authorization")
    func masked() throws {
        let harness = Harness(
            [Reply.conflict(Self.sessionId), Reply.success(#"{"torrents":[]}"#)], credentials: Self.credentials)
        _ = try harness.client.torrentGet()
        let text = harness.log.text
        let authorization = Base64.encode("tester:s3cret-pa55word")

        #expect(!text.contains("s3cret"))
        #expect(!text.contains(authorization))
        #expect(!text.contains(String(authorization.prefix(4))))  // nothing of it: its start can decode to the password
        #expect(!text.contains(Self.sessionId))
        #expect(!text.contains(String(Self.sessionId.prefix(5))))
        #expect(text.contains("Basic tester:…"))
        #expect(text.contains("7Zu7…"))

        let responses = harness.log.entries.filter { $0.message == "RPC response" }
        #expect(responses.map { $0.metadata["http.status"]?.description } == ["409", "200"])
        #expect(responses.allSatisfy { $0.metadata["rpc.elapsed_ms"]?.description == "2.5" })
        #expect(harness.log.entries.first { $0.message == "RPC request" }?.metadata["rpc.method"] == "torrent-get")
    }

    @Test("metainfo, file names and URLs are summarised, never logged")
    func bodiesSummarised() throws {
        let metainfo = Array("d8:announce35:http://tracker.example/ann?passkey=SECRETKEY4:infod4:name4:testee".utf8)
        let harness = Harness([
            Reply.success(#"{"rpc-version":16}"#),  // the session-get that comes before an upload
            Reply.success(
                #"{"torrent-added":{"hashString":"bb09681e754309a223f741c55cf6ae61b9ee41c5","id":1,"name":"My Private Name"}}"#
            ),
        ])
        _ = try harness.client.torrentAdd(.metainfo(metainfo), downloadDir: "/srv/secret-dir", paused: true)
        let text = harness.log.text
        #expect(!text.contains(Base64.encode(metainfo)))
        #expect(!text.contains(String(Base64.encode(metainfo).prefix(12))))
        #expect(!text.contains("/srv/secret-dir"))
        #expect(!text.contains("My Private Name"))
        #expect(text.contains("<metainfo, "))
        #expect(text.contains("paused: true"))
    }

    @Test("the trace level adds request headers, with the session id masked")
    func traceHeaders() throws {
        let harness = Harness([Reply.conflict(Self.sessionId), Reply.success()])
        _ = try harness.client.sessionStats()
        let headers = harness.log.entries.filter { $0.message == "RPC request headers" }
        #expect(headers.count == 2)
        #expect(headers.last?.rendered.contains("X-Transmission-Session-Id: 7Zu7…") == true)
        #expect(!harness.log.text.contains(Self.sessionId))
    }

    @Test("nothing is logged above debug level")
    func quietAtInfo() throws {
        let harness = Harness([Reply.success()], logLevel: .info)
        _ = try harness.client.sessionStats()
        #expect(harness.log.entries.isEmpty)
    }

    @Test(
        "masking shows at most four characters",
        arguments: [
            ("7Zu7881C5pM1yGl3hGI80xBGDbmGZr1jid5hB2iLxYVZvzTK", "7Zu7…"),
            ("abcdefghijkl", "abcd…"),
            ("short-id", "…"),  // too short to show any of it
            ("", "…"),
        ])
    func mask(secret: String, expected: String) {
        #expect(LogMasking.mask(secret) == expected)
    }

    @Test("retries and transport failures are logged with the delay")
    func retryLogged() throws {
        let harness = Harness([Reply.failure(.timeout(phase: .connect, detail: "10 s")), Reply.success()])
        _ = try harness.client.sessionStats()
        let retry = try #require(harness.log.entries.first { $0.message == "RPC retry" })
        #expect(retry.metadata["rpc.delay_ms"]?.description == "75")
        #expect(harness.log.entries.contains { $0.message == "RPC transport failure" })
    }
}

@Suite("Gateway headers on every request, masked in the log")
struct GatewayHeaderLoggingTests {
    @Test("every request carries the headers (the resend after 409 too); the log shows a secret one's name only")
    func carriedAndMasked() throws {
        let harness = Harness([Reply.conflict(LoggingTests.sessionId), Reply.success(#"{"torrents":[]}"#)])
        harness.client.gatewayHeaders = [
            GatewayHeader(name: "CF-Access-Client-Id", value: "id.access", isSecret: false),
            GatewayHeader(name: "CF-Access-Client-Secret", value: "gateway-s3cret-value", isSecret: true),
        ]
        _ = try harness.client.torrentGet()
        #expect(harness.sent.count == 2)
        for sent in harness.sent {
            #expect(sent.request.gatewayHeaders.map(\.value) == ["id.access", "gateway-s3cret-value"])
            #expect(!sent.request.headers.contains { $0.name.hasPrefix("CF-") })  // apart from the logged ones
        }
        let text = harness.log.text
        #expect(!text.contains("gateway-s3cret-value"))
        #expect(!text.contains("gateway-s3"))
        #expect(text.contains("CF-Access-Client-Secret: <secret>"), "\(text)")
        #expect(text.contains("CF-Access-Client-Id: id.access"))
    }
}
