import Foundation
import Logging
import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust
import TestSupport
import Testing

/// An impostor that appends the real (pinned) CA certificate to its own self-signed leaf must not
/// match the CA pin: the CA did not sign that leaf. A real `openssl s_server` plays the impostor.
@Suite("pins match only certificates linked to the leaf (real openssl s_server impostor)")
struct PinBypassTests {
    @Test("a self-signed leaf followed by the pinned CA certificate is refused; nothing is sent")
    func appendedCACertificateIsRefused() throws {
        let bed = try TestBed.shared
        let directory = TemporaryDirectory()
        let key = directory.file("evil.key")
        let certificate = directory.file("evil.crt")
        let made = try bed.run(
            "openssl",
            args: [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
                "-out",
                certificate, "-days", "2", "-subj", "/CN=localhost", "-addext",
                "subjectAltName=DNS:localhost,IP:127.0.0.1",
            ])
        #expect(made.status == 0, "\(made.stderrText)")
        let port = try freePort(bed)
        let server = try spawnServer(
            [
                "s_server", "-quiet", "-accept", "127.0.0.1:\(port)", "-cert", certificate, "-key", key,
                "-cert_chain", bed.certificateFile(.ca), "-www",
            ])
        // SIGKILL: a child spawned from a test thread inherits its blocked signals, SIGTERM included.
        defer { kill(server, SIGKILL); waitpid(server, nil, 0) }
        try waitForListener(port)

        let caPin = try SPKIPin(parsing: bed.pin(.ca))
        let trust = ServerTrust(pins: [caPin])
        let endpoint = try ServerEndpoint.parse("https://127.0.0.1:\(port)/transmission/rpc")
        let transport = try CurlTransport(
            endpoint: endpoint,
            options: TransportOptions(timeoutSeconds: 5, environment: ["SSL_CERT_DIR": "/nonexistent"])
        ) { TrustPolicy(trust: trust).evaluate($0) }
        let client = RPCClient(
            transport: transport, credentials: BasicCredentials(user: "u", password: "secret"), retryPolicy: .none,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        #expect {
            _ = try client.serverInfo()
        } throws: { error in
            guard case .transport(.trustRefused(let decision, let chain)) = error as? RPCError else { return false }
            // The server did send the CA certificate; it just does not count.
            return !decision.isTrusted && chain.certificates.map(\.spkiPin).contains(caPin) && chain.signedPrefix == 1
        }
    }

    private func freePort(_ bed: TestBed) throws -> Int {
        let helper = TestBed.repositoryRoot + "/scripts/lib/testbed_helper.py"
        // Prints `ipv6=yes|no`, then the ports.
        let result = try bed.run("python3", args: [helper, "ports", "1"])
        let lines = result.stdoutText.split(separator: "\n")
        return try #require(lines.last.flatMap { Int($0) })
    }

    private func spawnServer(_ arguments: [String]) throws -> pid_t {
        var pid: pid_t = 0
        let argv = (["openssl"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let status = posix_spawnp(&pid, "openssl", &actions, nil, argv, environ)
        try #require(status == 0)
        return pid
    }

    private func waitForListener(_ port: Int) throws {
        for _ in 0..<100 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            close(fd)
            if connected == 0 { return }
            usleep(50_000)
        }
        Issue.record("openssl s_server did not start on port \(port)")
    }
}
