import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission stats [--json]`: what `session-stats` reports.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "stats",
            abstract: tr(
                "Show transfer statistics: torrent counts, current speeds, this session's and all-time totals."),
            discussion: tr(
                """
                Examples:
                  remission stats
                  remission stats --json
                """))

        @OptionGroup(title: tr("Stats options")) var own: OwnOptions

        @Argument(
            help: .tr("A saved server name or URL (default: --server or the default server)."), completion: .savedServer
        )
        var name: String?

        @OptionGroup var connection: TorrentConnectionOptions

        // Shorthands for the options in `own`.
        var json: Bool { own.json }

        func run() throws {
            let (context, session) = try connection.open(server: name)
            defer { context.offerToStorePassword(after: session) }
            let stats = try session.run { client throws(RPCError) in try client.sessionStats() }
            if json {
                print(StatsView(stats: stats).jsonValue().serializedString())
            } else {
                print(StatsView(stats: stats).text(on: context.terminal))
            }
        }
    }
}

extension RemissionCommand.Stats {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Flag(help: .tr("Print the statistics as one JSON object."))
        var json = false
    }
}
