import Foundation

/// A forwarding proxy on a free loopback port (`scripts/lib/test_proxy.py`): SOCKS4/4a, SOCKS5/5h or
/// HTTP CONNECT, optionally behind TLS with its own certificate (an https:// proxy). It logs each
/// tunnel it opens (`tunnels`). Stopped by PID when the value goes away, and ends by itself when
/// the test process does (a proxy kept in a `static`).
public final class TestProxy: @unchecked Sendable {
    public enum Kind: String, Sendable {
        case socks4, socks5, connect
    }

    public let port: Int
    public let pid: pid_t
    public let directory: TemporaryDirectory
    private let logPath: String

    /// `tls`: PEM paths of the proxy's own certificate and key; `auth`: `user:password` the proxy
    /// requires (CONNECT: 407 without it; SOCKS5: RFC 1929; SOCKS4: that user id).
    public init(_ kind: Kind, tls: (cert: String, key: String)? = nil, auth: String? = nil) throws {
        directory = TemporaryDirectory()
        logPath = directory.file("tunnels.log")
        let portFile = directory.file("port")
        var arguments = [
            kind.rawValue, "--log", logPath, "--port-file", portFile, "--watch-pid", String(getpid()),
        ]
        if let tls { arguments += ["--tls", tls.cert, tls.key] }
        if let auth { arguments += ["--auth", auth] }
        (port, pid) = try BackgroundScript.start(
            TestBed.repositoryRoot + "/scripts/lib/test_proxy.py", arguments: arguments, portFile: portFile)
    }

    deinit { stop() }

    /// `socks5h://127.0.0.1:PORT`, `http://…` or `https://localhost:…` (the name its certificate covers).
    public func url(scheme: String) -> String {
        "\(scheme)://\(scheme == "https" ? "localhost" : "127.0.0.1"):\(port)"
    }

    /// The tunnels opened so far, one `MODE HOST:PORT` line each.
    public var tunnels: [String] {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    public func stop() { kill(pid, SIGKILL) }
}
