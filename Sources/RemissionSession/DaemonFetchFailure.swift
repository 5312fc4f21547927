/// A URL the daemon fetches itself and could not: `torrent-add` with an http(s) URL, and
/// `blocklist-update` (its blocklist URL). The fault is between the daemon's machine and that URL,
/// not in the command: the words say so and what to check there (FailureText).
public struct DaemonFetchFailure: Sendable, Equatable {
    public enum Fetched: Sendable, Equatable {
        case torrent, blocklist
    }

    public var fetched: Fetched
    /// The URL fetched: the argument of `add`, the daemon's blocklist URL; nil when it could not be
    /// read back.
    public var url: String?
    /// The HTTP status the daemon got; 0 when nothing answered (no connection, a name that does not
    /// resolve, a timeout, a TLS failure: libcurl's error, which Transmission does not pass on).
    public var status: Int
    /// The daemon's words for the status ("Not Found", "No Response").
    public var statusText: String

    public init(fetched: Fetched, url: String?, status: Int, statusText: String) {
        (self.fetched, self.url, self.status, self.statusText) = (fetched, url, status, statusText)
    }

    /// The failure in the daemon's refusal of a fetch, when `message` is one:
    /// Transmission 3.00's "gotMetadataFromURL: http error 404: Not Found" and "gotNewBlocklist:
    /// http error 0: No Response", 4.x's "Couldn't fetch torrent: Not Found (404)" and "Couldn't
    /// fetch blocklist: No Response (0)". Anything else is nil (the refusal stays as it is).
    public static func recognize(_ message: String, url: String?) -> DaemonFetchFailure? {
        for (prefix, fetched) in [
            ("gotMetadataFromURL: http error ", Fetched.torrent), ("gotNewBlocklist: http error ", .blocklist),
        ]
        where message.hasPrefix(prefix) {
            // "404: Not Found"
            let rest = message.dropFirst(prefix.count)
            guard let colon = rest.firstIndex(of: ":"), let status = Int(rest[..<colon]), (0...999).contains(status)
            else { return nil }
            let text = rest[rest.index(after: colon)...].drop { $0 == " " }
            return DaemonFetchFailure(fetched: fetched, url: url, status: status, statusText: String(text))
        }
        for (prefix, fetched) in [
            ("Couldn't fetch torrent: ", Fetched.torrent), ("Couldn't fetch blocklist: ", .blocklist),
        ]
        where message.hasPrefix(prefix) {
            // "Not Found (404)"
            let rest = message.dropFirst(prefix.count)
            guard rest.hasSuffix(")"), let open = rest.lastIndex(of: "("),
                let status = Int(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]),
                (0...999).contains(status)
            else { return nil }
            let text = rest[..<open].reversed().drop { $0 == " " }.reversed()
            return DaemonFetchFailure(fetched: fetched, url: url, status: status, statusText: String(text))
        }
        return nil
    }
}
