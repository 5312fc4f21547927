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
            abstract: "Show transfer statistics: torrent counts, current speeds, this session's and all-time totals.",
            discussion: """
                Examples:
                  remission stats
                  remission stats --json
                """)

        @Flag(help: "Print the statistics as one JSON object.")
        var json = false

        @Argument(
            help: "A saved server name or URL (default: --server or the default server).", completion: .savedServer)
        var name: String?

        @OptionGroup var connection: TorrentConnectionOptions

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
