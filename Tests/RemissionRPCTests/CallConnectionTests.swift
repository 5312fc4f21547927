import Logging
import RemissionModel
import RemissionRPC
import RemissionTransport
import Testing

/// A call's `CallReport.connection` is built from the reports the transport's `send` returned (or
/// its failure carried): the last exchange that opened a connection, else the last one; nothing is
/// read back from the transport.
@Suite("A call's connection report comes from what send returned")
struct CallConnectionTests {
    /// Answers a 409 and then a 200, each with a report: the first opened the connection (port 1),
    /// the second reused it; or fails with a report after its answers.
    final class ReportingTransport: HTTPTransport {
        var answers: [Result<HTTPExchange, TransportFailure>]
        init(_ answers: [Result<HTTPExchange, TransportFailure>]) { self.answers = answers }

        func send(_ request: HTTPRequest, credentials: BasicCredentials?) throws(TransportFailure) -> HTTPExchange {
            guard !answers.isEmpty else { throw TransportFailure(.connection(detail: "script exhausted")) }
            return try answers.removeFirst().get()
        }
    }

    static func report(port: Int, reused: Bool, dns: Double? = 1) -> ConnectionReport {
        ConnectionReport(
            timings: StepTimings(dns: reused ? nil : dns, total: 5), localPort: port, reusedConnection: reused)
    }

    static let conflict = HTTPResponse(
        status: 409, headers: [HTTPHeader(RPCClient.sessionIdHeader, "id")], body: Array("409".utf8))
    static let version = HTTPResponse(
        status: 200, body: Array(#"{"arguments":{"rpc-version":17,"version":"3.00"},"result":"success"}"#.utf8))

    func client(_ transport: ReportingTransport) -> RPCClient {
        RPCClient(
            transport: transport, retryPolicy: .none, logger: Logger(label: "t") { _ in SwiftLogNoOpLogHandler() })
    }

    @Test("the opening exchange's report, not the later reused one's")
    func openingKept() throws {
        let transport = ReportingTransport([
            .success(HTTPExchange(response: Self.conflict, connection: Self.report(port: 1, reused: false))),
            .success(HTTPExchange(response: Self.version, connection: Self.report(port: 1, reused: true))),
        ])
        let reported = client(transport).reporting { client throws(RPCError) in try client.serverInfo() }
        #expect(try reported.get().rpcVersion == 17)
        #expect(reported.report.connection == Self.report(port: 1, reused: false))
    }

    @Test("a later exchange that opened a new connection replaces an earlier one")
    func newerOpening() throws {
        let transport = ReportingTransport([
            .success(HTTPExchange(response: Self.conflict, connection: Self.report(port: 1, reused: false))),
            .success(HTTPExchange(response: Self.version, connection: Self.report(port: 2, reused: false, dns: 3))),
        ])
        let reported = client(transport).reporting { client throws(RPCError) in try client.serverInfo() }
        #expect(reported.report.connection?.localPort == 2)
        #expect(reported.report.connection?.timings.dns == 3)
    }

    @Test("a failure's report is the call's: how far the connection got")
    func failureReport() {
        var failed = Self.report(port: 7, reused: false)
        failed.timings.tcp = 2
        let transport = ReportingTransport([
            .failure(TransportFailure(.timeout(phase: .tlsHandshake, detail: "slow"), connection: failed))
        ])
        let reported = client(transport).reporting { client throws(RPCError) in try client.serverInfo() }
        #expect(reported.report.connection == failed)
        guard case .failure(.transport(.timeout(let phase, _))) = reported.result else {
            Issue.record("\(reported.result)")
            return
        }
        #expect(phase == .tlsHandshake)
    }

    @Test("outside a reporting block nothing is kept; inside, only this block's exchanges")
    func onlyThisBlock() throws {
        let transport = ReportingTransport([
            .success(HTTPExchange(response: Self.conflict, connection: Self.report(port: 1, reused: false))),
            .success(HTTPExchange(response: Self.version, connection: Self.report(port: 1, reused: true))),
            .success(HTTPExchange(response: Self.version, connection: Self.report(port: 1, reused: true))),
        ])
        let client = client(transport)
        _ = try client.serverInfo()
        let reported = client.reporting { client throws(RPCError) in try client.serverInfo() }
        #expect(reported.report.connection == Self.report(port: 1, reused: true))
    }
}
