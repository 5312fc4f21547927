import Foundation

/// `scripts/lib/rpc_observer.py`: a loopback relay in front of a daemon that logs each RPC
/// exchange (method, ids, status, bytes), so a test sees what a client asked for. Stopped by PID.
public struct RPCObserver {
    public let port: Int
    let pid: pid_t
    let directory: String

    /// One logged exchange. `ids`: the `ids` argument when it was a string ("recently-active"),
    /// "[…]" for a list, nil when there was none (all torrents).
    public struct Exchange: Sendable, Equatable {
        public var method: String
        public var ids: String?
        public var status: Int
        public var responseBytes: Int

        /// A `torrent-get` (either dialect).
        public var isTorrentGet: Bool { method == "torrent-get" || method == "torrent_get" }
        /// A `torrent-get` of `recently-active` (either dialect).
        public var isRecentlyActive: Bool {
            isTorrentGet && (ids == "recently-active" || ids == "recently_active")
        }
    }

    public static func start(upstreamPort: Int) throws -> RPCObserver {
        let directory = NSTemporaryDirectory() + "remission-observer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let started = try BackgroundScript.start(
            TestBed.repositoryRoot + "/scripts/lib/rpc_observer.py",
            arguments: [String(upstreamPort), "--log", directory + "/log", "--port-file", directory + "/port"],
            portFile: directory + "/port")
        return RPCObserver(port: started.port, pid: started.pid, directory: directory)
    }

    /// The URL a client uses to go through the observer.
    public func url(path: String = "/transmission/rpc") -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The exchanges logged so far, in order.
    public func exchanges() -> [Exchange] {
        let text = (try? String(contentsOfFile: directory + "/log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                return nil
            }
            let ids: String? =
                switch object["ids"] {
                case let text as String: text
                case is [Any]: "[…]"
                default: nil
                }
            return Exchange(
                method: object["method"] as? String ?? "", ids: ids, status: object["status"] as? Int ?? 0,
                responseBytes: object["response_bytes"] as? Int ?? 0)
        }
    }

    public func stop() {
        kill(pid, SIGTERM)
        try? FileManager.default.removeItem(atPath: directory)
    }
}
