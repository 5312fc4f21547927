import ArgumentParser
import RemissionViews

extension RemissionCommand.Session {
    /// The options of this command alone, listed first in its help (before the connection options):
    /// every writable `session-set` field that Transmission 3.00 and 4.x share, with
    /// transmission-remote's meanings.
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
            name: .customLong("alt-down-limit"), parsing: .unconditional,
            help: ArgumentHelp(tr("Download limit of turtle mode, in kB/s."), valueName: "kbps"))
        var altDownLimit: String?

        @Option(
            name: .customLong("alt-up-limit"), parsing: .unconditional,
            help: ArgumentHelp(tr("Upload limit of turtle mode, in kB/s."), valueName: "kbps"))
        var altUpLimit: String?

        @Option(
            name: .customLong("alt-schedule"), parsing: .unconditional,
            help: ArgumentHelp(tr("Turn turtle mode on and off by the schedule."), valueName: "on|off"))
        var altSchedule: String?

        @Option(
            name: .customLong("alt-begin"), parsing: .unconditional,
            help: ArgumentHelp(tr("When the scheduled turtle mode begins."), valueName: "HH:MM"))
        var altBegin: String?

        @Option(
            name: .customLong("alt-end"), parsing: .unconditional,
            help: ArgumentHelp(tr("When the scheduled turtle mode ends."), valueName: "HH:MM"))
        var altEnd: String?

        @Option(
            name: .customLong("alt-days"), parsing: .unconditional,
            help: ArgumentHelp(
                tr("The days of the schedule: all, weekdays, weekend, or a list such as mon,tue,sat."),
                valueName: "days"))
        var altDays: String?

        @Option(
            name: .customLong("download-dir"), parsing: .unconditional,
            help: ArgumentHelp(
                tr("Where new torrents are saved: an absolute path on the daemon's machine."), valueName: "dir"))
        var downloadDir: String?

        @Option(
            name: .customLong("incomplete-dir"), parsing: .unconditional,
            help: ArgumentHelp(tr("Keep unfinished torrents in this directory, or off."), valueName: "dir|off"))
        var incompleteDir: String?

        @Option(
            name: .customLong("peer-port"), parsing: .unconditional,
            help: ArgumentHelp(tr("The port peers connect to."), valueName: "port"))
        var peerPort: String?

        @Option(
            name: .customLong("random-port"), parsing: .unconditional,
            help: ArgumentHelp(tr("Pick a random peer port each time the daemon starts."), valueName: "on|off"))
        var randomPort: String?

        @Option(
            name: .customLong("port-forwarding"), parsing: .unconditional,
            help: ArgumentHelp(tr("Ask the router to forward the peer port (UPnP, NAT-PMP)."), valueName: "on|off"))
        var portForwarding: String?

        @Option(
            name: .customLong("encryption"), parsing: .unconditional,
            help: ArgumentHelp(tr("Peer encryption."), valueName: "required|preferred|tolerated"))
        var encryption: String?

        @Option(
            name: .customLong("dht"), parsing: .unconditional,
            help: ArgumentHelp(tr("Find peers through the DHT."), valueName: "on|off"))
        var dht: String?

        @Option(
            name: .customLong("pex"), parsing: .unconditional,
            help: ArgumentHelp(tr("Exchange peers with peers (PEX)."), valueName: "on|off"))
        var pex: String?

        @Option(
            name: .customLong("lpd"), parsing: .unconditional,
            help: ArgumentHelp(tr("Find peers on the local network (LPD)."), valueName: "on|off"))
        var lpd: String?

        @Option(
            name: .customLong("utp"), parsing: .unconditional,
            help: ArgumentHelp(tr("Connect to peers over µTP as well as TCP."), valueName: "on|off"))
        var utp: String?

        @Option(
            name: .customLong("peer-limit"), parsing: .unconditional,
            help: ArgumentHelp(tr("The most peers connected at once, over all torrents."), valueName: "n"))
        var peerLimit: String?

        @Option(
            name: .customLong("peer-limit-per-torrent"), parsing: .unconditional,
            help: ArgumentHelp(tr("The most peers connected at once for one torrent."), valueName: "n"))
        var peerLimitPerTorrent: String?

        @Option(
            name: .customLong("download-queue"), parsing: .unconditional,
            help: ArgumentHelp(tr("How many torrents download at once, or off (no queue)."), valueName: "n|off"))
        var downloadQueue: String?

        @Option(
            name: .customLong("seed-queue"), parsing: .unconditional,
            help: ArgumentHelp(tr("How many torrents seed at once, or off (no queue)."), valueName: "n|off"))
        var seedQueue: String?

        @Option(
            name: .customLong("stalled-minutes"), parsing: .unconditional,
            help: ArgumentHelp(
                tr("A torrent idle this long no longer counts in the queue, or off."), valueName: "n|off"))
        var stalledMinutes: String?

        @Option(
            name: .customLong("seed-ratio"), parsing: .unconditional,
            help: ArgumentHelp(tr("Stop seeding at this ratio, or off (no ratio limit)."), valueName: "ratio|off"))
        var seedRatio: String?

        @Option(
            name: .customLong("seed-idle"), parsing: .unconditional,
            help: ArgumentHelp(
                tr("Stop seeding after this many minutes without upload, or off."), valueName: "minutes|off"))
        var seedIdle: String?

        @Option(
            name: .customLong("start-added"), parsing: .unconditional,
            help: ArgumentHelp(tr("Start torrents as soon as they are added."), valueName: "on|off"))
        var startAdded: String?

        @Option(
            name: .customLong("rename-partial"), parsing: .unconditional,
            help: ArgumentHelp(tr("Add .part to the names of unfinished files."), valueName: "on|off"))
        var renamePartial: String?

        @Option(
            name: .customLong("trash-torrent"), parsing: .unconditional,
            help: ArgumentHelp(
                tr("Delete a .torrent file the daemon added from its watch directory."), valueName: "on|off"))
        var trashTorrent: String?

        @Option(
            name: .customLong("done-script"), parsing: .unconditional,
            help: ArgumentHelp(
                tr("Run this script on the daemon's machine when a torrent finishes, or off."),
                valueName: "file|off"))
        var doneScript: String?

        @Option(
            name: .customLong("cache"), parsing: .unconditional,
            help: ArgumentHelp(tr("The daemon's disk cache in MB."), valueName: "mb"))
        var cache: String?

        @Option(
            name: .customLong("blocklist"), parsing: .unconditional,
            help: ArgumentHelp(tr("Refuse peers on the blocklist."), valueName: "on|off"))
        var blocklist: String?

        @Option(
            name: .customLong("blocklist-url"), parsing: .unconditional,
            help: ArgumentHelp(
                tr("Where `remission blocklist update` makes the daemon fetch its blocklist."), valueName: "url"))
        var blocklistURL: String?

        @Flag(help: .tr("Print the settings as one JSON object."))
        var json = false
    }
}
