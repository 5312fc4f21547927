import RemissionModel
import RemissionRPC
import RemissionSession

/// The words of `move`, `rename`, `trackers` and `queue`. Names, paths and URLs are the server's
/// (or the user's) text: they pass through `TerminalText.safe`; `--json` gives them exact.
extension TorrentText {
    // MARK: - move

    /// "moving 2 torrents to /srv:" (the daemon moves the data), or "2 torrents now look for their
    /// data in /srv:" (`--no-move`).
    public static func moving(count: Int, to directory: String, move: Bool) -> String {
        let directory = TerminalText.safe(directory)
        return move
            ? tr("moving \(count: count, "torrent", "torrents") to \(directory):")
            : tr(
                "\(count: count, "torrent", "torrents") now \(plural: count, "looks", "look") for data in \(directory):"
            )
    }

    /// "No torrents at all; nothing moved."
    public static func noneToMove(_ selection: TorrentSelection) -> String {
        selection == .recentlyActive
            ? tr("No torrents active; nothing moved.") : tr("No torrents at all; nothing moved.")
    }

    /// `move --json`: where the torrents now look for their data, whether the daemon moves it there
    /// (`--no-move`: false), and the torrents, names exact.
    public static func moveJSON(location: String, moveData: Bool, _ torrents: [Torrent]) -> JSONValue {
        .object([
            "location": .string(location), "moveData": .bool(moveData),
            "torrents": .array(torrents.map { .object(identity($0)) }),
        ])
    }

    /// A torrent's `id`, `name` and `hash`, the keys every `--json` names a torrent by.
    static func identity(_ torrent: Torrent) -> JSONObject {
        ["id": JSONValue(torrent.id), "name": .string(torrent.name), "hash": .string(torrent.hashString)]
    }

    // MARK: - queue

    /// `queue --json`: the direction and the torrents with their queue positions read back (0 is
    /// first; null when the daemon did not say).
    public static func queueJSON(_ direction: QueueDirection, _ torrents: [Torrent]) -> JSONValue {
        .object([
            "direction": .string(direction.rawValue),
            "torrents": .array(
                torrents.map { torrent in
                    var object = identity(torrent)
                    object["queuePosition"] = torrent.queuePosition.map { JSONValue($0) } ?? .null
                    return .object(object)
                }),
        ])
    }

    /// "moved 2 torrents to the top of the queue:", before their lines with the positions read back.
    public static func queued(_ direction: QueueDirection, count: Int) -> String {
        switch direction {
        case .top: tr("moved \(count: count, "torrent", "torrents") to the top of the queue:")
        case .up: tr("moved \(count: count, "torrent", "torrents") up the queue:")
        case .down: tr("moved \(count: count, "torrent", "torrents") down the queue:")
        case .bottom: tr("moved \(count: count, "torrent", "torrents") to the bottom of the queue:")
        }
    }

    /// "  (queue position 3)" after a torrent's line; nothing when the daemon did not say.
    public static func queuePosition(_ torrent: Torrent) -> String {
        guard let position = torrent.queuePosition else { return "" }
        return "  " + tr("(queue position \(position))")
    }

    /// "No torrents at all; nothing moved in the queue."
    public static func noneToQueue(_ selection: TorrentSelection) -> String {
        selection == .recentlyActive
            ? tr("No torrents active; nothing moved in the queue.")
            : tr("No torrents at all; nothing moved in the queue.")
    }

    // MARK: - rename

    /// "renamed old to new (torrent 3)": the new name as the daemon returned it.
    public static func renamed(_ reply: RenameReply, from path: String) -> String {
        tr("renamed \(TerminalText.safe(path)) to \(TerminalText.safe(reply.name)) (torrent \(reply.id))")
    }

    /// `rename --json`: the daemon's reply, exact.
    public static func renameJSON(_ reply: RenameReply) -> JSONValue {
        .object(["id": JSONValue(reply.id), "path": .string(reply.path), "name": .string(reply.name)])
    }

    // MARK: - trackers

    /// The trackers of one torrent with their ids: id, tier, announce URL (as the daemon gives it,
    /// passkey and all), the last announce and the seeders and leechers the tracker reported.
    public static func trackerList(_ torrent: Torrent, zone: TimeZoneChoice) -> [String] {
        let stats = torrent.trackerStats ?? []
        let name = TerminalText.safe(torrent.name)
        guard !stats.isEmpty else { return [tr("\(torrent.id) \(name) has no trackers.")] }
        var lines = [tr("Trackers of \(torrent.id) \(name) (\(stats.count)):")]
        let width = stats.map { String($0.id).count }.max() ?? 1
        let indent = String(repeating: " ", count: width + 4)
        for tracker in stats {
            let (tier, announce) = (ServerArithmetic.sum(tracker.tier, 1), TerminalText.safe(tracker.announce))
            let head = tracker.isBackup ? tr("tier \(tier): \(announce) (backup)") : tr("tier \(tier): \(announce)")
            lines.append("  \(rightAligned(String(tracker.id), width))  \(head)")
            lines.append(indent + tr("last announce: \(lastAnnounce(tracker, zone: zone))"))
            let (seeders, leechers) = (countText(tracker.seederCount), countText(tracker.leecherCount))
            lines.append(indent + tr("seeders: \(seeders), leechers: \(leechers)"))
        }
        return lines
    }

