import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust
import Testing

@testable import RemissionSession

/// `connect host:port`'s decision (issue 36): what a plain request without credentials, and when it
/// tells nothing a TLS handshake, say about the port. Pure.
@Suite("SchemeFinding: what a port speaks, from a plain request's answer or a handshake")
struct SchemeFindingTests {
    static func answer(_ cause: Failure.Cause) -> Result<ServerInfo, Failure> { .failure(Failure(cause)) }

    @Test(
        "a plain request's answer",
        arguments: [
            (answer(.unauthorized(user: nil, passwordSource: .none)), SchemeFinding?.some(.plainHTTP)),
            (answer(.httpStatus(404, snippet: "Not Found")), .plainHTTP),
            (answer(.forbidden(detail: nil)), .plainHTTP),
            (answer(.malformedReply(detail: "not JSON", offset: 0)), .plainHTTP),
            (
                answer(.httpStatus(400, snippet: "The plain HTTP request was sent to HTTPS port")),
                .tls
            ),
            (answer(.httpStatus(400, snippet: "Client sent an HTTP request to an HTTPS server.")), .tls),
            (answer(.httpStatus(400, snippet: "Bad Request")), .plainHTTP),
            (answer(.transport(.connection(detail: TransportError.tlsAnswerDetail))), .tls),
            (answer(.transport(.connection(detail: "closed before any answer"))), nil),
            (answer(.transport(.refused(detail: "ECONNREFUSED"))), .unknown),
            (answer(.transport(.timeout(phase: .request, detail: "no answer"))), .unknown),
            (answer(.transport(.dns(host: "nas", detail: "unknown"))), .unknown),
        ])
    func plainAnswer(outcome: Result<ServerInfo, Failure>, finding: SchemeFinding?) {
        #expect(SchemeFinding(plainAnswer: outcome) == finding)
    }

    @Test("an RPC answer without credentials: plain HTTP with authentication off")
    func answered() {
        let info = ServerInfo(
            version: "3.00", rpcVersion: 16, rpcVersionMinimum: 1, rpcVersionSemver: nil, dialect: .classic)
        #expect(SchemeFinding(plainAnswer: .success(info)) == .plainHTTP)
    }

    @Test(
        "a handshake's failure",
        arguments: [
            (
                TransportError.tlsHandshake(detail: "error:0A00010B:SSL routines::wrong version number"),
                SchemeFinding.plainHTTP
            ),
            (.tlsHandshake(detail: "tlsv1 alert internal error"), .tls),
            (.tlsHandshake(detail: "tlsv1 unrecognized name"), .tls),
            (.tlsHandshake(detail: "sslv3 alert handshake failure"), .tls),
            (.tlsHandshake(detail: "unexpected eof while reading"), .unknown),
            (.clientCertificateRefused(offered: false, alert: nil), .tls),
            (.refused(detail: "x"), .unknown),
            (.timeout(phase: .tlsHandshake, detail: "x"), .unknown),
        ])
    func handshake(error: TransportError, finding: SchemeFinding) {
        #expect(SchemeFinding(handshake: error) == finding)
    }

    @Test("Caddy's and nginx's 400 to plain HTTP on a TLS port are the known cause 'this port speaks HTTPS'")
    func knownCause() {
        for snippet in [
            "Client sent an HTTP request to an HTTPS server.", "The plain HTTP request was sent to HTTPS port",
        ] {
            #expect(KnownCause.of(Failure(.httpStatus(400, snippet: snippet)), now: 0) == .tlsPort)
        }
        #expect(KnownCause.of(Failure(.httpStatus(400, snippet: "Bad Request")), now: 0) == nil)
    }
}
