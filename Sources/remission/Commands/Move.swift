import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission move IDS DIR [--no-move]`: `torrent-set-location`.
    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "move",
            abstract: tr(
                "Move torrents' data to another directory on the server, or point them at data already there."),
            discussion: tr(
                """
                DIR is an absolute path on the daemon's machine. The daemon moves the files itself, in the \
                background; `remission info` shows the new location once it is done. With --no-move nothing \
                is moved: the torrents look for their data in DIR (transmission-remote's --find), e.g. after \
                you moved the files yourself; verify them afterwards. Ids that do not exist are reported: a \
                warning when others exist, exit 1 when none does. --json prints one line: {"location": \
                DIR, "moveData": false with --no-move, "torrents": [{"id", "name", "hash"}]}.

                Examples:
                  remission move 3 /srv/torrents/done
                  remission move 1,3,5-7 /mnt/archive
                  remission move 4 /mnt/disk2/films --no-move --json
                """))

        @OptionGroup var options: TorrentActionOptions

        @Argument(help: .tr("The directory on the daemon's machine (an absolute path)."))
        var directory: String

        @OptionGroup(title: tr("Move options")) var own: OwnOptions

        @OptionGroup var connection: TorrentConnectionOptions

        func validate() throws {
            guard TorrentEditInput.isAbsoluteDirectory(directory) else {
                throw ValidationError(TorrentText.relativeLocation(directory))
            }
        }

        func run() throws {
            let selection = try TorrentLookup.selection(options.ids)
            try connection.lookUp(selection) { context, session, lookup in
                let move = !own.noMove
                guard !lookup.found.isEmpty else {
                    print(
                        own.json
                            ? TorrentText.moveJSON(location: directory, moveData: move, []).serializedString()
                            : TorrentText.noneToMove(selection))
                    return
                }
                try session.run { client throws(RPCError) in
                    try client.torrentSetLocation(lookup.selection, location: directory, move: move)
                }
                if own.json {
                    print(TorrentText.moveJSON(location: directory, moveData: move, lookup.found).serializedString())
                    return
                }
                print(TorrentText.moving(count: lookup.found.count, to: directory, move: move))
                lookup.lines().forEach { print($0) }
            }
        }
    }

    /// `remission queue IDS top|up|down|bottom`: `queue-move-*`.
    struct Queue: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "queue",
            abstract: tr("Move torrents in the download and seeding queue: to the top, up, down or to the bottom."),
            discussion: tr(
                """
                The queue decides which torrents run when the daemon's queue limits are on. The torrents are \
                listed afterwards with their queue positions as the daemon reports them (0 is first); \
                `remission list --sort queue` shows the whole queue. --json prints one line: \
                {"direction", "torrents": [{"id", "name", "hash", "queuePosition"}]}.

                Examples:
                  remission queue 7 top
                  remission queue 2,5 down
                  remission queue all bottom --json
                """))

        @OptionGroup var options: TorrentActionOptions

        @Argument(help: .tr("Where to move them: top, up, down or bottom."))
        var direction: Direction

        @OptionGroup(title: tr("Queue options")) var own: OwnOptions

        @OptionGroup var connection: TorrentConnectionOptions

        enum Direction: String, ExpressibleByArgument, CaseIterable {
            case top, up, down, bottom

            var queueDirection: QueueDirection {
                switch self {
                case .top: .top
                case .up: .up
                case .down: .down
                case .bottom: .bottom
                }
            }
        }

        func run() throws {
            let selection = try TorrentLookup.selection(options.ids)
            try connection.lookUp(selection) { context, session, lookup in
                guard !lookup.found.isEmpty else {
                    print(
                        own.json
                            ? TorrentText.queueJSON(direction.queueDirection, []).serializedString()
                            : TorrentText.noneToQueue(selection))
                    return
                }
                let reread = try session.run { client throws(RPCError) in
                    try client.queueMove(lookup.selection, direction.queueDirection)
                    return try TorrentLookup.find(lookup.selection, fields: [.queuePosition], client: client)
                }
                if own.json {
                    print(TorrentText.queueJSON(direction.queueDirection, reread.found).serializedString())
                    return
                }
                print(TorrentText.queued(direction.queueDirection, count: lookup.found.count))
                reread.lines(extra: TorrentText.queuePosition).forEach { print($0) }
            }
        }
    }
}

extension RemissionCommand.Move {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Flag(
            name: .customLong("no-move"),
            help: .tr("Do not move the data: it is in DIR already (transmission-remote --find)."))
        var noMove = false

        @Flag(help: .tr("Print the location and the torrents as one JSON object."))
        var json = false
    }
}

extension RemissionCommand.Queue {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Flag(help: .tr("Print the torrents with their queue positions as one JSON object."))
        var json = false
    }
}
