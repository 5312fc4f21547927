import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

/// What `start`, `stop`, `verify` and `reannounce` share: IDS, the lookup of the torrents, the report.
struct TorrentActionOptions: ParsableArguments {
    @Argument(help: .tr("Torrents: all, active, ids such as 1,3,5-7, or a 40-character info hash."))
    var ids: String

    func validate() throws {
        do { _ = try TorrentSelection.parse(ids) } catch { throw ValidationError(FailureText.selectionReason(error)) }
    }
}

extension TorrentAction {

    /// Looks the torrents up, reports ids that do not exist, acts on those that do, prints what was done.
    func run(_ options: TorrentActionOptions, connection: TorrentConnectionOptions) throws {
        let selection = try TorrentLookup.selection(options.ids)
        try connection.lookUp(selection) { context, session, lookup in
            guard !lookup.found.isEmpty else {
                print(TorrentText.noneFound(selection, for: self))
                return
            }
            let acted = lookup.actionSelection(for: selection)
            try session.run { client throws(RPCError) in try perform(acted, client) }
            print(TorrentText.acted(self, count: lookup.found.count))
            lookup.lines().forEach { print($0) }
        }
    }
}

extension RemissionCommand {
    /// `remission start IDS [--now]`.
    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "start",
            abstract: tr("Start torrents."),
            discussion: tr(
                """
                Ids that do not exist are reported: a warning when others exist, exit 1 when none does.

                Examples:
                  remission start 1,3,5-7
                  remission start all
                  remission start 0123456789abcdef0123456789abcdef01234567 --now
                """))

        @OptionGroup var options: TorrentActionOptions
        @OptionGroup(title: tr("Start options")) var own: OwnOptions

        @OptionGroup var connection: TorrentConnectionOptions

        // Shorthands for the options in `own`.
        var now: Bool { own.now }

        func run() throws { try TorrentAction.start(now: now).run(options, connection: connection) }
    }

    /// `remission stop IDS`.
    struct Stop: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "stop",
            abstract: tr("Stop (pause) torrents."),
            discussion: tr("Examples:\n  remission stop 2\n  remission stop active"))

        @OptionGroup var options: TorrentActionOptions
        @OptionGroup var connection: TorrentConnectionOptions

        func run() throws { try TorrentAction.stop.run(options, connection: connection) }
    }

    /// `remission verify IDS`.
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "verify",
            abstract: tr("Verify the local data of torrents (queued; see its progress with `remission info`)."),
            discussion: tr("Examples:\n  remission verify 4\n  remission verify all"))

        @OptionGroup var options: TorrentActionOptions
        @OptionGroup var connection: TorrentConnectionOptions

        func run() throws { try TorrentAction.verify.run(options, connection: connection) }
    }

    /// `remission reannounce IDS`.
    struct Reannounce: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "reannounce",
            abstract: tr("Ask the trackers of torrents for more peers now."),
            discussion: tr("Examples:\n  remission reannounce 4\n  remission reannounce all"))

        @OptionGroup var options: TorrentActionOptions
        @OptionGroup var connection: TorrentConnectionOptions

        func run() throws { try TorrentAction.reannounce.run(options, connection: connection) }
    }
}

extension RemissionCommand.Start {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Flag(help: .tr("Start at once, skipping the download queue."))
        var now = false
    }
}
