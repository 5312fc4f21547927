import Foundation
import TestSupport
import Testing

/// Checks that the test bed behaves as the other integration tests assume, using curl as a
/// neutral client. Each request carries a unique query marker, so that assertions on the
/// shared access logs hold while other tests use the same listeners in parallel.
@Suite("Test bed")
struct TestBedSmokeTests {
    let bed: TestBed

    init() throws {
        bed = try TestBed.shared
    }

    // MARK: - Daemons

    @Test("the daemon answers 401 without credentials and 409 with them")
    func daemonAuthentication() throws {
        let url = bed.daemonURL()
        #expect(try curl(url).http == 401)
        let answer = try curl(url, "-u", bed.credentials)
        #expect(answer.http == 409)
        #expect(answer.header("X-Transmission-Session-Id") != nil)
    }

    @Test("the forbidden daemon answers 403 to 127.0.0.1")
    func forbiddenDaemon() throws {
        #expect(try curl(bed.daemonURL(.forbidden), "-u", bed.credentials).http == 403)
    }

    @Test("the hostcheck listener gets 421; the hostcheck daemon itself accepts 127.0.0.1")
    func hostWhitelist() throws {
        #expect(try curl(bed.url(for: .hostcheck)).http == 421)
        #expect(try curl(bed.daemonURL(.hostcheck)).http == 409)
    }

    @Test("4.1.3 runs when the run requires it; it answers 409 with its RPC version, a notification 204")
    func modernDaemon() throws {
        if TestBed.requiresModern {
            #expect(bed.hasModern, "REMISSION_REQUIRE_TRANSMISSION4=1, but the bed runs no 4.1.3 (/opt/transmission-4)")
        }
        guard bed.hasModern else { return }  // not installed, not required: the matrix is 3.00 alone
        let url = bed.daemonURL(.modern)
        let handshake = try curl(url, "-u", bed.credentials)
        #expect(handshake.http == 409)
        #expect(handshake.header("X-Transmission-Rpc-Version") == "6.0.1")
        let id = try #require(handshake.header("X-Transmission-Session-Id"))
        // A JSON-RPC notification (no "id"): the real daemon answers 204 with no body.
        let notification = #"{"jsonrpc":"2.0","method":"session_stats"}"#
        let args = [
            "-s", "-S", "-o", "-", "-w", "|%{http_code}", "-u", bed.credentials,
            "-H", "X-Transmission-Session-Id: \(id)", "-d", notification, url,
        ]
        #expect(try bed.run("curl", args: args, timeout: .seconds(20)).stdoutText == "|204")
    }

    // MARK: - TLS listeners

    @Test("the ca-signed listener is trusted with the CA file and logs the request")
    func caSigned() throws {
        let marker = Self.marker()
        let answer = try curl(bed.url(for: .caSigned) + marker, "--cacert", bed.caFile, "-u", bed.credentials)
        #expect(answer.exit == 0)
        #expect(answer.http == 409)
        #expect(answer.header("X-Transmission-Session-Id") != nil)
        let entry = try #require(waitForLogEntry(.caSigned, containing: marker))
        #expect(entry.status == 409)
        #expect(entry.user == bed.user)
        #expect(entry["tls"]?.hasPrefix("TLSv1.") == true)
    }

    @Test("trusted names: localhost, 127.0.0.1, and a chain with its intermediate")
    func trustedNames() throws {
        #expect(try curl(bed.url(for: .caSigned, host: "localhost"), "--cacert", bed.caFile).http == 401)
        #expect(try curl(bed.url(for: .chained), "--cacert", bed.caFile).http == 401)
        #expect(try curl(bed.url(for: .chained, host: "localhost"), "--cacert", bed.caFile).http == 401)
    }

    @Test(
        "untrusted certificates fail verification and send no request",
        arguments: [
            TestBed.Listener.selfSigned, .changed, .expired, .wrongHost, .incomplete,
        ])
    func untrusted(listener: TestBed.Listener) throws {
        let marker = Self.marker()
        let answer = try curl(bed.url(for: listener) + marker, "--cacert", bed.caFile, "-u", bed.credentials)
        #expect(answer.exit == 60, "curl: \(answer.stderr)")
        #expect(!bed.accessLogLines(listener).contains { $0.contains(marker) })
    }

    @Test("the openssl pin of the self-signed key is accepted by curl; another key's is not")
    func pinnedKey() throws {
        let url = bed.url(for: .selfSigned)
        #expect(try curl(url, "-k", "--pinnedpubkey", bed.pin(.selfSigned)).http == 401)
        #expect(try curl(url, "-k", "--pinnedpubkey", bed.pin(.changed)).exit == 90)
    }

