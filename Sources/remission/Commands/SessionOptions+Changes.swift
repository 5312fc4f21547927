import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

extension RemissionCommand.Session.OwnOptions {
    /// The `session-set` the options ask for; a `ValidationError` (exit 2) naming the option and
    /// the forms it takes, before anything is sent.
    func changes() throws -> SessionChanges {
        var changes = SessionChanges()
        try speedChanges(&changes)
        try scheduleChanges(&changes)
        try peerChanges(&changes)
        try queueChanges(&changes)
        try fileChanges(&changes)
        return changes
    }

    private func speedChanges(_ changes: inout SessionChanges) throws {
        if let downLimit {
            let limit = try Self.parseLimit(downLimit, option: "--down-limit")
            (changes.speedLimitDownEnabled, changes.speedLimitDown) = (limit != nil, limit)
        }
        if let upLimit {
            let limit = try Self.parseLimit(upLimit, option: "--up-limit")
            (changes.speedLimitUpEnabled, changes.speedLimitUp) = (limit != nil, limit)
        }
        if let altSpeed {
            guard let flag = Self.flag(altSpeed) else { throw ValidationError(CommandText.altSpeed(altSpeed)) }
            changes.altSpeedEnabled = flag
        }
        changes.altSpeedDown = try altDownLimit.map {
            try Self.number($0, "--alt-down-limit", 0...TorrentSettingsInput.maximumSpeed) { _ in .speed }
        }
        changes.altSpeedUp = try altUpLimit.map {
            try Self.number($0, "--alt-up-limit", 0...TorrentSettingsInput.maximumSpeed) { _ in .speed }
        }
    }

    private func scheduleChanges(_ changes: inout SessionChanges) throws {
        changes.altSpeedTimeEnabled = try altSchedule.map { try Self.onOff($0, "--alt-schedule") }
        changes.altSpeedTimeBegin = try altBegin.map { try Self.time($0, "--alt-begin") }
        changes.altSpeedTimeEnd = try altEnd.map { try Self.time($0, "--alt-end") }
        changes.altSpeedTimeDay = try altDays.map { text in
            guard let mask = AltSpeedDay.mask(parsing: text) else {
                throw ValidationError(CommandText.badValue(option: "--alt-days", .days, text))
            }
            return mask
        }
    }

    private func peerChanges(_ changes: inout SessionChanges) throws {
        changes.peerPort = try peerPort.map { try Self.number($0, "--peer-port", 1...65535) { _ in .port } }
        changes.peerPortRandomOnStart = try randomPort.map { try Self.onOff($0, "--random-port") }
        changes.portForwardingEnabled = try portForwarding.map { try Self.onOff($0, "--port-forwarding") }
        changes.encryption = try encryption.map { text in
            guard let mode = EncryptionMode(rawValue: text.lowercased()) else {
                throw ValidationError(CommandText.badValue(option: "--encryption", .encryption, text))
            }
            return mode
        }
        changes.dhtEnabled = try dht.map { try Self.onOff($0, "--dht") }
        changes.pexEnabled = try pex.map { try Self.onOff($0, "--pex") }
        changes.lpdEnabled = try lpd.map { try Self.onOff($0, "--lpd") }
        changes.utpEnabled = try utp.map { try Self.onOff($0, "--utp") }
        // Transmission 3.00 keeps peer limits in 16 bits.
        changes.peerLimitGlobal = try peerLimit.map { try Self.number($0, "--peer-limit", 1...65535) }
        changes.peerLimitPerTorrent = try peerLimitPerTorrent.map {
            try Self.number($0, "--peer-limit-per-torrent", 1...65535)
        }
    }

    private func queueChanges(_ changes: inout SessionChanges) throws {
        if let downloadQueue {
            let size = try Self.numberOrOff(downloadQueue, "--download-queue", 1...Self.maxCount, ValueForm.numberOrOff)
            (changes.downloadQueueEnabled, changes.downloadQueueSize) = (size != nil, size)
        }
        if let seedQueue {
            let size = try Self.numberOrOff(seedQueue, "--seed-queue", 1...Self.maxCount, ValueForm.numberOrOff)
            (changes.seedQueueEnabled, changes.seedQueueSize) = (size != nil, size)
        }
        if let stalledMinutes {
            let minutes = try Self.numberOrOff(
                stalledMinutes, "--stalled-minutes", 1...Self.maxCount, ValueForm.minutesOrOff)
            (changes.queueStalledEnabled, changes.queueStalledMinutes) = (minutes != nil, minutes)
        }
        if let seedRatio {
            let ratio = try Self.ratio(seedRatio)
            (changes.seedRatioLimited, changes.seedRatioLimit) = (ratio != nil, ratio)
        }
        if let seedIdle {
            // Transmission 3.00 keeps the idle limit in 16 bits.
            let minutes = try Self.numberOrOff(seedIdle, "--seed-idle", 1...65535, ValueForm.minutesOrOff)
            (changes.idleSeedingLimitEnabled, changes.idleSeedingLimit) = (minutes != nil, minutes)
        }
    }

