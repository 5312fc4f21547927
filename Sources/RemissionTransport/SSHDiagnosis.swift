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
            return .changedHostKey(
                fingerprint: lines.first { $0.hasPrefix("SHA256:") }.map(trimmedFingerprint),
                stale: lines.lazy.compactMap(staleEntry).last)
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

    /// The entry ssh says to remove after a changed host key: its line
    /// `ssh-keygen -f "FILE" -R "HOST"` (OpenSSH 9.2 double-quotes them, later versions single-quote
    /// them). Only a line of exactly that shape counts, a host of the characters a known_hosts name
    /// has and a file without control characters; anything else is no entry (the hint then names
    /// the host as remission knows it).
    static func staleEntry(_ line: String) -> KnownHostsEntry? {
        guard line.hasPrefix("ssh-keygen -f ") else { return nil }
        var rest = Substring(line.dropFirst("ssh-keygen -f ".count))
        guard let file = quoted(&rest), rest.hasPrefix(" -R ") else { return nil }
        rest = rest.dropFirst(" -R ".count)
        guard let host = quoted(&rest), rest.isEmpty, !host.isEmpty, !file.isEmpty,
            host.unicodeScalars.allSatisfy({ knownHostsCharacters.contains($0) }),
            !file.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        return KnownHostsEntry(file: file, host: host)
    }

    /// Letters, digits and `.-_:[]%` (a name, an address, `[name]:port`, a zone).
    private static let knownHostsCharacters = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_:[]%".unicodeScalars)

    /// A word in double or single quotes at the start of `text`, taken off it.
    private static func quoted(_ text: inout Substring) -> String? {
        guard let quote = text.first, quote == "\"" || quote == "'" else { return nil }
        let inner = text.dropFirst()
        guard let end = inner.firstIndex(of: quote) else { return nil }
        text = inner[inner.index(after: end)...]
        return String(inner[..<end])
    }

    private static func after(_ marker: String, in line: String) -> String {
        guard let range = line.firstRange(of: marker) else { return line }
        return String(line[range.upperBound...])
    }

    private static func trimmedFingerprint(_ line: String) -> String {
        String(line.prefix { !$0.isWhitespace }.reversed().drop { $0 == "." }.reversed())
    }
}
