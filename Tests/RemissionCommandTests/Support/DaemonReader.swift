import Foundation
import Logging
import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust
import TestSupport

/// Reads a daemon's state straight over RPC (its own plain-HTTP port, a client of the test's own),
/// so that a command's effect is checked by what the daemon says, not by remission's output.
struct DaemonReader {
    let client: RPCClient

    init(bed: TestBed, daemon: TestBed.Daemon) throws {
        let endpoint = try ServerEndpoint.parse(bed.daemonURL(daemon))
        let transport = try SocketTransport(
            endpoint: endpoint, caFile: nil, options: TransportOptions(timeoutSeconds: 20),
            policy: TrustPolicy(trust: .none))
        client = RPCClient(
            transport: transport, credentials: BasicCredentials(user: bed.user, password: bed.password),
            retryPolicy: .none, logger: Logger(label: "daemon-reader") { _ in SwiftLogNoOpLogHandler() })
    }

    /// `torrent-get` of one torrent (objects, so nothing is lost in a table); nil when it is gone.
    func torrent(_ id: Int, _ fields: [TorrentField]) throws -> Torrent? {
        try client.torrentGet(ids: .id(id), fields: [.id, .name, .hashString] + fields, format: .objects).first
    }

    /// The torrent's trackers as `torrent-get` `trackers` gives them, in tier order.
    func trackers(_ id: Int) throws -> [TorrentTracker] {
        (try torrent(id, [.trackers])?.trackers ?? []).sorted { ($0.tier, $0.id) < ($1.tier, $1.id) }
    }
}

extension TestBed {
    /// The test's own RPC client for a daemon's plain-HTTP port: reads back over RPC what a command
    /// changed, never from Remission's output.
    func daemonReader(_ daemon: Daemon) throws -> RPCClient {
        let endpoint = try ServerEndpoint.parse(daemonURL(daemon))
        let transport = try SocketTransport(
            endpoint: endpoint, options: TransportOptions(timeoutSeconds: 30),
            policy: TrustPolicy(trust: ServerTrust()))
        return RPCClient(
            transport: transport, credentials: BasicCredentials(user: user, password: password), retryPolicy: .none,
            logger: Logger(label: "daemon-reader") { _ in SwiftLogNoOpLogHandler() })
    }
}

/// A plain HTTP server on loopback serving one directory (Python's http.server), for what a daemon
/// fetches in a test: the bed's daemons have no internet. Stopped by its PID.
final class LoopbackFileServer {
    let directory: String
    let port: Int
    private let pid: pid_t

    init(serving directory: String) throws {
        self.directory = directory
        let portFile = directory + "/.port"
        let script = directory + "/.serve.py"
        try """
        import functools, http.server, os, sys
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
        handler.func.log_message = lambda *args: None
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        with open(sys.argv[2] + ".tmp", "w") as f:
            f.write("port=%d\\npid=%d\\n" % (server.server_address[1], os.getpid()))
        os.rename(sys.argv[2] + ".tmp", sys.argv[2])
        server.serve_forever()
        """.write(toFile: script, atomically: true, encoding: .utf8)
        _ = try ProcessRunner.run(
            "bash",
            args: ["-c", "setsid python3 \"$@\" </dev/null >/dev/null 2>&1 &", "bash", script, directory, portFile],
            timeout: .seconds(10))
        var fields: [String: Int] = [:]
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, fields["pid"] == nil {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8) {
                for line in text.split(separator: "\n") {
                    let parts = line.split(separator: "=")
                    if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
                }
            }
            usleep(20_000)
        }
        guard let port = fields["port"], let pid = fields["pid"] else { throw NotStarted() }
        (self.port, self.pid) = (port, pid_t(pid))
    }

    struct NotStarted: Error {}

    func url(_ file: String) -> String { "http://127.0.0.1:\(port)/\(file)" }

    func stop() { kill(pid, SIGTERM) }
}
