import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission session [every writable session-set field] [--json]`: show the daemon's settings,
    /// or change them and show them read back.
    struct Session: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "session",
            abstract: tr("Show or change session settings: speed limits, turtle mode, peers, queues, seeding, files."),
            discussion: tr(
                """
                Without options, shows the daemon's version, directories and free space, speed limits, \
                alt-speed (turtle mode) and its schedule, peer port, encryption, DHT/PEX/LPD/µTP, peer limits, \
                queues and the minutes after which a torrent counts as stalled, seeding limits (ratio and idle \
                minutes), the done script, the cache and the blocklist. Speeds are kB/s with k = 1000, as \
                Transmission counts them.

                With options, changes those settings (one session-set) and prints them as the daemon \
                reports them afterwards. Values are checked before anything is sent: a value an option \
                does not take is a usage error (exit 2) naming the forms it takes. Paths are on the \
                daemon's machine and absolute. --alt-days takes all, weekdays, weekend or days such as \
                mon,wed,fri; --alt-begin and --alt-end take HH:MM.

                Examples:
                  remission session
                  remission session --down-limit 500 --up-limit 50
                  remission session --down-limit off --alt-speed on
                  remission session --alt-down-limit 100 --alt-up-limit 20 --alt-schedule on \\
                    --alt-begin 08:00 --alt-end 18:30 --alt-days weekdays
                  remission session --peer-port 51413 --random-port off --encryption required
                  remission session --download-queue 3 --seed-queue off --seed-ratio 2
                  remission session --incomplete-dir /srv/part --done-script off --cache 16
                  remission session --blocklist on --blocklist-url https://example.org/level1.gz
                  remission session --download-dir /srv/torrents --json
                """))

        @OptionGroup(title: tr("Session options")) var own: OwnOptions

        @Argument(
            help: .tr("A saved server name or URL (default: --server or the default server)."), completion: .savedServer
        )
        var name: String?

        @OptionGroup var connection: TorrentConnectionOptions

        func validate() throws { _ = try own.changes() }

        /// The `session-set` the options ask for; a `ValidationError` (exit 2) before anything is sent.
        func changes() throws -> SessionChanges { try own.changes() }

        func run() throws {
            let changes = try changes()
            let (context, session) = try connection.open(server: name)
            defer { context.offerToStorePassword(after: session) }
            let view = try session.run { client throws(RPCError) -> SessionView in
                try client.sessionSet(changes)
                let info = try client.sessionGet()
                var freeSpace = info.downloadDirFreeSpace
                if let directory = info.downloadDir, let reply = try? client.freeSpace(path: directory),
                    reply.sizeBytes >= 0
                {
                    freeSpace = reply.sizeBytes
                }
                return SessionView(info: info, freeSpace: freeSpace)
            }
            if own.json {
                print(view.jsonValue().serializedString())
            } else {
                print(view.text(on: context.terminal, server: session.target.label, changed: !changes.isEmpty))
            }
        }
    }
}
