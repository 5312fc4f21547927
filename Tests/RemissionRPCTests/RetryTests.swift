import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust
import Testing

@Suite("Retry with backoff")
struct RetryTests {
    static let timeout = Reply.failure(.timeout(phase: .response, detail: "no data in 10 s"))

    @Test(
        "delays grow exponentially, are capped, and jitter only shortens them",
        arguments: [
            (1, 0.0, 100), (2, 0.0, 200), (3, 0.0, 400), (4, 0.0, 800), (5, 0.0, 1000), (40, 0.0, 1000),
            (1, 0.5, 75), (2, 0.5, 150), (5, 0.5, 750), (1, 0.999, 50),
        ])
    func delays(retry: Int, fraction: Double, expected: Int) {
        let policy = RetryPolicy(maxAttempts: 9, baseDelayMilliseconds: 100, maxDelayMilliseconds: 1000, jitter: 0.5)
        #expect(policy.delayMilliseconds(beforeRetry: retry, randomFraction: fraction) == expected)
    }

    @Test("timeouts are retried with the exact backoff delays, then succeed")
    func retriedThenSuccess() throws {
        let harness = Harness([Self.timeout, Self.timeout, Reply.success(#"{"torrentCount":2}"#)], random: [0.5, 0.0])
        let stats = try harness.client.sessionStats()
        #expect(stats.torrentCount == 2)
        #expect(harness.sent.count == 3)
        #expect(harness.clock.delays == [75, 200])  // 100 × (1 − 0.5 × 0.5), then 200 × (1 − 0)
    }

    @Test("retries stop at maxAttempts and report the last error")
    func bounded() {
        let harness = Harness(Array(repeating: Self.timeout, count: 10))
        #expect(throws: RPCError.transport(.timeout(phase: .response, detail: "no data in 10 s"))) {
            _ = try harness.client.sessionStats()
        }
        #expect(harness.sent.count == 3)
        #expect(harness.clock.delays == [75, 150])
    }

    @Test("502, 503 and 504 from a proxy and broken connections are retried", arguments: [502, 503, 504])
    func gatewayRetried(status: Int) throws {
        let harness = Harness([
            Reply.status(status, "<h1>Bad Gateway</h1>"), Reply.failure(.connection(detail: "reset")), Reply.success(),
        ])
        _ = try harness.client.sessionStats()
        #expect(harness.sent.count == 3)
        #expect(harness.clock.delays.count == 2)
    }

    @Test(
        "permanent faults are reported at once, without sleeping",
        arguments: [
            Reply.status(401), Reply.status(403), Reply.status(421), Reply.status(404),
            Reply.failure(.refused(detail: "ECONNREFUSED")), Reply.failure(.dns(host: "x", detail: "NXDOMAIN")),
            Reply.failure(.unreachable(detail: "no route")), Reply.failure(.tlsHandshake(detail: "alert")),
            Reply.failure(
                .trustRefused(.refused([.noCertificate]), chain: PresentedChain(certificates: [], problems: []))),
            Reply.json(#"{"result":"no method name","arguments":{}}"#), Reply.json("{"),
        ])
    func notRetried(reply: Result<HTTPResponse, TransportError>) {
        let harness = Harness([reply, Reply.success(), Reply.success()])
        #expect(throws: RPCError.self) { try harness.client.sessionStats() }
        #expect(harness.sent.count == 1)
        #expect(harness.clock.delays.isEmpty)
    }

    @Test("a handshake inside a retried attempt still works")
    func handshakeAfterRetry() throws {
        let harness = Harness([Self.timeout, Reply.conflict("abcdefghijklmnop"), Reply.success()])
        _ = try harness.client.sessionStats()
        #expect(harness.sent.count == 3)
        #expect(harness.sent[2].header("X-Transmission-Session-Id") == "abcdefghijklmnop")
        #expect(harness.clock.delays.count == 1)
    }

    @Test("RetryPolicy.none makes one attempt")
    func noRetries() {
        let harness = Harness([Self.timeout, Reply.success()], retryPolicy: .none)
        #expect(throws: RPCError.self) { try harness.client.sessionStats() }
        #expect(harness.sent.count == 1)
    }

    @Test("policy values are clamped to sensible ranges")
    func clamped() {
        let policy = RetryPolicy(maxAttempts: 0, baseDelayMilliseconds: -5, maxDelayMilliseconds: -1, jitter: 3)
        #expect(policy.maxAttempts == 1)
        #expect(policy.baseDelayMilliseconds == 0)
        #expect(policy.jitter == 1)
        #expect(RetryPolicy.standard.maxAttempts == 3)
    }
}

@Suite("A deadline bounds the whole call, retries included")
struct DeadlineTests {
    @Test("each request gets what is left, and no retry starts that could not finish in time")
    func noRetryPastTheDeadline() {
        let harness = Harness([
            Reply.failure(.timeout(phase: .response, detail: "")), Reply.success(),
        ])
        harness.client.deadline = harness.client.deadline(inSeconds: 0.05)
        #expect(throws: RPCError.transport(.timeout(phase: .response, detail: ""))) {
            try harness.client.sessionStats()
        }
        #expect(harness.sent.count == 1)
        #expect(harness.sent[0].request.timeoutMilliseconds.map { $0 > 0 && $0 <= 50 } == true)
        #expect(harness.clock.delays.isEmpty)
    }

    @Test("with time left, a transient fault is retried as before")
    func retriesWithinTheDeadline() throws {
        let harness = Harness([Reply.failure(.timeout(phase: .response, detail: "")), Reply.success()])
        harness.client.deadline = harness.client.deadline(inSeconds: 60)
        _ = try harness.client.sessionStats()
        #expect(harness.sent.count == 2)
    }

    @Test("a deadline already past sends nothing")
    func pastDeadline() {
        let harness = Harness([Reply.success()])
        harness.client.deadline = 0
        #expect(throws: RPCError.self) { try harness.client.sessionStats() }
        #expect(harness.sent.isEmpty)
    }
}