    /// "never announced", "ok at DATE, 3 peers", "failed at DATE: RESULT".
    public static func lastAnnounce(_ tracker: TrackerStat, zone: TimeZoneChoice) -> String {
        let when = Units.date(tracker.lastAnnounceTime, zone)
        if tracker.lastAnnounceTime == 0 { return tr("never announced") }
        if tracker.lastAnnounceSucceeded {
            return tr("ok at \(when), \(count: tracker.lastAnnouncePeerCount, "peer", "peers")")
        }
        return tr("failed at \(when): \(TerminalText.safe(tracker.lastAnnounceResult))")
    }

    /// `trackers --json`: the torrent and its trackers with ids, tiers as the daemon numbers them
    /// (from 0), URLs exact.
    public static func trackersJSON(_ torrent: Torrent) -> JSONValue {
        .object([
            "id": JSONValue(torrent.id), "name": .string(torrent.name), "hash": .string(torrent.hashString),
            "trackers": .array(
                (torrent.trackerStats ?? []).map { tracker in
                    .object([
                        "id": JSONValue(tracker.id), "tier": JSONValue(tracker.tier),
                        "announce": .string(tracker.announce), "isBackup": .bool(tracker.isBackup),
                        "announceState": .string(trackerStateText(tracker.announceState)),
                        "lastAnnounceTime": JSONValue(tracker.lastAnnounceTime),
                        "lastAnnounceSucceeded": .bool(tracker.lastAnnounceSucceeded),
                        "lastAnnounceResult": .string(tracker.lastAnnounceResult),
                        "seederCount": JSONValue(tracker.seederCount),
                        "leecherCount": JSONValue(tracker.leecherCount),
                    ])
                }),
        ])
    }

    /// One line per change asked: "added tracker URL", "removed tracker 2 (URL)", "replaced tracker 1
    /// (OLD) with NEW".
    public static func trackerChanges(_ edit: TrackerEdit, before: [TorrentTracker]) -> [String] {
        func announce(_ id: Int) -> String { TerminalText.safe(before.first { $0.id == id }?.announce ?? "") }
        return edit.replace.map {
            tr("replaced tracker \($0.id) (\(announce($0.id))) with \(TerminalText.safe($0.announce))")
        }
            + edit.remove.map { tr("removed tracker \($0) (\(announce($0)))") }
            + edit.add.map { tr("added tracker \(TerminalText.safe($0))") }
    }

    // MARK: - checks and failures

    public static func badTrackerURL(_ text: String) -> String {
        tr(
            "'\(TerminalText.safe(text))' is not an announce URL: give http://, https:// or udp:// with a host, ",
            "without spaces.")
    }

    public static func repeatedTracker(_ id: Int) -> String {
        tr("Tracker \(id) is named twice; give each tracker id to one --remove or --replace.")
    }

    public static var replaceNeedsPairs: String {
        tr("--replace takes a tracker id and a URL, e.g. --replace 1 https://tracker.example/announce.")
    }

    public static func badTrackerID(_ text: String) -> String {
        tr("A tracker id is a number as `remission trackers ID` lists it, not '\(TerminalText.safe(text))'.")
    }

    public static func badNewName(_ text: String) -> String {
        tr(
            "The new name '\(TerminalText.safe(text))' must be one name, not a path: no /, not empty, ",
            "not . or .. (use --path to say what to rename).")
    }

    public static func relativeLocation(_ directory: String) -> String {
        tr(
            "DIR must be an absolute path on the daemon's machine (starting with /), ",
            "not '\(TerminalText.safe(directory))'.")
    }

    public static func editReason(_ problem: TorrentEditProblem) -> String {
        switch problem {
        case .noSuchTracker(let id, let torrent, let known):
            return known.isEmpty
                ? tr("torrent \(torrent) has no trackers, so no tracker \(id)")
                : tr(
                    "torrent \(torrent) has no tracker \(id) (its trackers: \(known.map(String.init).joined(separator: ", ")))"
                )
        case .trackerAlreadyPresent(let announce, let torrent):
            return tr("torrent \(torrent) already has the tracker \(TerminalText.safe(announce)); nothing was changed")
        case .noSuchPath(let path, let torrent):
            return tr("torrent \(torrent) has no file or folder '\(TerminalText.safe(path))'; nothing was renamed")
        }
    }

    public static func editHint(_ problem: TorrentEditProblem) -> String? {
        switch problem {
        case .noSuchTracker(_, let torrent, _): return tr("See the ids with: remission trackers \(torrent)")
        case .trackerAlreadyPresent: return nil
        case .noSuchPath(_, let torrent): return tr("See its files with: remission files \(torrent)")
        }
    }
}
