import Foundation

/// A forwarding proxy on a free loopback port (`scripts/lib/test_proxy.py`): SOCKS5 or HTTP CONNECT,
/// optionally behind TLS with its own certificate (an https:// proxy). It logs each tunnel it opens
/// (`tunnels`). Stopped by PID when the value goes away.
public final class TestProxy: @unchecked Sendable {
    public enum Kind: String, Sendable {
        case socks5, connect
    }

    public let port: Int
    public let pid: pid_t
    public let directory: TemporaryDirectory
    private let logPath: String

    /// `tls`: PEM paths of the proxy's own certificate and key; `auth`: `user:password` a CONNECT
    /// proxy requires (407 without it).
    public init(_ kind: Kind, tls: (cert: String, key: String)? = nil, auth: String? = nil) throws {
        directory = TemporaryDirectory()
        logPath = directory.file("tunnels.log")
        let portFile = directory.file("port")
        var arguments = [kind.rawValue, "--log", logPath, "--port-file", portFile]
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
