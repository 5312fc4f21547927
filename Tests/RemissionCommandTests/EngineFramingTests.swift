import Foundation
import TestSupport
import Testing

/// Framings our own HTTP engine must read as curl 8 does: a body framed by a TLS close without
/// close_notify is refused (it may have been cut short), and an empty body a proxy marked gzip is empty. The hostile server speaks with the test bed's self-signed certificate, pinned.
@Suite("The own HTTP engine: framings curl accepted (process, HostileServer over TLS)")
struct EngineFramingTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    func tlsServer(_ methods: [String: Any]) throws -> HostileServer {
        try HostileServer(
            scenario: ["methods": methods],
            tls: (cert: bed.certificateFile(.selfSigned), key: bed.keyFile(.selfSigned)))
    }

    @Test("a body framed by a TLS close without close_notify may be cut short: refused as such, not ONLINE")
    func closeWithoutNotify() throws {
        // "contentLength": "none": no length, Connection: close, then the socket is closed without
        // TLS's close_notify (Python's SSLSocket.close), which OpenSSL 3 reports as an error.
        let server = try tlsServer([
            "session-get": [
                "arguments": ["rpc-version": 17, "rpc-version-minimum": 14, "version": "3.00 (hostile)"],
                "contentLength": "none",
            ]
        ])
        let run = try HostileRun.remission(["check", server.url(scheme: "https"), "--pin", try bed.pin(.selfSigned)])
        #expect(run.status != 0, "\(run.all)")
        #expect(!run.out.contains("ONLINE"), "\(run.all)")
        #expect(run.all.contains("close_notify"), "\(run.all)")
    }

    @Test("an empty 401 marked gzip is a 401: AUTH FAILED and exit 4, not an undecodable body")
    func emptyGzipUnauthorized() throws {
        let server = try tlsServer([
            "session-get": ["status": 401, "body": "", "headers": [["Content-Encoding", "gzip"]]]
        ])
        let run = try HostileRun.remission(["check", server.url(scheme: "https"), "--pin", try bed.pin(.selfSigned)])
        #expect(run.status == 4, "\(run.all)")
        #expect(run.out.contains("AUTH FAILED — auth"), "\(run.all)")
    }
}
