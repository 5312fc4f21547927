import ArgumentParser
import RemissionModel
import RemissionRPC
import Testing

@testable import remission

/// `remission session`'s options parsed into the `session-set` they ask for, and refused (exit 2)
/// with the option and its forms named; no daemon involved.
@Suite("session options: values parsed and refused locally")
struct SessionOptionsParsingTests {
    func changes(_ arguments: [String]) throws -> SessionChanges {
        try RemissionCommand.Session.parse(arguments).changes()
    }

    /// The usage error's message, or nil when the arguments parsed.
    func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try changes(arguments)
            return nil
        } catch {
            return RemissionCommand.Session.message(for: error)
        }
    }

    @Test("alt-speed limits, schedule, times and days")
    func schedule() throws {
        let parsed = try changes([
            "--alt-down-limit", "0", "--alt-up-limit", "25", "--alt-schedule", "ON", "--alt-begin", "8:05",
            "--alt-end", "23:59", "--alt-days", "mon,Wed,saturday",
        ])
        #expect(parsed.altSpeedDown == 0 && parsed.altSpeedUp == 25)
        #expect(parsed.altSpeedTimeEnabled == true)
        #expect(parsed.altSpeedTimeBegin == 485 && parsed.altSpeedTimeEnd == 1439)
        #expect(parsed.altSpeedTimeDay == 2 | 8 | 64)
        #expect(try changes(["--alt-days", "all"]).altSpeedTimeDay == 127)
        #expect(try changes(["--alt-days", "weekdays"]).altSpeedTimeDay == 62)
        #expect(try changes(["--alt-days", "weekend"]).altSpeedTimeDay == 65)
        #expect(try changes(["--alt-days", "weekend,fri"]).altSpeedTimeDay == 65 | 32)
        #expect(try changes(["--alt-days", "sun"]).altSpeedTimeDay == 1)
        #expect(try changes(["--alt-schedule", "off"]).altSpeedTimeEnabled == false)
    }

    @Test("peers: port, random port, forwarding, encryption, DHT/PEX/LPD/µTP, limits")
    func peers() throws {
        let parsed = try changes([
            "--peer-port", "51413", "--random-port", "on", "--port-forwarding", "off", "--encryption", "Tolerated",
            "--dht", "on", "--pex", "off", "--lpd", "on", "--utp", "off", "--peer-limit", "300",
            "--peer-limit-per-torrent", "40",
        ])
        #expect(parsed.peerPort == 51413 && parsed.peerPortRandomOnStart == true)
        #expect(parsed.portForwardingEnabled == false && parsed.encryption == .tolerated)
        #expect(parsed.dhtEnabled == true && parsed.pexEnabled == false)
        #expect(parsed.lpdEnabled == true && parsed.utpEnabled == false)
        #expect(parsed.peerLimitGlobal == 300 && parsed.peerLimitPerTorrent == 40)
        #expect(parsed.arguments(in: .jsonRPC)["encryption"]?.string == "allowed")
        #expect(parsed.arguments(in: .classic)["encryption"]?.string == "tolerated")
    }

    @Test("queues and seeding: N or off, each with its -enabled switch")
    func queues() throws {
        var parsed = try changes([
            "--download-queue", "3", "--seed-queue", "off", "--stalled-minutes", "45", "--seed-ratio", "1.5",
            "--seed-idle", "off",
        ])
        #expect(parsed.downloadQueueEnabled == true && parsed.downloadQueueSize == 3)
        #expect(parsed.seedQueueEnabled == false && parsed.seedQueueSize == nil)
        #expect(parsed.queueStalledEnabled == true && parsed.queueStalledMinutes == 45)
        #expect(parsed.seedRatioLimited == true && parsed.seedRatioLimit == 1.5)
        #expect(parsed.idleSeedingLimitEnabled == false && parsed.idleSeedingLimit == nil)
        parsed = try changes(["--download-queue", "off", "--stalled-minutes", "OFF", "--seed-ratio", "off"])
        #expect(parsed.downloadQueueEnabled == false && parsed.queueStalledEnabled == false)
        #expect(parsed.seedRatioLimited == false && parsed.seedRatioLimit == nil)
        #expect(try changes(["--seed-ratio", "0"]).seedRatioLimit == 0)
        #expect(try changes(["--seed-idle", "90"]).idleSeedingLimit == 90)
    }

    @Test("files: incomplete dir, start, .part, trash, done script, cache, blocklist")
    func files() throws {
        let parsed = try changes([
            "--incomplete-dir", "/srv/part", "--start-added", "off", "--rename-partial", "on", "--trash-torrent", "on",
            "--done-script", "/usr/local/bin/done.sh", "--cache", "32", "--blocklist", "on", "--blocklist-url",
            "https://example.org/list.gz",
        ])
        #expect(parsed.incompleteDirEnabled == true && parsed.incompleteDir == "/srv/part")
        #expect(parsed.startAddedTorrents == false && parsed.renamePartialFiles == true)
        #expect(parsed.trashOriginalTorrentFiles == true)
        #expect(parsed.scriptTorrentDoneEnabled == true && parsed.scriptTorrentDoneFilename == "/usr/local/bin/done.sh")
        #expect(parsed.cacheSizeMB == 32 && parsed.blocklistEnabled == true)
        #expect(parsed.blocklistUrl == "https://example.org/list.gz")
        let off = try changes(["--incomplete-dir", "off", "--done-script", "off"])
        #expect(off.incompleteDirEnabled == false && off.incompleteDir == nil)
        #expect(off.scriptTorrentDoneEnabled == false && off.scriptTorrentDoneFilename == nil)
        // The wire names each dialect accepts (3.00 and 4.1.3 alike).
        let classic = parsed.arguments(in: .classic)
        let modern = parsed.arguments(in: .jsonRPC)
        #expect(classic["trash-original-torrent-files"]?.bool == true)
        #expect(modern["trash_original_torrent_files"]?.bool == true)
        #expect(classic["script-torrent-done-filename"]?.string == "/usr/local/bin/done.sh")
        #expect(modern["cache_size_mib"]?.int == 32 && classic["cache-size-mb"]?.int == 32)
        #expect(modern["blocklist_url"]?.string == "https://example.org/list.gz")
    }

    @Test(
        "a value an option does not take: the option and its forms named",
        arguments: [
            (["--alt-down-limit", "-1"], "--alt-down-limit takes a speed in kB/s"),
            (["--alt-up-limit", "fast"], "--alt-up-limit takes a speed in kB/s"),
            (["--alt-schedule", "yes"], "--alt-schedule takes on or off"),
            (["--alt-begin", "24:00"], "--alt-begin takes a time of day as HH:MM"),
            (["--alt-end", "0830"], "--alt-end takes a time of day as HH:MM"),
            (["--alt-end", "8:5"], "--alt-end takes a time of day as HH:MM"),
            (["--alt-days", "mon,funday"], "--alt-days takes all, weekdays, weekend, or days such as mon,tue,sat"),
            (["--alt-days", ""], "--alt-days takes all, weekdays, weekend"),
            (["--peer-port", "0"], "--peer-port takes a port number from 1 to 65535"),
            (["--peer-port", "65536"], "--peer-port takes a port number from 1 to 65535"),
            (["--random-port", "maybe"], "--random-port takes on or off"),
            (["--port-forwarding", "1"], "--port-forwarding takes on or off"),
            (["--encryption", "allowed"], "--encryption takes required, preferred or tolerated"),
            (["--dht", "true"], "--dht takes on or off"),
            (["--pex", ""], "--pex takes on or off"),
            (["--lpd", "no"], "--lpd takes on or off"),
            (["--utp", "off!"], "--utp takes on or off"),
            (["--peer-limit", "0"], "--peer-limit takes a number from 1 to 65535"),
            (["--peer-limit-per-torrent", "70000"], "--peer-limit-per-torrent takes a number from 1 to 65535"),
            (["--download-queue", "0"], "--download-queue takes a number from 1 to 100000, or off"),
            (["--seed-queue", "+3"], "--seed-queue takes a number from 1 to 100000, or off"),
            (["--stalled-minutes", "never"], "--stalled-minutes takes minutes from 1 to 100000, or off"),
            (["--seed-ratio", "-1"], "--seed-ratio takes a ratio such as 1.5 (0 or more), or off"),
            (["--seed-ratio", "inf"], "--seed-ratio takes a ratio such as 1.5"),
            (["--seed-idle", "65536"], "--seed-idle takes minutes from 1 to 65535, or off"),
            (["--incomplete-dir", "part"], "--incomplete-dir takes an absolute path on the daemon's machine"),
            (["--start-added", "y"], "--start-added takes on or off"),
            (["--rename-partial", "0"], "--rename-partial takes on or off"),
            (["--trash-torrent", "yes"], "--trash-torrent takes on or off"),
            (["--done-script", "done.sh"], "--done-script takes an absolute path on the daemon's machine"),
            (["--cache", "-4"], "--cache takes megabytes from 0 to 100000"),
            (["--blocklist", "enable"], "--blocklist takes on or off"),
            (["--blocklist-url", "ftp://example.org/x"], "--blocklist-url takes an http:// or https:// URL"),
            (["--blocklist-url", "http://a b/"], "--blocklist-url takes an http:// or https:// URL"),
        ])
    func refused(arguments: [String], message: String) {
        let text = refusal(arguments)
        #expect(text?.contains(message) == true, "\(arguments): \(text ?? "parsed")")
    }

    @Test("the days and times shared by parsing and the view")
    func daysAndTimes() {
        #expect(AltSpeedDay.mask(parsing: "MON, tue") == 6)
        #expect(AltSpeedDay.mask(parsing: "mon,,tue") == nil)
        #expect(AltSpeedDay.days(in: 65).map(\.key) == ["sat", "sun"])
        #expect(TimeOfDay.minutes(parsing: "00:00") == 0)
        #expect(TimeOfDay.minutes(parsing: "23:60") == nil)
        #expect(TimeOfDay.minutes(parsing: "١٢:٣٠") == nil)
        #expect(TimeOfDay.text(485) == "08:05")
    }

    @Test("groups set: limits and honor-session parsed; nothing to change or an empty name refused")
    func groupsSet() throws {
        let parsed = try RemissionCommand.Groups.SetGroup.parse([
            " slow ", "--down-limit", "200", "--up-limit", "off", "--honor-session", "off",
        ]).changes()
        #expect(parsed.name == "slow")
        #expect(parsed.speedLimitDownEnabled == true && parsed.speedLimitDown == 200)
        #expect(parsed.speedLimitUpEnabled == false && parsed.speedLimitUp == nil)
        #expect(parsed.honorsSessionLimits == false)
        #expect(parsed.arguments(in: .classic)["honorsSessionLimits"]?.bool == false)
        #expect(parsed.arguments(in: .jsonRPC)["honors_session_limits"]?.bool == false)
        #expect(parsed.arguments(in: .jsonRPC)["speed_limit_down"]?.int == 200)
        for arguments in [["slow"], ["  ", "--down-limit", "5"], ["slow", "--honor-session", "yes"]] {
            #expect(throws: (any Error).self) { try RemissionCommand.Groups.SetGroup.parse(arguments).changes() }
        }
    }
}
