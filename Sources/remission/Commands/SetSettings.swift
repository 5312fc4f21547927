import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission set IDS [--label L]… [--add-label L]… [--remove-label L]… [--no-labels]
    /// [--down-limit|--up-limit KBPS|off] [--honor-session on|off] [--bandwidth-priority low|normal|high]
    /// [--seed-ratio R|global|unlimited] [--seed-idle MIN|global|unlimited] [--peer-limit N]
    /// [--sequential on|off] [--group NAME|none] [--json]`: per-torrent settings (`torrent-set`).
    struct SetSettings: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "set",
            abstract: tr("Change per-torrent settings: labels, speed limits, priority, seeding limits, peers."),
            discussion: tr(
                """
                Every value is checked before anything is sent. Speeds are kB/s with k = 1000, as \
                Transmission counts them; off removes the torrent's own limit. --seed-ratio and --seed-idle \
                take the torrent's own limit, global (follow the session's) or unlimited. --label replaces \
                the labels, --add-label and --remove-label edit each torrent's own; each takes several \
                labels separated by commas (--label linux,iso; labels need Transmission 3.00). --group needs Transmission 4.0, --sequential 4.1: an older daemon is \
                refused (exit 6) and nothing is changed.

                Prints what changed on each torrent (one line for more than 10), as the daemon reports it \
                afterwards; --json prints every setting read back.

                Examples:
                  remission set 3 --down-limit 500 --up-limit 50
                  remission set 1,4-6 --add-label linux,iso --remove-label new
                  remission set all --seed-ratio 2 --seed-idle global
                  remission set 3 --bandwidth-priority high --honor-session off --peer-limit 80
                  remission set 3 --sequential on --group slow --json
                """))

        @Argument(help: .tr("Torrents: all, active, ids such as 1,3,5-7, or a 40-character info hash."))
        var ids: String

        @OptionGroup(title: tr("Settings")) var own: OwnOptions

        @OptionGroup var connection: TorrentConnectionOptions

        func validate() throws {
            do { _ = try TorrentSelection.parse(ids) } catch {
                throw ValidationError(FailureText.selectionReason(error))
            }
            _ = try request()
        }

        /// The settings asked for; a `ValidationError` (exit 2) naming the option before anything is sent.
        func request() throws -> TorrentSettingsRequest {
            do throws(SettingInputError) {
                var request = TorrentSettingsRequest()
                request.labels = try TorrentSettingsInput.labels(
                    replace: own.labels, clear: own.noLabels, add: own.addLabels, remove: own.removeLabels)
                request.downloadLimit = try own.downLimit.map { text throws(SettingInputError) in
                    try TorrentSettingsInput.speed(text, option: "--down-limit")
                }
                request.uploadLimit = try own.upLimit.map { text throws(SettingInputError) in
                    try TorrentSettingsInput.speed(text, option: "--up-limit")
                }
                request.honorsSessionLimits = try own.honorSession.map { text throws(SettingInputError) in
                    try TorrentSettingsInput.onOff(text, option: "--honor-session")
                }
                request.bandwidthPriority = try own.bandwidthPriority.map(TorrentSettingsInput.priority)
                request.seedRatio = try own.seedRatio.map(TorrentSettingsInput.ratio)
                request.seedIdle = try own.seedIdle.map(TorrentSettingsInput.idleMinutes)
                request.peerLimit = try own.peerLimit.map(TorrentSettingsInput.peerLimit)
                request.sequentialDownload = try own.sequential.map { text throws(SettingInputError) in
                    try TorrentSettingsInput.onOff(text, option: "--sequential")
                }
                request.group = try own.group.map(TorrentSettingsInput.group)
                if request.isEmpty { throw .nothingToSet }
                return request
            } catch {
                throw ValidationError(SetText.inputReason(error))
            }
        }

        func run() throws {
            let request = try request()
            let selection = try TorrentLookup.selection(ids)
            let (context, session) = try connection.open()
            defer { context.offerToStorePassword(after: session) }
            let rpcVersion = try TorrentSettings.check(request, session: session)
            let lookup = try TorrentSettings.lookup(selection, rpcVersion: rpcVersion, session: session)
            session.noteTorrents(lookup.found.map(\.id))
            try lookup.reportMissing()
            guard !lookup.found.isEmpty else {
                if own.json { print(SetText.json([]).serializedString()) } else { print(SetText.noneFound(selection)) }
                return
            }
            let results = try TorrentSettings.apply(
                request, to: lookup, requested: selection, rpcVersion: rpcVersion, session: session)
            if own.json {
                print(SetText.json(results).serializedString())
            } else if results.count > SetText.linesAtMost {
                print(SetText.summary(results, request))
            } else {
                results.forEach { print(SetText.line($0)) }
            }
        }
    }
}

extension RemissionCommand.SetSettings {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Option(
            name: .customLong("label"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp(tr("Replace the torrents' labels with these (a,b). Repeatable."), valueName: "label"))
        var labels: [String] = []

        @Option(
            name: .customLong("add-label"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp(tr("Add labels (a,b) to each torrent's own. Repeatable."), valueName: "label"))
        var addLabels: [String] = []

        @Option(
            name: .customLong("remove-label"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp(tr("Remove labels (a,b) from each torrent's own. Repeatable."), valueName: "label"))
        var removeLabels: [String] = []

        @Flag(name: .customLong("no-labels"), help: .tr("Remove every label of the torrents."))
        var noLabels = false

        @Option(
            name: .customLong("down-limit"), parsing: .unconditional,
            help: ArgumentHelp(tr("The torrents' download limit in kB/s, or off."), valueName: "kbps|off"))
        var downLimit: String?

        @Option(
            name: .customLong("up-limit"), parsing: .unconditional,
            help: ArgumentHelp(tr("The torrents' upload limit in kB/s, or off."), valueName: "kbps|off"))
        var upLimit: String?

        @Option(
            name: .customLong("honor-session"), parsing: .unconditional,
            help: ArgumentHelp(
                tr("Whether the session's speed limits (and alt-speed) apply to the torrents too."),
                valueName: "on|off"))
        var honorSession: String?

        @Option(
            name: .customLong("bandwidth-priority"), parsing: .unconditional,
            help: ArgumentHelp(tr("The torrents' share of the bandwidth."), valueName: "low|normal|high"))
        var bandwidthPriority: String?

        @Option(
            name: .customLong("seed-ratio"), parsing: .unconditional,
            help: ArgumentHelp(
                tr("Stop seeding at this upload ratio (e.g. 1.5), at the session's (global), or never (unlimited)."),
                valueName: "ratio|global|unlimited"))
        var seedRatio: String?

        @Option(
            name: .customLong("seed-idle"), parsing: .unconditional,
            help: ArgumentHelp(
                tr("Stop seeding after this many idle minutes, at the session's (global), or never (unlimited)."),
                valueName: "minutes|global|unlimited"))
        var seedIdle: String?

        @Option(
            name: .customLong("peer-limit"), parsing: .unconditional,
            help: ArgumentHelp(tr("The most peers each torrent connects to."), valueName: "n"))
        var peerLimit: String?

        @Option(
            name: .customLong("sequential"), parsing: .unconditional,
            help: ArgumentHelp(tr("Download the pieces in order (Transmission 4.1)."), valueName: "on|off"))
        var sequential: String?

        @Option(
            name: .customLong("group"), parsing: .unconditional,
            help: ArgumentHelp(
                tr("Put the torrents in this bandwidth group, or none (Transmission 4.0)."),
                valueName: "name|none"))
        var group: String?

        @Flag(help: .tr("Print the settings read back as one JSON object."))
        var json = false
    }
}
