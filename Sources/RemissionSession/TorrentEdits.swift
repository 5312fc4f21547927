import RemissionModel
import RemissionRPC

/// Why `move`, `rename`, `trackers` or `queue` changed nothing: a tracker id or path the torrent
/// does not have, a URL it already has, a daemon too old for the call. Found before anything is
/// sent; worded by `FailureText`.
public enum TorrentEditProblem: Sendable, Equatable {
    /// `--remove`/`--replace` names a tracker id the torrent does not have (`known`: the ids it has).
    case noSuchTracker(id: Int, torrent: Int, known: [Int])
    /// `--add`/`--replace` gives an announce URL the torrent has (or would have) already.
    case trackerAlreadyPresent(announce: String, torrent: Int)
    /// `rename --path` names no file or folder of the torrent.
    case noSuchPath(path: String, torrent: Int)

    /// PRODUCT.md §1: an id that does not exist is a failure (1), as a torrent id is; a call the
    /// daemon's version lacks is the server refusing (6, `Failure.Cause.needsNewerServer`).
    public var status: ExitStatus {
        switch self {
        case .noSuchTracker, .trackerAlreadyPresent, .noSuchPath: .failure
        }
    }
}

/// The checks of the values these commands take, before anything is sent (usage errors, exit 2;
/// the commands word them).
public enum TorrentEditInput {
    /// Transmission accepts http, https and udp announce URLs (`tr_urlIsValidTracker`). A URL must
    /// have a host and no space or control character: a line break would split it into two
    /// trackers of `trackerList`.
    public static func isTrackerURL(_ text: String) -> Bool {
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else { return false }
        let lower = text.lowercased()
        guard let scheme = ["http://", "https://", "udp://"].first(where: { lower.hasPrefix($0) }) else {
            return false
        }
        let rest = text.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@").last ?? ""
        return !host.isEmpty && !host.hasPrefix(":")
    }

    /// A new name for `rename`: one path component, not empty, not `.` or `..`, no `/` or NUL.
    public static func isName(_ text: String) -> Bool {
        !text.isEmpty && text != "." && text != ".." && !text.contains("/") && !text.contains("\0")
    }

    /// A directory on the daemon's machine: absolute, no NUL.
    public static func isAbsoluteDirectory(_ text: String) -> Bool {
        text.hasPrefix("/") && !text.contains("\0")
    }
}

/// What `trackers ID --add URL… --remove ID… --replace ID URL` asks for.
public struct TrackerEdit: Sendable, Equatable {
    public var add: [String]
    public var remove: [Int]
    public var replace: [TrackerReplacement]

    public init(add: [String] = [], remove: [Int] = [], replace: [TrackerReplacement] = []) {
        self.add = add
        self.remove = remove
        self.replace = replace
    }

    public var isEmpty: Bool { add.isEmpty && remove.isEmpty && replace.isEmpty }

    /// A tracker id given twice (removed twice, replaced twice, or both), if any: a usage error.
    public var repeatedID: Int? {
        var seen: Set<Int> = []
        for id in remove + replace.map(\.id) where !seen.insert(id).inserted { return id }
        return nil
    }

    /// The requests that make the change on a daemon of `rpcVersion`, in order, after checking the
    /// ids and URLs against the torrent's `trackers`: one `trackerList` from 4.0 (rpc-version 17),
    /// where the old fields are deprecated; before it, `trackerReplace`, then `trackerRemove`, then
    /// `trackerAdd`, each alone. Transmission 3 numbers its trackers 0…n−1 in tier order and applies
    /// one request's fields as add, remove, replace: a removal renumbers the trackers after it, so a
    /// replacement in the same request could hit another tracker. Replacing first keeps every id;
    /// adding last appends new tiers.
    public func requests(
        for trackers: [TorrentTracker], torrent: Int, rpcVersion: Int
    ) throws(Failure) -> [TrackerChanges] {
        let known = trackers.map(\.id)
        for id in remove + replace.map(\.id) where !known.contains(id) {
            throw Failure(.torrentEdit(.noSuchTracker(id: id, torrent: torrent, known: known.sorted())))
        }
        // Each new URL once, and none that a tracker kept as it is has already.
        let changed = Set(remove + replace.map(\.id))
        var announces = Set(trackers.filter { !changed.contains($0.id) }.map(\.announce))
        for url in replace.map(\.announce) + add {
            guard announces.insert(url).inserted else {
                throw Failure(.torrentEdit(.trackerAlreadyPresent(announce: url, torrent: torrent)))
            }
        }
        if rpcVersion >= Self.trackerListRPCVersion { return [.list(Self.trackerList(resulting(trackers)))] }
        var requests: [TrackerChanges] = []
        if !replace.isEmpty { requests.append(.fields(add: [], remove: [], replace: replace)) }
        if !remove.isEmpty { requests.append(.fields(add: [], remove: remove, replace: [])) }
        if !add.isEmpty { requests.append(.fields(add: add, remove: [], replace: [])) }
        return requests
    }

    /// `trackerList` in `torrent-set`: Transmission 4.0 (rpc-version 17) and later.
    public static let trackerListRPCVersion = 17

    /// The announce list after the edit, as (tier, URL) in order: the kept and replaced trackers in
    /// their tiers, then each added URL in a tier of its own, as Transmission's `trackerAdd` does.
    func resulting(_ trackers: [TorrentTracker]) -> [(tier: Int, announce: String)] {
        let ordered = trackers.enumerated().sorted { ($0.element.tier, $0.offset) < ($1.element.tier, $1.offset) }
        var result: [(tier: Int, announce: String)] = []
        for (_, tracker) in ordered where !remove.contains(tracker.id) {
            let url = replace.first { $0.id == tracker.id }?.announce ?? tracker.announce
            result.append((tracker.tier, url))
        }
        var tier = (trackers.map(\.tier).max() ?? -1)
        for url in add {
            tier += 1
            result.append((tier, url))
        }
        return result
    }

    /// One URL per line, a blank line between tiers.
    static func trackerList(_ entries: [(tier: Int, announce: String)]) -> String {
        var text = ""
        var previous: Int?
        for entry in entries {
            if let previous { text += previous == entry.tier ? "\n" : "\n\n" }
            text += entry.announce
            previous = entry.tier
        }
        return text
    }
}

/// What `rename` renames.
public enum RenamePlan {
    /// `given` (a trailing `/` dropped) or the torrent's top-level name; it must be the torrent's
    /// name, one of its files, or a folder holding some (checked when the files are known).
    public static func path(_ given: String?, in torrent: Torrent) throws(Failure) -> String {
        guard var path = given else { return torrent.name }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        let files = torrent.files ?? []
        guard !files.isEmpty, path != torrent.name else { return path }
        let exists = files.contains { $0.name == path || $0.name.hasPrefix(path + "/") }
        guard exists else { throw Failure(.torrentEdit(.noSuchPath(path: path, torrent: torrent.id))) }
        return path
    }

    /// Refuses a daemon older than rename-path (`VersionedFeature.renamePath`), before anything is sent.
    public static func requireSupport(rpcVersion found: Int?) throws(Failure) {
        guard let found, let need = VersionedFeature.renamePath.need(found: found) else { return }
        throw Failure(.needsNewerServer(need))
    }
}
