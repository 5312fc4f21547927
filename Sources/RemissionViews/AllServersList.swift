import RemissionModel
import RemissionSession

/// `remission list --all`: every saved server's torrents, one group per server. Pure.
///
/// Text: for each server (in the saved order) a heading `== NAME ==`; when the server did not
/// answer, one line with why and what is shown instead (its snapshot's time, or nothing); then
/// `list`'s own table of its torrents (filtered and sorted within the group, with its Sum line), and
/// an empty line between groups. Groups, not a server column: each table stays `list`'s table, byte
/// for byte, and keeps the width names need; the IDs under a heading are that server's
/// (`remission -s NAME start ID`).
///
/// JSON: one object, `{"servers": [...], "torrents": [...]}`; every torrent carries its `server`.
public enum AllServersList {
    /// `--all` with a server named as well.
    public static var serverOrAll: String { tr("Give a server (NAME or --server) or --all, not both.") }

    /// Trust flags with `--all`: each names one server's certificate.
    public static var trustFlagsWithAll: String {
        tr("--ca-file, --pin, --accept-fingerprint and --tls-name are for one server, not for --all.")
    }

    /// "3 servers": what `watch --all`'s title names.
    public static func serverCount(_ count: Int) -> String { tr("\(count: count, "server", "servers")") }

    /// The heading of a server's group.
    public static func heading(_ server: String) -> String {
        "== " + TerminalText.safe(server) + " =="  // verbatim
    }

    /// The line under the heading of a server that did not answer (nil when it did): the snapshot's
    /// banner and the reason, or why nothing is shown.
    public static func statusLine(_ part: ServerTorrents, now: Int64, zone: TimeZoneChoice) -> String? {
        switch part.origin {
        case .live: return nil
        case .snapshot(let savedAt, let failure):
            let banner = CommandText.offlineBanner(savedAt: savedAt, now: now, zone: zone)
            guard let failure else { return banner }
            return banner + ": " + FailureText.reason(failure)
        case .unavailable(let failure):
            if case .local(.offlineWithoutSnapshot(let cause, _)) = failure.cause {
                return tr("OFFLINE — nothing saved to show: \(FailureText.reason(cause))")
            }
            if failure.status == .offline { return tr("OFFLINE — \(FailureText.reason(failure))") }
            return tr("not shown: \(FailureText.reason(failure))")
        }
    }

    /// The text of all groups, handed to `emit` piece by piece (each table as `list` writes it).
    /// `styleStatus` is called on each status line (already cut to the width), e.g. to colour it.
    public static func write(
        _ parts: [ServerTorrents], query: ListQuery, now: Int64, zone: TimeZoneChoice, table: TorrentTable,
        styleStatus: (String) -> String = { $0 }, to emit: (borrowing [UInt8]) -> Void
    ) {
        for (index, part) in parts.enumerated() {
            var head = index > 0 ? "\n" : ""
            head += fit(heading(part.server), table.width) + "\n"
            if let status = statusLine(part, now: now, zone: zone) {
                head += styleStatus(fit(status, table.width)) + "\n"
            }
            emit(Array(head.utf8))
            if part.dataTime != nil {
                table.write(part.torrents, order: query.order(part.torrents), chunkSize: 64 << 10, to: emit)
            }
        }
    }

    /// The whole text as one string (tests).
    public static func text(
        _ parts: [ServerTorrents], query: ListQuery, now: Int64, zone: TimeZoneChoice, width: Int
    ) -> String {
        var bytes: [UInt8] = []
        write(parts, query: query, now: now, zone: zone, table: TorrentTable(width: width)) {
            bytes.append(contentsOf: $0)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func fit(_ line: String, _ width: Int) -> String {
        width == .max ? line : TerminalText.truncated(line, to: max(1, width))
    }

    /// `{"servers": [{"server", "offline", "dataTime", "exitCode", "error"}], "torrents": [...]}`:
    /// a server's `offline` is true when its torrents are not fresh from it (a snapshot, or none),
    /// `dataTime` is null when none are shown, `error` null or the reason; each torrent is `list
    /// --json`'s object with `server` first, in the groups' order, each group in the query's.
    public static func json(_ parts: [ServerTorrents], query: ListQuery) -> [UInt8] {
        var bytes = Array(#"{"servers":["#.utf8)
        let summaries = parts.map(summary)
        for (index, part) in parts.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            let (live, dataTime, failure) = summaries[index]
            let server: JSONValue = [
                "server": .string(part.server),
                "offline": .bool(!live),
                "dataTime": dataTime.map { .int($0) } ?? .null,
                "exitCode": .int(Int64((failure?.status ?? .ok).rawValue)),
                "error": failure.map { .string(FailureText.reason($0)) } ?? .null,
            ]
            bytes.append(contentsOf: server.serialized())
        }
        bytes.append(contentsOf: #"],"torrents":["#.utf8)
        var first = true
        for (position, part) in parts.enumerated() where summaries[position].dataTime != nil {
            for index in query.order(part.torrents) {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                bytes.append(contentsOf: object(part.torrents[index], server: part.server).serialized())
            }
        }
        bytes.append(contentsOf: "]}\n".utf8)
        return bytes
    }

    /// `list --json`'s torrent object with `server` as its first key.
    public static func object(_ torrent: Torrent, server: String) -> JSONValue {
        var members: [(String, JSONValue)] = [("server", .string(server))]
        if case .object(let fields) = TorrentListJSON.object(torrent) {
            for (key, value) in zip(fields.keys, fields.values) { members.append((key, value)) }
        }
        return .object(JSONObject(members))
    }

    /// One switch over the part's origin, kept out of line: Swift 6.3.1's optimizer crashed ("Found
    /// outside of lifetime use", signal 6) compiling `json` with `failure`, `dataTime` and `isLive`
    /// inlined into it (`swift build -c release`).
    @inline(never)
    private static func summary(_ part: ServerTorrents) -> (live: Bool, dataTime: Int64?, failure: Failure?) {
        switch part.origin {
        case .live(let time): return (true, time, nil)
        case .snapshot(let savedAt, let failure): return (false, savedAt, failure)
        case .unavailable(let failure): return (false, nil, failure)
        }
    }

    /// The command's exit status: 0 when every server answered (or, with `--offline`, every snapshot
    /// was there), else the worst code of those that did not (3 when one was offline, shown from its
    /// snapshot or not; 4, 5, 6… as `list` alone would exit for that server).
    public static func status(_ parts: [ServerTorrents]) -> ExitStatus {
        ExitStatus.worst(parts.map(\.status))
    }
}
