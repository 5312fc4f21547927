import Foundation
import TestSupport
import Testing

/// Trust that lives with renewals, against a real Caddy 2 `reverse_proxy` with `tls internal` in front
/// of the bed's daemon (Debian's caddy): its leaf lives 12 hours and its intermediate 7 days, both with
/// new keys, and it never sends its root. A server onboarded with the recommended choice (Caddy's
/// root as the CA file) stays ONLINE across a leaf renewal and an intermediate renewal, which the
/// test makes by deleting them from Caddy's storage and restarting it; one onboarded by accepting the
/// leaf is refused with CERTIFICATE CHANGED that says it is a renewal and what survives it
/// (`CaddyAdviceTests` follows that advice).
@Suite("renewals: a real Caddy with tls internal (process)", .serialized)
struct CaddyRenewalTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    /// Caddy on a free loopback port, its storage in a directory of its own.
    final class Caddy {
        let directory = TemporaryDirectory()
        let port: Int
        let upstream: Int
        private(set) var pid: pid_t = 0

        init(bed: TestBed) throws {
            let helper = TestBed.repositoryRoot + "/scripts/lib/testbed_helper.py"
            let ports = try bed.run("python3", args: [helper, "ports", "2"]).stdoutText.split(separator: "\n")
                .compactMap { Int($0) }
            try #require(ports.count == 2)
            port = ports[0]
            upstream = bed.daemonPort()
            let config = """
                {
                \tadmin off
                \thttp_port \(ports[1])
                \tstorage file_system \(directory.file("data"))
                \tskip_install_trust
                \tauto_https disable_redirects
                }
                https://localhost:\(port) {
                \tbind 127.0.0.1
                \ttls internal
                \treverse_proxy 127.0.0.1:\(upstream)
                }
                """
            try config.write(toFile: directory.file("Caddyfile"), atomically: true, encoding: .utf8)
            try start()
        }

        var root: String { directory.file("data/pki/authorities/local/root.crt") }
        var leaf: String { directory.file("data/certificates/local/localhost/localhost.crt") }
        var intermediate: String { directory.file("data/pki/authorities/local/intermediate.crt") }

        func start() throws {
            let home = directory.path
            let started = try ProcessRunner.run(
                "bash",
                args: [
                    "-c",
                    // One simple command in the background: $! is caddy itself (setsid execs it).
                    "cd \"$1\"; HOME=\"$1\" XDG_DATA_HOME=\"$1/xdg\" XDG_CONFIG_HOME=\"$1/xdg\" setsid caddy run "
                        + "--config Caddyfile --adapter caddyfile </dev/null >caddy.log 2>&1 & echo $!",
                    "bash", home,
                ], timeout: .seconds(10))
            pid = try #require(pid_t(started.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)))
            for _ in 0..<200 where !leafWritten || !listening() { usleep(50_000) }
            try #require(listening() && leafWritten, "caddy did not start: \(log)")
        }

        private var leafWritten: Bool {
            ((try? String(contentsOfFile: leaf, encoding: .utf8)) ?? "").contains("-----END CERTIFICATE-----")
        }

        var log: String { (try? String(contentsOfFile: directory.file("caddy.log"), encoding: .utf8)) ?? "" }

        func stop() {
            kill(pid, SIGKILL)
            for _ in 0..<100 where listening() { usleep(20_000) }
        }

        /// Stops Caddy, and fails when its port still answers (a restart must be a new process).
        func stopChecked() throws {
            stop()
            try #require(!listening(), "caddy (pid \(pid)) still listens on \(port)")
        }

        /// What Caddy does at a renewal: a new leaf (with a new key); with `intermediate`, a new
        /// intermediate too (the root stays).
        func renew(intermediate renewIntermediate: Bool) throws {
            try stopChecked()
            let fileManager = FileManager.default
            try fileManager.removeItem(atPath: directory.file("data/certificates"))
            if renewIntermediate {
                try fileManager.removeItem(atPath: intermediate)
                try fileManager.removeItem(atPath: directory.file("data/pki/authorities/local/intermediate.key"))
            }
            try start()
        }

        private func listening() -> Bool {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(descriptor) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
        }

        deinit { stop() }
    }

    func fingerprint(_ file: String) throws -> String {
        let out = try bed.run("openssl", args: ["x509", "-in", file, "-noout", "-fingerprint", "-sha256"]).stdoutText
        return try #require(out.split(separator: "=").last).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("first contact shows the lifetimes, names Caddy's root, and recommends it as the CA file")
    func firstContact() throws {
        let caddy = try Caddy(bed: bed)
        let home = CLIHome(bed: bed)
        let show = try home.run(["trust", "show", "https://localhost:\(caddy.port)/"])
        #expect(show.status == 5, "\(show.all)")
        #expect(show.out.contains("Lifetimes: leaf 12 hours, intermediate 7 days, root not sent"), "\(show.all)")
        #expect(show.out.contains("pki/authorities/local/root.crt"), "\(show.all)")
        #expect(show.out.components(separatedBy: "This is Caddy's own certificate authority").count == 2, "\(show.all)")
        #expect(show.out.contains("Recommended (it survives the server's renewals):"), "\(show.all)")
        #expect(show.out.contains("remission trust ca"), "\(show.all)")
        let russian = try home.run(["trust", "show", "https://localhost:\(caddy.port)/"], env: ["LANG": "ru_RU.UTF-8"])
        #expect(russian.out.contains("Рекомендуется"), "\(russian.all)")
        // connect without a terminal names the same choice as its own flag.
        let refused = try home.run(["connect", "https://localhost:\(caddy.port)/", "--name", "caddy"])
        #expect(refused.status == 5, "\(refused.all)")
        #expect(refused.err.contains("--ca-file root.crt"), "\(refused.all)")
    }

    @Test("the recommended choice (Caddy's root as CA file) stays ONLINE across a leaf and an intermediate renewal")
    func recommendedSurvivesRenewals() throws {
        let caddy = try Caddy(bed: bed)
        let home = CLIHome(bed: bed)
        let connected = try home.run(
            [
                "connect", "https://localhost:\(caddy.port)/transmission/rpc", "--name", "caddy", "--ca-file",
                caddy.root, "--user", bed.user, "--password-stdin", "--no-save-password",
            ], stdin: bed.password)
        #expect(connected.status == 0, "\(connected.all)")
        let auth = ["TR_AUTH": bed.credentials]
        let before = try fingerprint(caddy.leaf)
        try caddy.renew(intermediate: false)
        #expect(try fingerprint(caddy.leaf) != before, "Caddy did not make a new leaf")
        let afterLeaf = try home.run(["check", "caddy"], env: auth)
        #expect(afterLeaf.status == 0, "\(afterLeaf.all)")
        #expect(afterLeaf.out.contains("ONLINE"), "\(afterLeaf.all)")
        let intermediateBefore = try fingerprint(caddy.intermediate)
        try caddy.renew(intermediate: true)
        #expect(try fingerprint(caddy.intermediate) != intermediateBefore, "Caddy did not make a new intermediate")
        let afterIntermediate = try home.run(["list", "--server", "caddy"], env: auth)
        #expect(afterIntermediate.status == 0, "\(afterIntermediate.all)")
    }

    @Test(
        "an accepted leaf is refused at renewal with CERTIFICATE CHANGED that says it is a proven renewal and what survives"
    )
    func acceptedLeafExplainsItself() throws {
        let caddy = try Caddy(bed: bed)
        let home = CLIHome(bed: bed)
        let connected = try home.run(
            [
                "connect", "https://localhost:\(caddy.port)/transmission/rpc", "--name", "caddy",
                "--accept-fingerprint", try fingerprint(caddy.leaf), "--user", bed.user, "--password-stdin",
                "--no-save-password",
            ], stdin: bed.password)
        #expect(connected.status == 0, "\(connected.all)")
        try caddy.renew(intermediate: false)
        let check = try home.run(["check", "caddy"], env: ["TR_AUTH": bed.credentials])
        #expect(check.status == 5, "\(check.all)")
        #expect(check.all.contains("CERTIFICATE CHANGED"), "\(check.all)")
        #expect(check.all.contains("It is a renewal by the same certificate authority"), "\(check.all)")
        // Its 7-day intermediate is not recommended: its root outlives it.
        #expect(!check.all.contains("remission trust pin caddy --issuer"), "\(check.all)")
        #expect(check.all.contains("remission trust ca caddy root.crt --replace-accepted"), "\(check.all)")
        let russian = try home.run(["check", "caddy"], env: ["TR_AUTH": bed.credentials, "LANG": "ru_RU.UTF-8"])
        #expect(russian.status == 5)
        #expect(russian.all.contains("продление"), "\(russian.all)")
    }

    @Test("by IP, Caddy has no certificate; --tls-name checks and sends its name, and connect saves it")
    func tlsName() throws {
        let caddy = try Caddy(bed: bed)
        let home = CLIHome(bed: bed)
        let url = "https://127.0.0.1:\(caddy.port)/transmission/rpc"
        let auth = ["TR_AUTH": bed.credentials]
        let byAddress = try home.run(["check", url, "--ca-file", caddy.root], env: auth)
        #expect(byAddress.status == 1, "\(byAddress.all)")
        #expect(byAddress.all.contains("--tls-name NAME"), "\(byAddress.all)")
        let named = try home.run(["check", url, "--ca-file", caddy.root, "--tls-name", "localhost"], env: auth)
        #expect(named.status == 0, "\(named.all)")
        let connected = try home.run(
            [
                "connect", url, "--name", "caddy", "--ca-file", caddy.root, "--tls-name", "LocalHost", "--user",
                bed.user, "--password-stdin", "--no-save-password",
            ], stdin: bed.password)
        #expect(connected.status == 0, "\(connected.all)")
        let saved = try String(contentsOfFile: home.configDirectory + "/servers.json", encoding: .utf8)
        #expect(saved.contains("\"tlsName\" : \"localhost\""), "\(saved)")
        let check = try home.run(["check", "caddy"], env: auth)
        #expect(check.status == 0, "\(check.all)")
    }
}
