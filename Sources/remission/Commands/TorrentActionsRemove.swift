import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission remove IDS [--delete-data] [--yes]`.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "remove",
            abstract: tr("Remove torrents from the server, and with --delete-data their downloaded files."),
            discussion: tr(
                """
                The torrents to remove are listed first. On a terminal, remission asks before removing \
                (with --delete-data: "Delete the data of N torrents (SIZE)?"); --yes skips the question. \
                Without a terminal, removing the torrents alone goes ahead, but deleting data needs --yes \
                (exit 2 otherwise, nothing removed). More than 250 torrents are removed 250 per request, \
                with progress on stderr.

                Examples:
                  remission remove 3
                  remission remove 5-7 --delete-data --yes
                """))

        @OptionGroup var options: TorrentActionOptions

        @OptionGroup(title: tr("Remove options")) var own: OwnOptions

        @OptionGroup var connection: TorrentConnectionOptions

        // Shorthands for the options in `own`.
        var deleteData: Bool { own.deleteData }
        var yes: Bool { own.yes }

        func run() throws {
            let selection = try TorrentLookup.selection(options.ids)
            let context = try CommandContext(global: connection.global)
            if deleteData, !yes, !context.terminal.isInteractive {
                throw Failure(.local(.deleteDataNeedsTerminal(ids: options.ids)))
            }
            let (_, session) = try connection.open()
            defer { context.offerToStorePassword(after: session) }
            let lookup = try session.run { client throws(RPCError) in
                try TorrentLookup.find(selection, fields: [.haveValid, .haveUnchecked, .downloadDir], client: client)
            }
            session.noteTorrents(lookup.found.map(\.id))
            try lookup.reportMissing()
            guard !lookup.found.isEmpty else {
                print(TorrentText.noneToRemove(selection))
                return
            }
            let onDisk = lookup.found.reduce(0) { ServerArithmetic.sum($0, TorrentText.present($1)) }
            print(TorrentText.toRemove(count: lookup.found.count, deleting: deleteData ? onDisk : nil))
            lookup.lines { deleteData ? TorrentText.dataOnDisk($0) : "" }.forEach { print($0) }
            if !yes, context.terminal.isInteractive {
                let confirmation: Confirmation =
                    deleteData
                    ? .deleteTorrentData(count: lookup.found.count, bytes: onDisk)
                    : .removeTorrents(count: lookup.found.count)
                try confirm(confirmation, terminal: context.terminal)
            }
            try removeInBatches(
                lookup.found.map(\.id), session: session, timeout: context.transportOptions.timeoutSeconds)
            print(TorrentText.removed(count: lookup.found.count, deletedData: deleteData))
        }

        /// Ids per `torrent-remove` request. Transmission 3 removes torrents one by one, deleting
        /// their resume and .torrent files (and their data), in time that grows with the library:
        /// 10,000 of 10,000 in one request took 23 s on the test machine, against the 30 s timeout,
        /// and 10,000 of 20,000 timed out. 250 keep each request well under a second there, and let
        /// a large removal report its progress.
        static let batchSize = 250

        /// Removes `ids` (found just before, so never a torrent that was not listed) in batches,
        /// with progress on stderr when there is more than one. A failure says how many were
        /// already removed. Each batch gets the whole `--timeout` (10,000 took 24 s in all).
        private func removeInBatches(_ ids: [Int], session: RemoteSession, timeout: Double) throws {
            let batches = Self.batches(ids, size: Self.batchSize)
            var removed = 0
            for (index, batch) in batches.enumerated() {
                do {
                    if index > 0 { session.restartDeadline(seconds: timeout) }
                    try session.run { client throws(RPCError) in
                        try client.torrentRemove(.torrents(batch.map { .id($0) }), deleteLocalData: deleteData)
                    }
                } catch {
                    guard removed > 0 else { throw error }
                    throw Failure(.local(.removalInterrupted(error, removed: removed, total: ids.count)))
                }
                removed += batch.count
                if batches.count > 1 {
                    printError("remission: " + TorrentText.removalProgress(removed: removed, total: ids.count))
                }
            }
        }

        /// `ids` cut into consecutive runs of at most `size`, in order.
        static func batches(_ ids: [Int], size: Int) -> [ArraySlice<Int>] {
            stride(from: 0, to: ids.count, by: max(1, size)).map { ids[$0..<min($0 + max(1, size), ids.count)] }
        }
    }
}

extension RemissionCommand.Remove {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Flag(name: .customLong("delete-data"), help: .tr("Also delete the torrents' downloaded files on the server."))
        var deleteData = false

        @Flag(name: .shortAndLong, help: ArgumentHelp(tr("Do not ask for confirmation. ") + Answers.rule))
        var yes = false
    }
}
