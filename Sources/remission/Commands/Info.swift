import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission info ID [--files] [--trackers] [--peers] [--json]`.
    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "info",
            abstract: tr("Show one torrent in detail, with its files, trackers and peers on request."),
            discussion: tr(
                """
                Dates are in local time (the TZ variable; --utc for UTC). Sizes use SI units (1 kB = 1000 bytes). \
                --json prints one object on one line with the same facts (sizes in bytes, dates in Unix \
                seconds), as every --json does; `| jq .` indents it.

                Examples:
                  remission info 3
                  remission info 3 --files --trackers
                  remission info 0123456789abcdef0123456789abcdef01234567 --json
                """))

        @Argument(help: .tr("The torrent: an id or a 40-character info hash."))
        var id: String

        @OptionGroup(title: tr("Info options")) var own: OwnOptions

        @OptionGroup var connection: TorrentConnectionOptions

        // Shorthands for the options in `own`.
        var files: Bool { own.files }
        var trackers: Bool { own.trackers }
        var peers: Bool { own.peers }
        var json: Bool { own.json }

        func validate() throws { _ = try Self.reference(id) }

        /// Exactly one id or hash.
        static func reference(_ text: String) throws -> TorrentSelection {
            let selection: TorrentSelection
            do { selection = try TorrentSelection.parse(text) } catch {
                throw ValidationError(FailureText.selectionReason(error))
            }
            guard case .torrents(let references) = selection, references.count == 1 else {
                throw ValidationError(CommandText.oneTorrent)
            }
            return selection
        }

        func run() throws {
            let selection = try Self.reference(id)
            var fields = TorrentField.details
            if files || json { fields += [.files, .fileStats] }
            if trackers || json { fields += [.trackerStats] }
            if peers || json { fields += [.peers] }
            try connection.lookUp(selection, fields: fields) { context, session, lookup in
                guard let torrent = lookup.found.first else { return }
                if json {
                    print(TorrentText.json(torrent).serializedString(pretty: false))
                    return
                }
                var sections = [TorrentText.details(torrent, zone: context.zone)]
                if files { sections.append(TorrentText.files(torrent)) }
                if trackers { sections.append(TorrentText.trackers(torrent, zone: context.zone)) }
                if peers { sections.append(TorrentText.peers(torrent)) }
                print(sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n"))
            }
        }
    }
}

extension RemissionCommand.Info {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Flag(help: .tr("List the files with progress, wanted and priority."))
        var files = false

        @Flag(help: .tr("List the trackers with announce state, last result, seeders and leechers."))
        var trackers = false

        @Flag(help: .tr("List the connected peers with client, flags, progress and rates."))
        var peers = false

        @Flag(help: .tr("Print a JSON object instead of text."))
        var json = false
    }
}
