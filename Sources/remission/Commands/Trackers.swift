import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission trackers ID [--add URL]… [--remove TRACKER_ID]… [--replace TRACKER_ID URL]… [--json]`.
    struct Trackers: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "trackers",
            abstract: tr("List a torrent's trackers with their ids, or add, remove and replace trackers."),
            discussion: tr(
                """
                The list shows each tracker's id, tier, announce URL, last announce and the seeders and \
                leechers it reported. Announce URLs are shown as the daemon gives them: they may hold a \
                private tracker's passkey (the -v log never shows them). Each added URL gets a tier of its \
                own (Transmission 4 puts URLs of one host in one tier). The ids and URLs are checked first: \
                an id the torrent lacks or a URL it has already changes nothing. Transmission 4 numbers the \
                trackers anew after each change: list them again before the next. Transmission 4 gets the new list as trackerList, older versions \
                trackerAdd, trackerRemove and trackerReplace.

                Examples:
                  remission trackers 3
                  remission trackers 3 --add udp://tracker.example:6969/announce
                  remission trackers 3 --remove 1 --remove 2
                  remission trackers 3 --replace 0 https://tracker.example/announce --json
                """))

        @Argument(help: .tr("The torrent: an id or a 40-character info hash."))
        var id: String

        @OptionGroup(title: tr("Trackers options")) var own: OwnOptions

        @OptionGroup var connection: TorrentConnectionOptions

        func validate() throws {
            _ = try Info.reference(id)
            _ = try edit()
        }

        /// The change the options ask for; a `ValidationError` (exit 2) before anything is sent.
        func edit() throws -> TrackerEdit {
            guard own.replace.count % 2 == 0 else { throw ValidationError(TorrentText.replaceNeedsPairs) }
            var replacements: [TrackerReplacement] = []
            for pair in stride(from: 0, to: own.replace.count, by: 2) {
                guard let id = Int(own.replace[pair]), id >= 0 else {
                    throw ValidationError(TorrentText.badTrackerID(own.replace[pair]))
                }
                replacements.append(TrackerReplacement(id: id, announce: own.replace[pair + 1]))
            }
            var removals: [Int] = []
            for text in own.remove {
                guard let id = Int(text), id >= 0 else { throw ValidationError(TorrentText.badTrackerID(text)) }
                removals.append(id)
            }
            for url in own.add + replacements.map(\.announce) where !TorrentEditInput.isTrackerURL(url) {
                throw ValidationError(TorrentText.badTrackerURL(url))
            }
            let edit = TrackerEdit(add: own.add, remove: removals, replace: replacements)
            if let repeated = edit.repeatedID { throw ValidationError(TorrentText.repeatedTracker(repeated)) }
            return edit
        }

        func run() throws {
            let selection = try Info.reference(id)
            let edit = try edit()
            let fields: [TorrentField] = [.trackers, .trackerStats]
            try connection.lookUp(selection, fields: fields) { context, session, lookup in
                guard var torrent = lookup.found.first else { return }
                if !edit.isEmpty {
                    let before = torrent.trackers ?? []
                    let rpcVersion = try session.run { client throws(RPCError) in try client.knownRPCVersion() }
                    let requests = try edit.requests(for: before, torrent: torrent.id, rpcVersion: rpcVersion)
                    let reread = try session.run { client throws(RPCError) in
                        for request in requests { try client.torrentSetTrackers(id: torrent.id, request) }
                        return try TorrentLookup.find(.id(torrent.id), fields: fields, client: client)
                    }
                    if !own.json { TorrentText.trackerChanges(edit, before: before).forEach { print($0) } }
                    guard let updated = reread.found.first else { return }
                    torrent = updated
                }
                if own.json {
                    print(TorrentText.trackersJSON(torrent).serializedString())
                } else {
                    print(TorrentText.trackerList(torrent, zone: context.zone).joined(separator: "\n"))
                }
            }
        }
    }
}

extension RemissionCommand.Trackers {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Option(help: ArgumentHelp(tr("Add a tracker by its announce URL. Repeatable."), valueName: "url"))
        var add: [String] = []

        @Option(
            help: ArgumentHelp(
                tr("Remove the tracker with this id (as the list shows it). Repeatable."), valueName: "tracker-id"))
        var remove: [String] = []

        @Option(
            parsing: .upToNextOption,
            help: ArgumentHelp(
                tr("Give the tracker with this id a new announce URL. Repeatable."), valueName: "tracker-id url"))
        var replace: [String] = []

        @Flag(help: .tr("Print the torrent's trackers as one JSON object (after any change)."))
        var json = false
    }
}