    private func fileChanges(_ changes: inout SessionChanges) throws {
        if let downloadDir {
            guard downloadDir.hasPrefix("/") else {
                throw ValidationError(CommandText.relativeDownloadDir(downloadDir))
            }
            changes.downloadDir = downloadDir
        }
        if let incompleteDir {
            let path = try Self.pathOrOff(incompleteDir, "--incomplete-dir")
            (changes.incompleteDirEnabled, changes.incompleteDir) = (path != nil, path)
        }
        changes.startAddedTorrents = try startAdded.map { try Self.onOff($0, "--start-added") }
        changes.renamePartialFiles = try renamePartial.map { try Self.onOff($0, "--rename-partial") }
        changes.trashOriginalTorrentFiles = try trashTorrent.map { try Self.onOff($0, "--trash-torrent") }
        if let doneScript {
            let path = try Self.pathOrOff(doneScript, "--done-script")
            (changes.scriptTorrentDoneEnabled, changes.scriptTorrentDoneFilename) = (path != nil, path)
        }
        changes.cacheSizeMB = try cache.map { try Self.number($0, "--cache", 0...Self.maxCache, ValueForm.megabytes) }
        changes.blocklistEnabled = try blocklist.map { try Self.onOff($0, "--blocklist") }
        changes.blocklistUrl = try blocklistURL.map { text in
            let lower = text.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), text.count > 8,
                !text.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true })
            else { throw ValidationError(CommandText.badValue(option: "--blocklist-url", .url, text)) }
            return text
        }
    }
}

extension RemissionCommand.Session.OwnOptions {
    /// The largest count and cache size taken (far beyond any real setting; the daemons keep them in
    /// 32 bits or less). Speeds take `TorrentSettingsInput.maximumSpeed`, as `set` does.
    static let maxCount = 100_000
    static let maxCache = 100_000

    /// A limit in kB/s, or nil for `off`: `remission set`'s rule and words (`TorrentSettingsInput.speed`).
    static func parseLimit(_ text: String, option: String) throws -> Int? {
        do {
            switch try TorrentSettingsInput.speed(text, option: option) {
            case .unlimited: return nil
            case .limited(let kBps): return kBps
            }
        } catch {
            throw ValidationError(SetText.inputReason(error))
        }
    }

    /// `on` → true, `off` → false, else nil.
    static func flag(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "on": true
        case "off": false
        default: nil
        }
    }

    /// `on|off`: `remission set`'s rule and words (`TorrentSettingsInput.onOff`).
    static func onOff(_ text: String, _ option: String) throws -> Bool {
        do { return try TorrentSettingsInput.onOff(text, option: option) } catch {
            throw ValidationError(SetText.inputReason(error))
        }
    }

    /// An integer in `range` (decimal digits only); `form` words the error from the range.
    static func number(
        _ text: String, _ option: String, _ range: ClosedRange<Int>,
        _ form: (ClosedRange<Int>) -> ValueForm = ValueForm.number
    ) throws -> Int {
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), range.contains(value) else {
            throw ValidationError(CommandText.badValue(option: option, form(range), text))
        }
        return value
    }

    /// An integer in `range`, or nil for `off`. `form` is `.numberOrOff` or `.minutesOrOff` (its range is replaced).
    static func numberOrOff(
        _ text: String, _ option: String, _ range: ClosedRange<Int>, _ form: (ClosedRange<Int>) -> ValueForm
    ) throws -> Int? {
        if text.lowercased() == "off" { return nil }
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), range.contains(value) else {
            throw ValidationError(CommandText.badValue(option: option, form(range), text))
        }
        return value
    }

    static func time(_ text: String, _ option: String) throws -> Int {
        guard let minutes = TimeOfDay.minutes(parsing: text) else {
            throw ValidationError(CommandText.badValue(option: option, .timeOfDay, text))
        }
        return minutes
    }

    /// A seed ratio (a finite decimal, 0 or more), or nil for `off`.
    static func ratio(_ text: String) throws -> Double? {
        if text.lowercased() == "off" { return nil }
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(text),
            value.isFinite, value >= 0, value <= 1_000_000
        else { throw ValidationError(CommandText.badValue(option: "--seed-ratio", .ratioOrOff, text)) }
        return value
    }

    /// An absolute path, or nil for `off`.
    static func pathOrOff(_ text: String, _ option: String) throws -> String? {
        if text.lowercased() == "off" { return nil }
        guard text.hasPrefix("/") else { throw ValidationError(CommandText.badValue(option: option, .pathOrOff, text)) }
        return text
    }
}
