import Foundation

/// The real test bed: transmission-daemons, an nginx TLS proxy with one listener per test
/// certificate, a silent port and a closed port, all on loopback (see `scripts/testbed`).
///
/// One bed serves the whole test process. `TestBed.shared` starts it on first use (thread
/// safe: Swift initialises a static `let` exactly once) and stops it when the process
/// exits; a watchdog stops it too if the process dies without exiting. When
/// `REMISSION_TESTBED_DIR` names a directory with a `testbed.env`, that running bed is used
/// instead and left running. `REMISSION_TESTBED_KEEP=1` keeps the bed's directory (logs,
/// certificates) after the run; `REMISSION_TESTBED_CERTS=DIR` reuses (or makes) the test
/// PKI there instead of generating one per bed.
///
///     let bed = try TestBed.shared
///     let result = try bed.run("curl", args: ["--cacert", bed.caFile, bed.url(for: .caSigned)])
public final class TestBed: Sendable {
    /// The bed's directory: `testbed.env`, `certs/`, `logs/`, `nginx/`, the daemons' configs.
    public let directory: String
    /// Every `KEY=VALUE` of `testbed.env` as read at startup. PIDs change on restarts.
    public let environment: [String: String]

    /// The host every listener is on: `127.0.0.1` (the ipv6 listener is on `[::1]`).
    public let host: String
    public let user: String
    /// Random for each bed; the main and volatile daemons share it.
    public let password: String
    /// `/transmission/rpc`
    public let rpcPath: String
    public let certsDirectory: String
    /// The root CA (PEM): the anchor for ca-signed, chained, expired and wrong-host.
    public let caFile: String
    public let downloadDirectory: String
    public let daemonConfigDirectory: String
    public let nginxErrorLog: String
    /// Accepts TCP connections and never answers.
    public let silentPort: Int
    /// Nothing listens here.
    public let closedPort: Int

    /// The repository root, found by walking up from this file.
    public static let repositoryRoot: String = findRepositoryRoot(from: #filePath)
    static var script: String { repositoryRoot + "/scripts/testbed" }

    /// The process-wide bed, started on first use. Throws (once per access) when it
    /// cannot start, with the script's output, so each test fails with the reason.
    public static var shared: TestBed {
        get throws { try sharedResult.get() }
    }
    private static let sharedResult: Result<TestBed, any Error> = Result { try attachOrStart() }

    /// Reads the `testbed.env` in `directory` (of a bed that is already running).
    public init(directory: String) throws {
        let file = directory + "/testbed.env"
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw TestBedError.noEnvironment(file)
        }
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        func value(_ key: String) throws -> String {
            guard let value = values[key] else { throw TestBedError.missingKey(key, file) }
            return value
        }
        func port(_ key: String) throws -> Int {
            guard let port = Int(try value(key)) else { throw TestBedError.missingKey(key, file) }
            return port
        }
        self.directory = directory
        environment = values
        host = try value("RPC_HOST")
        user = try value("RPC_USER")
        password = try value("RPC_PASSWORD")
        rpcPath = try value("RPC_PATH")
        certsDirectory = try value("CERTS_DIR")
        caFile = try value("CA_FILE")
        downloadDirectory = try value("DOWNLOAD_DIR")
        daemonConfigDirectory = try value("DAEMON_CONFIG_DIR")
        nginxErrorLog = try value("NGINX_ERROR_LOG")
        silentPort = try port("SILENT_PORT")
        closedPort = try port("CLOSED_PORT")
        for daemon in Daemon.allCases { _ = try port(daemon.portKey) }
        for listener in Listener.allCases where listener != .ipv6 {
            _ = try port(listener.portKey)
        }
    }

    // MARK: - Addresses

    /// Whether the Transmission 4.1.3 daemon runs beside 3.00 (it does when it is installed).
    public var hasModern: Bool { !(environment["MODERN_DAEMON"] ?? "").isEmpty }

    /// Whether this run must have 4.1.3 in the bed (`REMISSION_REQUIRE_TRANSMISSION4=1`, set by `.ci/run`):
    /// without it a missing `/opt/transmission-4` would shrink the matrix to 3.00 and pass.
    public static var requiresModern: Bool {
        ProcessInfo.processInfo.environment["REMISSION_REQUIRE_TRANSMISSION4"] == "1"
    }

    /// The daemons a suite runs against as a matrix: 3.00 (`main`), and 4.1.3 (`modern`) when present.
    public var matrix: [Daemon] { hasModern ? [.main, .modern] : [.main] }

    /// `user:password`, the way curl's `-u` and `TR_AUTH` take it.
    public var credentials: String { "\(user):\(password)" }

    /// Whether the bed has this listener (only `.ipv6` may be missing: no IPv6 loopback).
    public func has(_ listener: Listener) -> Bool { port(for: listener) != nil }

    /// The listener's port, or nil when the bed lacks it (see `has(_:)`).
    public func port(for listener: Listener) -> Int? {
        environment[listener.portKey].flatMap { Int($0) }
    }

    /// The daemon's own RPC port (plain HTTP, no proxy).
    public func daemonPort(_ daemon: Daemon = .main) -> Int {
        environment[daemon.portKey].flatMap { Int($0) } ?? closedPort
    }

