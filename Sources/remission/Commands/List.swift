import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionStorage
import RemissionTransport
import RemissionTrust
import RemissionViews
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

extension RemissionCommand {
    /// `remission list [NAME] [--status S] [--search TEXT] [--label L] [--sort KEY] [--reverse] [--json] [--offline]`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "list",
            abstract: tr("List torrents: ID, Done, Have, ETA, Up, Down, Ratio, Status, Name, and a Sum line."),
            discussion: tr(
                """
                Like transmission-remote -l. An ID ending in * is a torrent with an error. Sizes and rates \
                use decimal units as Transmission does (1 kB = 1000 bytes, 1 MB = 1000 kB). On a terminal \
                every row fits its width, names first: before a name column gets under 40 columns, Have, \
                Up, Ratio, Down and ETA are left out (in that order), then names are cut with …. Through \
                a pipe nothing is cut unless --width N or COLUMNS gives a width (--width 0: no limit). \
                Widths count terminal cells (East Asian wide characters and emoji take two). An empty \
                list adds a hint on stderr. Filtering and sorting happen locally; ties are ordered by id.

                After each successful list the torrents are saved as a snapshot for this server and \
                these connection parameters (scheme, host, port, path, user; never the password) under \
                $XDG_CACHE_HOME/remission/snapshots/. When the server is offline (dns, refused, \
                unreachable, timeout), list shows that snapshot under the banner \
                "OFFLINE — data from <time>" (on stderr) and exits 3. --offline shows it without using \
                the network and exits 0. Trust and authentication failures never fall back to it. \
                Only the fields a view needs are fetched and kept: a plain list those of the table; \
                --json adds hash, error text, added date and labels; --label adds labels, \
                --sort added the date and --sort queue the queue position (0 is first; the order \
                `remission queue` changes). An offline view that needs a field its snapshot lacks says \
                which and exits 3 (1 with --offline) instead of showing partial data.

                --all lists every saved server at once, each under a heading "== NAME ==" with the \
                IDs of that server (act on one with remission start ID --server NAME). Servers are asked \
                concurrently, each within its own --timeout. A server that is offline is shown from \
                its snapshot under a line "OFFLINE — data from <time>: <reason>", or with the reason \
                alone when nothing is saved. Filters and --sort apply within each server. Exit \
                status: 0 when every server answered, else the worst code of those that did not (3 \
                when one was offline, with or without its snapshot); with --offline, 0 when every \
                server has a snapshot, else 1. --json prints \
                {"servers": [{"server", "offline", "dataTime" (null: nothing shown), "exitCode", \
                "error" (null or the reason)}], "torrents": [...]}, each torrent as below with \
                "server" first.

                Examples:
                  remission list
                  remission list nas --status downloading --sort eta
                  remission list --all --sort size
                  remission list --search ubuntu --sort size --reverse
                  remission list --offline --json

                JSON: --json prints one object on one line: {"server": string, "offline": bool, "dataTime": unix seconds \
                of the data, "torrents": [...]}, each torrent {"id": int, "name": string, "hash": 40-hex \
                string, "status": one of "stopped", "check-wait", "checking", "download-wait", \
                "downloading", "seed-wait", "seeding", "unknown", \
                "activity": string (the Status column), "percentDone": number 0…1, \
                "sizeWhenDone", "haveBytes", "leftUntilDone": bytes, "etaSeconds": int or null, \
                "rateDownload", "rateUpload": bytes/s, "ratio": number or null (not available or \
                infinite), "ratioInfinite": bool, "error": null or {"code": int, "kind": \
                "tracker-warning|tracker-error|local-error|unknown", "message": string}, "addedDate": \
                unix seconds, "labels": [string]}.
                """))

        @Argument(
            help: .tr("A saved server name or URL (default: --server or the default server)."), completion: .savedServer
        )
        var name: String?

        @OptionGroup(title: tr("List options")) var own: OwnOptions

        @OptionGroup(title: tr("Connection options")) var trustFlags: TrustFlags
        @OptionGroup(title: tr("Connection options")) var auth: AuthOptions
        @OptionGroup(title: tr("Connection options")) var global: GlobalOptions

        // Shorthands for the options in `own`.
        var json: Bool { own.json }
        var width: Int? { own.width }
        var offline: Bool { own.offline }
        var all: Bool { own.all }

        /// What the table shows, and what its Status column and error marker are made of. Only
        /// these are fetched for a plain list: each field costs the daemon time for every torrent
        /// (the four `jsonFields` add about a quarter to its reply time at 10,000 torrents).
        static let tableFields: [TorrentField] = [
            .id, .name, .status, .percentDone, .sizeWhenDone, .leftUntilDone, .eta, .rateDownload, .rateUpload,
            .uploadRatio, .error, .isFinished, .peersGettingFromUs, .peersSendingToUs, .recheckProgress,
        ]

        /// What --json adds to the table's fields.
        static let jsonFields: [TorrentField] = [.hashString, .errorString, .addedDate, .labels]

        /// The fields this view needs: the table's, and what --json, --label and --sort added or
        /// queue use.
        static func fields(json: Bool, query: ListQuery) -> [TorrentField] {
            var fields = tableFields
            if json {
                fields += jsonFields
            } else {
                if query.label != nil { fields.append(.labels) }
                if query.sort == .added { fields.append(.addedDate) }
            }
            if query.sort == .queue { fields.append(.queuePosition) }
            return fields
        }

        var query: ListQuery { own.shown.query }

        func validate() throws {
            if let width, width < 0 { throw ValidationError(CommandText.widthNegative) }
            if all && (name != nil || global.server != nil) { throw ValidationError(AllServersList.serverOrAll) }
            if all && !trustFlags.isEmpty { throw ValidationError(AllServersList.trustFlagsWithAll) }
        }

        /// An empty server's table is a bare header: say what to do next (stderr, so scripts reading
        /// the table see nothing new; never with --json).
        static var emptyHint: String { CommandText.listEmptyHint }

        func run() throws {
            var context = try CommandContext(global: global)
            if let width { context.terminal.columns = width == 0 ? .max : width }
            if all { return try runAll(context) }
            let store = SnapshotStore(paths: context.paths)
            if offline {
                let key = try offlineKey(context)
                guard let snapshot = try load(store, key) else {
                    throw Failure(
                        .local(.noSnapshot(otherSettings: store.hasOtherSettings(than: key))), server: key.label)
                }
                try show(snapshot, context: context, serverOffline: false)
                return
            }
            let session = try context.openSession(name ?? global.server, trustFlags: trustFlags, auth: auth)
            defer { context.offerToStorePassword(after: session) }
            let key = SnapshotKey(
                label: session.target.label, endpoint: session.target.endpoint, user: session.target.credentials?.user)
            let fields = Self.fields(json: json, query: query)
            let list: TorrentList
            do throws(Failure) {
                list = try session.run { client throws(RPCError) in
                    try client.torrentList(fields: fields, format: .table)
                }
            } catch let failure {
                guard failure.status == .offline else { throw failure }
                guard let snapshot = try load(store, key) else {
                    throw Failure(
                        .local(.offlineWithoutSnapshot(failure, otherSettings: store.hasOtherSettings(than: key))))
                }
                printError("remission: " + failure.message)
                try show(snapshot, context: context, serverOffline: true)
                throw ExitCode(ExitStatus.offline.rawValue)
            }
            // Saving the snapshot and rendering are independent: the snapshot is saved on a thread of
            // its own while this one renders (one thread started, not two: on a loaded machine each
            // thread waits to be scheduled).
            let now = currentUnixTime()
            let terminal = context.terminal
            let warning = Mutex<String?>(nil)
            let save: @Sendable () -> Void = {
                do throws(SnapshotError) { try Self.save(list, fields: fields, in: store, for: key, at: now) } catch {
                    let text = terminal.styled("warning:", .yellow) + " " + FailureText.snapshotReason(error)
                    warning.withLock { $0 = text }
                }
            }
            let saver = startThread(save)
            if saver == nil { save() }
            fflush(nil)
            let standardOutput = StandardOutput()
            Self.write(
                list.torrents, query: query, json: json, server: key.label, offline: false, time: now, terminal,
                to: standardOutput.write)
            if let saver { pthread_join(saver, nil) }
            if let text = warning.withLock({ $0 }) { printError(text) }
            try standardOutput.check()
            if list.torrents.isEmpty && !json { printError(Self.emptyHint) }
        }

        private func offlineKey(_ context: CommandContext) throws -> SnapshotKey {
            let (label, endpoint, profile) = try context.locate(name ?? global.server)
            let user = auth.user ?? profile?.user ?? CredentialInput.parseTRAuth(context.environment["TR_AUTH"])?.user
            return SnapshotKey(label: label, endpoint: endpoint, user: user)
        }

        private func load(_ store: SnapshotStore, _ key: SnapshotKey) throws -> Snapshot? {
            do { return try store.load(for: key) } catch { throw Failure(.snapshot(error)) }
        }

        /// The rows as the server sent them when it answered in table format (no encoding needed),
        /// else the decoded torrents' `fields`.
        private static func save(
            _ list: TorrentList, fields: [TorrentField], in store: SnapshotStore, for key: SnapshotKey, at time: Int64
        ) throws(SnapshotError) {
            if let received = list.received {
                try store.save(received, for: key, at: time)
            } else {
                try store.save(list.torrents, fields: fields, for: key, at: time)
            }
        }

        /// The snapshot under the OFFLINE banner, unless it lacks fields this view needs (it was
        /// saved by a list that fetched fewer): then a failure that names them (exit 3 when the server
        /// is offline), rather than a --label filter that matches nothing or JSON with empty hashes.
        private func show(_ snapshot: Snapshot, context: CommandContext, serverOffline: Bool) throws {
            let missing = Self.fields(json: json, query: query).filter { !snapshot.fields.contains($0) }
            guard missing.isEmpty else {
                throw Failure(
                    .local(
                        .snapshotLacksFields(
                            missing.map(\.rawValue), savedAt: snapshot.savedAt, serverOffline: serverOffline)),
                    server: snapshot.server)
            }
            printError(
                context.terminal.styled(
                    Self.banner(savedAt: snapshot.savedAt, now: currentUnixTime(), zone: context.zone), .yellow))
            try output(
                snapshot.torrents, server: snapshot.server, offline: true, time: snapshot.savedAt, context: context)
        }

        private func output(
            _ torrents: [Torrent], server: String, offline: Bool, time: Int64, context: CommandContext
        ) throws {
            fflush(nil)
            let standardOutput = StandardOutput()
            Self.write(
                torrents, query: query, json: json, server: server, offline: offline, time: time, context.terminal,
                to: standardOutput.write)
            try standardOutput.check()
        }

        /// The table or the JSON document of the torrents `query` selects, as UTF-8 with a newline at
        /// the end, handed to `emit` in pieces (a long table is written as it is padded, not held).
        static func write(
            _ torrents: [Torrent], query: ListQuery, json: Bool, server: String, offline: Bool, time: Int64,
            _ terminal: Terminal, to emit: (borrowing [UInt8]) -> Void
        ) {
            let order = query.order(torrents)
            let chunkSize = 64 << 10
            if json {
                TorrentListJSON.write(
                    server: server, offline: offline, dataTime: time, torrents: torrents, order: order,
                    chunkSize: chunkSize, to: emit)
                emit([UInt8(ascii: "\n")])
                return
            }
            let table = TorrentTable(width: terminal.columns, styleErrorID: { terminal.styled($0, .red) })
            table.write(torrents, order: order, chunkSize: chunkSize, to: emit)
        }

        /// `OFFLINE — data from 2026-11-21 23:30 CET (5 minutes ago)`.
        static func banner(savedAt: Int64, now: Int64, zone: TimeZoneChoice) -> String {
            CommandText.offlineBanner(savedAt: savedAt, now: now, zone: zone)
        }
    }
}

