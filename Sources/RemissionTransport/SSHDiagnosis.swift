import RemissionModel

/// Reads why ssh failed from what it wrote on stderr (OpenSSH's messages, LogLevel VERBOSE). Pure.
///
/// The order matters: a channel's "connect failed: Connection refused" is the daemon behind ssh, not
/// the SSH port; a changed key also says "Host key verification failed".
public enum SSHDiagnosis {
    /// The failure ssh's stderr names; nil when it names none (an empty stderr, or only the
    /// "Authenticated to" line).
    public static func classify(_ stderr: String) -> SSHFailure? {
        // Each line cut to its last `lineLimit` characters: a hostile server's banner is no message.
        let lines = stderr.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).map {
            String(String($0).trimmingASCIIWhitespace().suffix(lineLimit))
        }.filter { !$0.isEmpty }
        func line(containing text: String) -> String? { lines.last { $0.contains(text) } }
        if line(containing: "REMOTE HOST IDENTIFICATION HAS CHANGED") != nil
            || line(containing: "has changed and you have requested strict checking") != nil
        {
            return .changedHostKey(fingerprint: lines.first { $0.hasPrefix("SHA256:") }.map(trimmedFingerprint))
        }
        if line(containing: "host key is known for") != nil || line(containing: "Host key verification failed") != nil {
            return .unknownHostKey
        }
        if let denied = line(containing: "Permission denied (") {
            let methods = denied.split(separator: "(").last?.split(separator: ")").first.map(String.init)
            return .permissionDenied(methods: methods)
        }
        if let open = line(containing: "open failed: connect failed: ") {
            return .daemonNotListening(detail: after("connect failed: ", in: open))
        }
        if let open = line(containing: "open failed: ") {
            return .forwardingRefused(detail: after("open failed: ", in: open))
        }
        if let forwarding = line(containing: "stdio forwarding failed") {
            return .forwardingRefused(detail: forwarding)
        }
        if line(containing: "Could not resolve hostname") != nil { return .nameNotResolved }
        if line(containing: "Connection refused") != nil { return .refused }
        if line(containing: "timed out") != nil { return .timeout }
        if line(containing: "No route to host") != nil || line(containing: "Network is unreachable") != nil {
            return .unreachable
        }
        if let closed = line(containing: "Connection closed by") ?? line(containing: "Connection reset by")
            ?? line(containing: "kex_exchange_identification")
        {
            return .closed(detail: closed)
        }
        guard let last = lines.last(where: { !isProgress($0) }) else { return nil }
        return .other(detail: last)
    }

    /// Whether ssh logged in: the "Authenticated to HOST" line of LogLevel VERBOSE.
    public static func authenticated(_ stderr: String) -> Bool { stderr.contains(authenticatedMark) }

    static let authenticatedMark = "Authenticated to "

    /// The longest line of ssh's kept, in characters (OpenSSH's own are under 200).
    static let lineLimit = 300

    /// VERBOSE lines that say how it went, not what failed.
    private static func isProgress(_ line: String) -> Bool {
        line.hasPrefix(authenticatedMark) || line.hasPrefix("Transferred: ") || line.hasPrefix("Bytes per second")
    }

    private static func after(_ marker: String, in line: String) -> String {
        guard let range = line.firstRange(of: marker) else { return line }
        return String(line[range.upperBound...])
    }

    private static func trimmedFingerprint(_ line: String) -> String {
        String(line.prefix { !$0.isWhitespace }.reversed().drop { $0 == "." }.reversed())
    }
}
