import Foundation

/// A misbehaving Transmission server on a free loopback port (`scripts/lib/hostile_server.py`), for
/// the faults a real daemon cannot produce: escape-laden texts, extreme numbers, huge, drip-fed or
/// hung replies, an old rpc-version. It logs every byte it receives (`receivedLog`). Stopped by PID
/// when the value goes away (or by `stop()`).
public final class HostileServer: @unchecked Sendable {
    public let port: Int
    public let pid: pid_t
    public let directory: TemporaryDirectory
    private let logPath: String

    /// Starts the server with `scenario` (the keys `hostile_server.py` documents; `portFile` and
    /// `log` are filled in). `tls`: PEM paths of a certificate and its key, for HTTPS.
    public init(scenario: [String: Any], tls: (cert: String, key: String)? = nil) throws {
        directory = TemporaryDirectory()
        logPath = directory.file("received.log")
        let portFile = directory.file("port")
        var spec = scenario
        spec["portFile"] = portFile
        spec["log"] = logPath
        if let tls { spec["tls"] = ["cert": tls.cert, "key": tls.key] }
        let scenarioPath = directory.file("scenario.json")
        let data = try JSONSerialization.data(withJSONObject: spec)
        try data.write(to: URL(fileURLWithPath: scenarioPath))
        (port, pid) = try BackgroundScript.start(
            TestBed.repositoryRoot + "/scripts/lib/hostile_server.py", arguments: [scenarioPath], portFile: portFile)
    }

    deinit { stop() }

    /// The RPC URL of this server (`http` or `https`).
    public func url(scheme: String = "http") -> String { "\(scheme)://127.0.0.1:\(port)/transmission/rpc" }

    /// Everything received so far, exactly as sent, each request after a `=== request N (BYTES bytes)` line.
    public var receivedLog: [UInt8] { readRaw(logPath) ?? [] }

    /// How many requests arrived so far.
    public var requestCount: Int {
        String(decoding: receivedLog, as: UTF8.self).components(separatedBy: "=== request ").count - 1
    }

    /// How many requests so far contain `text` (e.g. `"torrent-get"`) in their line, headers or body.
    public func requestCount(containing text: String) -> Int {
        String(decoding: receivedLog, as: UTF8.self).components(separatedBy: "=== request ").dropFirst()
            .filter { $0.contains(text) }.count
    }

    public func stop() {
        kill(pid, SIGKILL)
    }
}

public enum HostileServerError: Error {
    case notStarted
}
