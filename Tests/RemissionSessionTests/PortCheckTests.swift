import Logging
import RemissionModel
import RemissionRPC
import RemissionTransport
import Testing

@testable import RemissionSession

/// Answers from a script of (status, body) pairs and keeps the request bodies.
private final class ScriptedReplies: HTTPTransport {
    private var script: [(Int, String)]
    private(set) var bodies: [JSONValue] = []

    init(_ script: [(Int, String)]) { self.script = script }

    func send(_ request: HTTPRequest, credentials: BasicCredentials?) throws(TransportFailure) -> HTTPExchange {
        bodies.append((try? JSONValue.parse(request.body)) ?? .null)
        let (status, body) = script.isEmpty ? (599, "script exhausted") : script.removeFirst()
        return HTTPExchange(response: HTTPResponse(status: status, headers: [], body: Array(body.utf8)))
    }
}

@Suite("port-test: open, closed and untested mapped per IP family (scripted daemon)")
struct PortCheckTests {
    private func client(_ script: [(Int, String)], dialect: RPCDialect) -> (RPCClient, ScriptedReplies) {
        let transport = ScriptedReplies(script)
        let client = RPCClient(
            transport: transport, retryPolicy: .none, dialect: dialect, logger: Logger(label: "port-check-test"))
        return (client, transport)
    }

    static let classicVersion =
        #"{"arguments":{"rpc-version":16,"rpc-version-minimum":1,"version":"3.00"},"result":"success"}"#
    static let modernVersion =
        #"{"jsonrpc":"2.0","result":{"rpc_version":19,"rpc_version_minimum":14,"version":"4.1.3"},"id":1}"#

    @Test("3.00: one test without ip_protocol; port-is-open false is closed, true open")
    func classicOnce() throws {
        for (open, outcome) in [(false, PortTestOutcome.closed), (true, .open)] {
            let (client, transport) = client(
                [(200, Self.classicVersion), (200, #"{"arguments":{"port-is-open":\#(open)},"result":"success"}"#)],
                dialect: .classic)
            let results = try PortCheck.run(client)
            #expect(results == [PortTestResult(family: nil, outcome: outcome)])
            #expect(transport.bodies.last?["method"]?.string == "port-test")
            #expect(transport.bodies.last?["arguments"]?["ip_protocol"] == nil)
            #expect(PortCheck.verdict(results) == (open ? .open : .closed))
        }
    }

    @Test("3.00: an error result (the service unreachable) is untested with the daemon's words, never closed")
    func classicUntested() throws {
        let (client, _) = client(
            [(200, Self.classicVersion), (200, #"{"arguments":{},"result":"portTested: http error 0: No Response"}"#)],
            dialect: .classic)
        let results = try PortCheck.run(client)
        #expect(results == [PortTestResult(family: nil, outcome: .untested("portTested: http error 0: No Response"))])
        #expect(PortCheck.verdict(results) == .untested)
    }

    @Test("4.1: IPv4 and IPv6 apart, each with its ip_protocol; one open and one untested is open")
    func modernPerFamily() throws {
        let (client, transport) = client(
            [
                (200, Self.modernVersion),
                (200, #"{"jsonrpc":"2.0","result":{"port_is_open":true,"ip_protocol":"ipv4"},"id":2}"#),
                (
                    200,
                    #"{"jsonrpc":"2.0","error":{"code":8,"message":"Couldn't test port: No Response (0)"},"id":3}"#
                ),
            ], dialect: .jsonRPC)
        let results = try PortCheck.run(client)
        #expect(
            results == [
                PortTestResult(family: .ipv4, outcome: .open),
                PortTestResult(family: .ipv6, outcome: .untested("Couldn't test port: No Response (0)")),
            ])
        #expect(transport.bodies.dropFirst().map { $0["params"]?["ip_protocol"]?.string } == ["ipv4", "ipv6"])
        #expect(transport.bodies.dropFirst().allSatisfy { $0["method"]?.string == "port_test" })
        #expect(PortCheck.verdict(results) == .open)
    }

    @Test("4.1: closed on IPv4 and untested on IPv6 is closed; untested on both is untested")
    func modernVerdicts() throws {
        let closed = #"{"jsonrpc":"2.0","result":{"port_is_open":false,"ip_protocol":"ipv4"},"id":2}"#
        let failed = #"{"jsonrpc":"2.0","error":{"code":8,"message":"Couldn't test port"},"id":3}"#
        var (client, _) = client([(200, Self.modernVersion), (200, closed), (200, failed)], dialect: .jsonRPC)
        #expect(PortCheck.verdict(try PortCheck.run(client)) == .closed)
        (client, _) = self.client([(200, Self.modernVersion), (200, failed), (200, failed)], dialect: .jsonRPC)
        let results = try PortCheck.run(client)
        #expect(PortCheck.verdict(results) == .untested)
        #expect(results.map(\.family) == [.ipv4, .ipv6])
    }

    @Test("a failure that is not the test's own (401, a malformed reply) is thrown, not untested")
    func otherFailuresThrow() {
        var (client, _) = client([(200, Self.classicVersion), (401, "Unauthorized")], dialect: .classic)
        #expect(throws: RPCError.self) { try PortCheck.run(client) }
        (client, _) = self.client(
            [(200, Self.classicVersion), (200, #"{"arguments":{},"result":"success"}"#)], dialect: .classic)
        #expect(throws: RPCError.self) { try PortCheck.run(client) }
    }

    @Test("the verdict: any open wins; closed before untested; no result is untested")
    func verdictTable() {
        let open = PortTestResult(family: .ipv6, outcome: .open)
        let closed = PortTestResult(family: .ipv4, outcome: .closed)
        let untested = PortTestResult(family: .ipv4, outcome: .untested("x"))
        #expect(PortCheck.verdict([closed, open]) == .open)
        #expect(PortCheck.verdict([untested, closed]) == .closed)
        #expect(PortCheck.verdict([untested, untested]) == .untested)
        #expect(PortCheck.verdict([]) == .untested)
        #expect(FurtherExitStatus.portClosed.rawValue == 10)
        #expect(Failure(.local(.portNotTested([untested]))).status == .serverRefused)
    }
}