    @Test("pins and fingerprints have the documented formats and differ between keys")
    func pinFormats() throws {
        for certificate in TestBed.Certificate.allCases {
            let pin = try bed.pin(certificate)
            #expect(pin.hasPrefix("sha256//") && pin.count == 52, "\(certificate): \(pin)")
            let fingerprint = try bed.fingerprint(certificate)
            #expect(fingerprint.count == 64, "\(certificate): \(fingerprint)")
            #expect(fingerprint.allSatisfy { "0123456789ABCDEF".contains($0) })
        }
        #expect(try bed.pin(.selfSigned) != bed.pin(.changed))
        #expect(try bed.fingerprint(.selfSigned) != bed.fingerprint(.changed))
    }

    @Test("the strip-session listener answers 409 without a session id")
    func stripSession() throws {
        let answer = try curl(bed.url(for: .stripSession), "--cacert", bed.caFile, "-u", bed.credentials)
        #expect(answer.http == 409)
        #expect(answer.header("X-Transmission-Session-Id") == nil)
    }

    @Test("the redirect listener sends a 307 to plain HTTP")
    func redirect() throws {
        let answer = try curl(bed.url(for: .redirect), "--cacert", bed.caFile)
        #expect(answer.http == 307)
        #expect(answer.header("Location") == bed.url(for: .httpProxy))
    }

    @Test("the plain-HTTP proxy and the IPv6 listener reach the main daemon")
    func otherListeners() throws {
        #expect(try curl(bed.url(for: .httpProxy), "-u", bed.credentials).http == 409)
        if bed.has(.ipv6) {
            let answer = try curl(bed.url(for: .ipv6), "--cacert", bed.caFile, "-u", bed.credentials)
            #expect(answer.http == 409)
        }
    }

    // MARK: - Offline cases

    @Test("the silent port times out")
    func silentPort() throws {
        let answer = try curl("http://127.0.0.1:\(bed.silentPort)/transmission/rpc", "--max-time", "1")
        #expect(answer.exit == 28)
    }

    @Test("the closed port refuses connections")
    func closedPort() throws {
        #expect(try curl("http://127.0.0.1:\(bed.closedPort)/transmission/rpc").exit == 7)
    }

    // MARK: - Process runner

    @Test("run passes stdin through and drains large outputs without deadlock")
    func runLargeOutput() throws {
        let input = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0) })
        let result = try bed.run("cat", stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout == input)
        let both = try bed.run("sh", args: ["-c", "head -c 300000 /dev/zero; head -c 300000 /dev/zero >&2; exit 3"])
        #expect(both.status == 3)
        #expect(both.stdout.count == 300_000 && both.stderr.count == 300_000)
    }

    @Test("builtProduct finds the executables beside the test binary")
    func builtProduct() throws {
        let tests = try #require(Bundle.main.executableURL)
        #expect(TestBed.builtProduct(tests.lastPathComponent) == tests.path)
    }

    @Test("run stops a process that outlives its timeout")
    func runTimeout() throws {
        let result = try bed.run("sleep", args: ["30"], timeout: .milliseconds(200))
        #expect(result.timedOut)
        #expect(result.status == 128 + 15)
    }

    // MARK: - Helpers

    struct CurlAnswer {
        var exit: Int32
        /// The HTTP status; 0 when there was none.
        var http: Int
        var headers: [String]
        var stderr: String

        func header(_ name: String) -> String? {
            let prefix = name.lowercased() + ":"
            return headers.first { $0.lowercased().hasPrefix(prefix) }
                .map { $0.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces) }
        }
    }

    /// POSTs `{}` to `url` with curl, keeping the response headers and the status.
    func curl(_ url: String, _ options: String...) throws -> CurlAnswer {
        let args = ["-s", "-S", "-o", "/dev/null", "-D", "-", "-w", "%{http_code}", "-d", "{}"]
        let result = try bed.run("curl", args: args + options + [url], timeout: .seconds(20))
        var lines = result.stdoutText.components(separatedBy: "\r\n")
        let http = Int(lines.popLast() ?? "") ?? 0
        return CurlAnswer(exit: result.status, http: http, headers: lines, stderr: result.stderrText)
    }

    /// A query string that identifies one request in an access log.
    static func marker() -> String { "?probe=\(UUID().uuidString)" }

    /// nginx logs after it answers, so the line may trail curl's exit by a moment.
    func waitForLogEntry(_ listener: TestBed.Listener, containing text: String) -> AccessLogEntry? {
        for _ in 0..<50 {
            if let line = bed.accessLogLines(listener).first(where: { $0.contains(text) }) {
                return AccessLogEntry(line: line)
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }
}
