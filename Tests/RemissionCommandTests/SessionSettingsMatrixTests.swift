import Foundation
import RemissionModel
import RemissionRPC
import TestSupport
import Testing

/// Every `remission session` option against Transmission 3.00 and 4.1.3, on a private bed (the
/// settings would disturb the shared daemons' other tests): set by the real binary, read back with
/// the test's own `session-get`.
@Suite("session: every writable setting set and read back over RPC (3.00 and 4.1.3)")
struct SessionSettingsMatrixTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    func remission(_ home: CLIHome, _ own: TestBed, _ daemon: TestBed.Daemon, _ arguments: [String])
        throws -> CLIHome.Result
    {
        try home.run(["session"] + arguments + ["--server", own.daemonURL(daemon)], env: ["TR_AUTH": own.credentials])
    }

    @Test("the first set: limits, schedule, peers, queues, seeding, files, cache, blocklist", arguments: daemonMatrix)
    func setAll(daemon: TestBed.Daemon) throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        let home = CLIHome(bed: own.bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let incomplete = own.bed.downloadDirectory + "/incomplete-\(daemon.rawValue)"
        let result = try remission(
            home, own.bed, daemon,
            [
                "--alt-down-limit", "111", "--alt-up-limit", "22", "--alt-schedule", "on", "--alt-begin", "07:45",
                "--alt-end", "19:05", "--alt-days", "mon,wed,sat", "--peer-port", "40123", "--random-port", "on",
                "--port-forwarding", "on", "--encryption", "tolerated", "--dht", "on", "--pex", "on", "--lpd", "on",
                "--utp", "on", "--peer-limit", "321", "--peer-limit-per-torrent", "33", "--download-queue", "7",
                "--seed-queue", "8", "--stalled-minutes", "9", "--seed-ratio", "1.25", "--seed-idle", "42",
                "--incomplete-dir", incomplete, "--start-added", "on", "--rename-partial", "off",
                "--trash-torrent", "on", "--done-script", "/bin/true", "--cache", "12", "--blocklist", "on",
                "--blocklist-url", "http://127.0.0.1:9/blocklist.txt",
            ])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.hasPrefix("Changed. The daemon now reports:"), "\(result.out)")
        #expect(result.out.contains("Alt schedule:    on, 07:45–19:05, Mon, Wed, Sat"), "\(result.out)")

        let info = try own.bed.daemonReader(daemon).sessionGet()
        #expect(info.altSpeedDown == 111 && info.altSpeedUp == 22)
        #expect(info.altSpeedTimeEnabled == true)
        #expect(info.altSpeedTimeBegin == 7 * 60 + 45 && info.altSpeedTimeEnd == 19 * 60 + 5)
        #expect(info.altSpeedTimeDay == 2 | 8 | 64)
        #expect(info.peerPort == 40123 && info.peerPortRandomOnStart == true)
        #expect(info.portForwardingEnabled == true && info.encryption == .tolerated)
        #expect(info.dhtEnabled == true && info.pexEnabled == true && info.lpdEnabled == true)
        #expect(info.utpEnabled == true)
        #expect(info.peerLimitGlobal == 321 && info.peerLimitPerTorrent == 33)
        #expect(info.downloadQueueEnabled == true && info.downloadQueueSize == 7)
        #expect(info.seedQueueEnabled == true && info.seedQueueSize == 8)
        #expect(info.queueStalledEnabled == true && info.queueStalledMinutes == 9)
        #expect(info.seedRatioLimited == true && info.seedRatioLimit == 1.25)
        #expect(info.idleSeedingLimitEnabled == true && info.idleSeedingLimit == 42)
        #expect(info.incompleteDirEnabled == true && info.incompleteDir == incomplete)
        #expect(info.startAddedTorrents == true && info.renamePartialFiles == false)
        #expect(info.trashOriginalTorrentFiles == true)
        #expect(info.scriptTorrentDoneEnabled == true && info.scriptTorrentDoneFilename == "/bin/true")
        #expect(info.cacheSizeMB == 12)
        #expect(info.blocklistEnabled == true && info.blocklistUrl == "http://127.0.0.1:9/blocklist.txt")

        // --json shows them as read back, in stable English keys.
        let json = try JSONValue.parse(try remission(home, own.bed, daemon, ["--json"]).out)
        #expect(json["altSchedule"]?["days"] == JSONValue(["mon", "wed", "sat"]))
        #expect(json["altSchedule"]?["begin"]?.string == "07:45")
        #expect(json["encryption"]?.string == "tolerated")
        #expect(json["stalled"]?["minutes"]?.int == 9)
        #expect(json["doneScript"]?["path"]?.string == "/bin/true")
        #expect(json["blocklist"]?["enabled"]?.bool == true)

        // Plain `session` shows the stalled-torrent minutes and the idle-seeding limit it set.
        let plain = try remission(home, own.bed, daemon, [])
        let rows = plain.out.split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.hasPrefix("Stalled after:") && $0.hasSuffix(" 9m") }, "\(plain.out)")
        #expect(rows.contains { $0.hasPrefix("Seed idle:") && $0.hasSuffix(" 42m") }, "\(plain.out)")
    }

    @Test("the second set: every off form, other values; then a refused value changes nothing", arguments: daemonMatrix)
    func setOff(daemon: TestBed.Daemon) throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        let home = CLIHome(bed: own.bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        var result = try remission(
            home, own.bed, daemon,
            [
                "--alt-schedule", "off", "--alt-days", "weekend", "--alt-begin", "0:00", "--alt-end", "23:59",
                "--random-port", "off", "--port-forwarding", "off", "--encryption", "required", "--dht", "off",
                "--pex", "off", "--lpd", "off", "--utp", "off", "--download-queue", "off", "--seed-queue", "off",
                "--stalled-minutes", "off", "--seed-ratio", "off", "--seed-idle", "off", "--incomplete-dir", "off",
                "--start-added", "off", "--rename-partial", "on", "--trash-torrent", "off", "--done-script", "off",
                "--cache", "2", "--blocklist", "off", "--json",
            ])
        #expect(result.status == 0, "\(result.all)")
        let reader = try own.bed.daemonReader(daemon)
        var info = try reader.sessionGet()
        #expect(info.altSpeedTimeEnabled == false && info.altSpeedTimeDay == 65)
        #expect(info.altSpeedTimeBegin == 0 && info.altSpeedTimeEnd == 1439)
        #expect(info.peerPortRandomOnStart == false && info.portForwardingEnabled == false)
        #expect(info.encryption == .required)
        #expect(info.dhtEnabled == false && info.pexEnabled == false && info.lpdEnabled == false)
        #expect(info.utpEnabled == false)
        #expect(info.downloadQueueEnabled == false && info.seedQueueEnabled == false)
        #expect(info.queueStalledEnabled == false && info.seedRatioLimited == false)
        #expect(info.idleSeedingLimitEnabled == false && info.incompleteDirEnabled == false)
        #expect(info.startAddedTorrents == false && info.renamePartialFiles == true)
        #expect(info.trashOriginalTorrentFiles == false && info.scriptTorrentDoneEnabled == false)
        #expect(info.cacheSizeMB == 2 && info.blocklistEnabled == false)
        let plain = try remission(home, own.bed, daemon, []).out.split(separator: "\n").map(String.init)
        #expect(
            plain.contains { $0.hasPrefix("Stalled after:") && $0.hasSuffix(" off (30m when enabled)") }, "\(plain)")
        #expect(
            plain.contains { $0.hasPrefix("Seed idle:") && $0.hasSuffix(" unlimited (30m when enabled)") }, "\(plain)")

        // One bad value among good ones: usage error (2), nothing sent, nothing changed.
        result = try remission(home, own.bed, daemon, ["--cache", "64", "--alt-days", "someday"])
        #expect(result.status == 2, "\(result.all)")
        #expect(result.err.contains("--alt-days takes all, weekdays, weekend"), "\(result.err)")
        info = try reader.sessionGet()
        #expect(info.cacheSizeMB == 2)

    }
}
