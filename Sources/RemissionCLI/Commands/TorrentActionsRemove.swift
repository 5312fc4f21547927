import ArgumentParser
import RemissionModel
import RemissionRPC

extension RemissionCommand {
    /// `remission remove IDS [--delete-data] [--yes]`.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove torrents from the server, and with --delete-data their downloaded files.",
            discussion: """
                The torrents to remove are listed first. On a terminal, remission asks before removing
                (with --delete-data: "Delete the data of N torrents (SIZE)?"); --yes skips the question.
                Without a terminal, removing the torrents alone goes ahead, but deleting data needs --yes
                (exit 2 otherwise, nothing removed).

                Examples:
                  remission remove 3
                  remission remove 5-7 --delete-data --yes
                """)

        @OptionGroup var options: TorrentActionOptions

        @Flag(name: .customLong("delete-data"), help: "Also delete the torrents' downloaded files on the server.")
        var deleteData = false

        @Flag(name: .shortAndLong, help: "Do not ask for confirmation.")
        var yes = false

        @OptionGroup var connection: TorrentConnectionOptions

        func run() throws {
            let selection = try TorrentLookup.selection(options.ids)
            let context = try CommandContext(global: connection.global)
            if deleteData, !yes, !context.terminal.isInteractive {
                throw CommandFailure(
                    "Refusing to delete data without confirmation: no terminal to ask on. "
                        + "Confirm with --yes: remission remove \(options.ids) --delete-data --yes", status: .usage)
            }
            let (_, session) = try connection.open()
            let lookup = try session.run { client throws(RPCError) in
                try TorrentLookup.find(selection, fields: [.haveValid, .haveUnchecked, .downloadDir], client: client)
            }
            try lookup.reportMissing(selection: selection)
            guard !lookup.found.isEmpty else {
                print("No torrents \(selection == .recentlyActive ? "active" : "at all"); nothing removed.")
                return
            }
            let count = TorrentText.count(lookup.found.count, "torrent")
            let onDisk = lookup.found.reduce(0) { $0 + TorrentText.present($1) }
            print("To remove (\(count)\(deleteData ? ", deleting \(TorrentText.bytes(onDisk)) of data" : "")):")
            lookup.lines { deleteData ? "  (\(TorrentText.bytes(TorrentText.present($0))) in \($0.downloadDir))" : "" }
                .forEach { print($0) }
            if !yes, context.terminal.isInteractive {
                let question =
                    deleteData
                    ? "Delete the data of \(count) (\(TorrentText.bytes(onDisk)))? (yes/no) "
                    : "Remove \(count) (the data stays)? (yes/no) "
                guard let answer = ask(question), ["yes", "y"].contains(answer.lowercased()) else {
                    throw CommandFailure("Nothing removed.", status: .failure)
                }
            }
            try session.run { client throws(RPCError) in
                try client.torrentRemove(lookup.selection, deleteLocalData: deleteData)
            }
            let their = lookup.found.count == 1 ? "its" : "their"
            print("removed \(count)\(deleteData ? " and deleted \(their) data" : "; the data stays on the server").")
        }
    }
}