    /// The RPC URL through a listener, e.g. `https://127.0.0.1:PORT/transmission/rpc`.
    /// `host` replaces the address, e.g. `localhost`; the ipv6 listener uses `[::1]`.
    /// - Precondition: `has(listener)`.
    public func url(for listener: Listener, host: String? = nil) -> String {
        guard let port = port(for: listener) else {
            preconditionFailure("the test bed has no \(listener.rawValue) listener; check has(_:)")
        }
        let address = host ?? (listener == .ipv6 ? "[::1]" : self.host)
        return "\(listener.isTLS ? "https" : "http")://\(address):\(port)\(rpcPath)"
    }

    /// The RPC URL of a daemon itself: `http://127.0.0.1:PORT/transmission/rpc`.
    public func daemonURL(_ daemon: Daemon = .main) -> String {
        "http://\(host):\(daemonPort(daemon))\(rpcPath)"
    }

    // MARK: - Certificates

    /// The certificate alone (PEM).
    public func certificateFile(_ certificate: Certificate) -> String {
        "\(certsDirectory)/\(certificate.rawValue).crt"
    }

    /// The private key (PEM).
    public func keyFile(_ certificate: Certificate) -> String {
        "\(certsDirectory)/\(certificate.rawValue).key"
    }

    /// The RFC 7469 SPKI pin as the openssl CLI computed it: `sha256//BASE64`.
    public func pin(_ certificate: Certificate) throws -> String {
        try firstLine(of: "\(certsDirectory)/\(certificate.rawValue).pin")
    }

    /// The SHA-256 fingerprint of the DER certificate as openssl computed it: 64 upper-case
    /// hex digits, no colons.
    public func fingerprint(_ certificate: Certificate) throws -> String {
        try firstLine(of: "\(certsDirectory)/\(certificate.rawValue).fp")
    }

    // MARK: - Logs

    /// The path of a listener's own nginx access log.
    public func accessLogFile(_ listener: Listener) -> String {
        environment[listener.accessLogKey] ?? "\(directory)/nginx/access-\(listener.rawValue).log"
    }

    /// The lines of a listener's access log so far (none if nothing reached it). A TLS
    /// handshake that the client rejected leaves no line: nginx logs requests only.
    public func accessLogLines(_ listener: Listener) -> [String] {
        guard let text = try? String(contentsOfFile: accessLogFile(listener), encoding: .utf8) else {
            return []
        }
        return text.split(whereSeparator: \.isNewline).map(String.init)
    }

    /// The access log parsed into entries (see `AccessLogEntry`).
    public func accessLog(_ listener: Listener) -> [AccessLogEntry] {
        accessLogLines(listener).map(AccessLogEntry.init(line:))
    }

    /// The access log once `done` holds for it, or as it is after `timeout`. nginx writes a request's
    /// line after the response has gone out, so a client can read its answer before the line exists.
    public func accessLog(
        _ listener: Listener, until done: ([AccessLogEntry]) -> Bool, timeout: Duration = .seconds(3)
    ) -> [AccessLogEntry] {
        let end = ContinuousClock.now + timeout
        var entries = accessLog(listener)
        while !done(entries), ContinuousClock.now < end {
            usleep(20_000)
            entries = accessLog(listener)
        }
        return entries
    }

    // MARK: - Daemons

    /// Stops one daemon (default: main). The port stays reserved; nginx answers 502.
    /// - Warning: tests run in parallel; stopping `.main` disturbs every other test that
    ///   uses it. Prefer `.volatile` (and the `.volatile` listener) for offline tests.
    public func stopDaemon(_ daemon: Daemon = .main) throws {
        try runScript(["stop-daemon", directory, daemon.rawValue])
    }

    /// Starts a stopped daemon again on the same port, with the same password; returns
    /// when it answers. Torrents added before the stop are kept.
    public func startDaemon(_ daemon: Daemon = .main) throws {
        try runScript(["start-daemon", directory, daemon.rawValue])
    }

    // MARK: - Processes

    /// The path of a product built beside the test binary, e.g. `builtProduct("remission")`
    /// (build it first: `swift build --build-tests` builds every product).
    public static func builtProduct(_ name: String) -> String {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return executable.deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Runs a program to completion; see `ProcessRunner.run`.
    public func run(
        _ executable: String,
        args: [String] = [],
        env: [String: String] = [:],
        stdin: Data? = nil,
        timeout: Duration = .seconds(60)
    ) throws -> ProcessResult {
        try ProcessRunner.run(executable, args: args, env: env, stdin: stdin, timeout: timeout)
    }

    private func runScript(_ args: [String]) throws {
        let result = try ProcessRunner.run("/bin/bash", args: [Self.script] + args)
        guard result.status == 0 else {
            throw TestBedError.scriptFailed(args.joined(separator: " "), result)
        }
    }

    private func firstLine(of file: String) throws -> String {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
            let line = text.split(whereSeparator: \.isNewline).first
        else {
            throw TestBedError.unreadable(file)
        }
        return String(line)
    }
}
