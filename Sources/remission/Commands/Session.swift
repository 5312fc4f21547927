import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission session [--down-limit KBPS|off] [--up-limit KBPS|off] [--alt-speed on|off]
    /// [--download-dir D] [--json]`: show the daemon's settings, or change them and show them read back.
    struct Session: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "session",
            abstract: tr("Show or change session settings: speed limits, alt-speed, download directory."),
            discussion: tr(
                """
                Without options, shows the daemon's version, download directory and free space, speed \
                limits, alt-speed (turtle mode), peer port, encryption, peer limits and seed ratio. \
                Speeds are kB/s with k = 1000, as Transmission counts them.

                With options, changes those settings and prints them as the daemon reports them afterwards.

                Examples:
                  remission session
                  remission session --down-limit 500 --up-limit 50
                  remission session --down-limit off --alt-speed on
                  remission session --download-dir /srv/torrents --json
                """))

        @OptionGroup(title: tr("Session options")) var own: OwnOptions

        @Argument(
            help: .tr("A saved server name or URL (default: --server or the default server)."), completion: .savedServer
        )
        var name: String?

        @OptionGroup var connection: TorrentConnectionOptions

        // Shorthands for the options in `own`.
        var downLimit: String? { own.downLimit }
        var upLimit: String? { own.upLimit }
        var altSpeed: String? { own.altSpeed }
        var downloadDir: String? { own.downloadDir }
        var json: Bool { own.json }

        func validate() throws { _ = try changes() }

        /// The `session-set` the options ask for; a `ValidationError` (exit 2) before anything is sent.
        func changes() throws -> SessionChanges {
            var changes = SessionChanges()
            if let downLimit {
                let limit = try Self.parseLimit(downLimit, option: "--down-limit")
                changes.speedLimitDownEnabled = limit != nil
                changes.speedLimitDown = limit
            }
            if let upLimit {
                let limit = try Self.parseLimit(upLimit, option: "--up-limit")
                changes.speedLimitUpEnabled = limit != nil
                changes.speedLimitUp = limit
            }
            if let altSpeed {
                switch altSpeed.lowercased() {
                case "on": changes.altSpeedEnabled = true
                case "off": changes.altSpeedEnabled = false
                default: throw ValidationError(CommandText.altSpeed(altSpeed))
                }
            }
            if let downloadDir {
                guard downloadDir.hasPrefix("/") else {
                    throw ValidationError(CommandText.relativeDownloadDir(downloadDir))
                }
                changes.downloadDir = downloadDir
            }
            return changes
        }

        /// A limit in kB/s (a positive integer), or nil for `off`.
        static func parseLimit(_ text: String, option: String) throws -> Int? {
            if text.lowercased() == "off" { return nil }
            guard let value = Int(text), value > 0 else {
                throw ValidationError(CommandText.speedLimit(option: option, text))
            }
            return value
        }

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
            if json {
                print(view.jsonValue().serializedString())
            } else {
                print(view.text(on: context.terminal, server: session.target.label, changed: !changes.isEmpty))
            }
        }
    }
}

extension RemissionCommand.Session {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Option(
            name: .customLong("down-limit"), parsing: .unconditional,
            help: ArgumentHelp(tr("Download speed limit in kB/s, or off."), valueName: "kbps|off"))
        var downLimit: String?

        @Option(
            name: .customLong("up-limit"), parsing: .unconditional,
            help: ArgumentHelp(tr("Upload speed limit in kB/s, or off."), valueName: "kbps|off"))
        var upLimit: String?

        @Option(
            name: .customLong("alt-speed"), parsing: .unconditional,
            help: ArgumentHelp(tr("Turn alternative speed limits (turtle mode) on or off."), valueName: "on|off"))
        var altSpeed: String?

        @Option(
            name: .customLong("download-dir"), parsing: .unconditional,
            help: ArgumentHelp(
                tr("Where new torrents are saved: an absolute path on the daemon's machine."), valueName: "dir"))
        var downloadDir: String?

        @Flag(help: .tr("Print the settings as one JSON object."))
        var json = false
    }
}