/// Standard output as `list` writes it: straight to file descriptor 1, not copied into a `String`
/// and through stdout's buffer (callers flush what `print` buffered first). The first write error
/// (a full disk, a closed pipe) is kept, so the command can fail with it instead of exiting 0.
final class StandardOutput: Sendable {
    private let firstError = Mutex<Int32?>(nil)
    /// The run's standard output (`CommandIO`), taken on the command's thread: `write` runs on another.
    private let io = CommandIO.current

    func write(_ bytes: borrowing [UInt8]) {
        guard let code = io.writeStandardOutput(bytes) else { return }
        firstError.withLock { if $0 == nil { $0 = code } }
    }

    /// Throws the first write error, if any.
    func check() throws(Failure) {
        if let code = firstError.withLock({ $0 }) { throw Failure(.outputFailed(errno: code)) }
    }
}

extension RemissionCommand.List {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @OptionGroup var shown: QueryOptions

        @Flag(help: .tr("Print JSON (keys above) instead of the table."))
        var json = false

        @Option(help: ArgumentHelp(tr("Fit the table in this many columns (0: no limit)."), valueName: "columns"))
        var width: Int?

        @Flag(help: .tr("Show the last snapshot without contacting the server."))
        var offline = false

        @Flag(help: .tr("Every saved server, one group each under its name (the IDs are that server's)."))
        var all = false
    }
}
