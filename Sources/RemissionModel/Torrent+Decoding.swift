/// Why a reply's content could not be turned into model values (its JSON was fine).
public struct DecodingFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var detail: String

    public init(_ detail: String) {
        self.detail = detail
    }

    public var description: String { detail }
}

extension Torrent {
    /// Decodes one torrent object, in classic (camelCase) or JSON-RPC (snake_case) naming.
    ///
    /// Lenient where Transmission is loose: `percentDone` may be the integer `1`, `wanted` may be
    /// `[0, 1]`, unknown fields are ignored, and a value of the wrong type leaves the default.
    public init(json object: JSONObject) {
        self.init()
        for (key, value) in object {
            guard let field = TorrentField(wireName: key) else { continue }
            set(field, from: value)
        }
    }

    /// Decodes the `torrents` array of a `torrent-get` reply in either format: `"objects"`, or
    /// `"table"` (first row = field names, then one array per torrent). Servers older than
    /// rpc-version 16 ignore `format` and answer with objects, which is why both are accepted.
    public static func decodeList(_ torrents: JSONValue) throws(DecodingFailure) -> [Torrent] {
        guard case .array(let items) = torrents else {
            throw DecodingFailure("'torrents' is not an array")
        }
        guard let first = items.first else { return [] }
        if case .array = first { return try decodeTable(items) }
        var result: [Torrent] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .object(let object) = item else {
                throw DecodingFailure("torrent \(index) is not an object")
            }
            result.append(Torrent(json: object))
        }
        return result
    }

    /// Table format: the header is mapped to fields once, then each row is read by column.
    static func decodeTable(_ rows: [JSONValue]) throws(DecodingFailure) -> [Torrent] {
        guard case .array(let header) = rows[0] else { throw DecodingFailure("table has no header row") }
        var columns: [TorrentField?] = []
        columns.reserveCapacity(header.count)
        for name in header {
            guard case .string(let text) = name else { throw DecodingFailure("table header holds a non-string") }
            columns.append(TorrentField(wireName: text))
        }
        var result: [Torrent] = []
        result.reserveCapacity(rows.count - 1)
        for index in 1..<rows.count {
            guard case .array(let cells) = rows[index] else {
                throw DecodingFailure("table row \(index) is not an array")
            }
            var torrent = Torrent()
            for column in 0..<min(cells.count, columns.count) {
                if let field = columns[column] { torrent.set(field, from: cells[column]) }
            }
            result.append(torrent)
        }
        return result
    }

    /// Stores one field's value; a value of the wrong type leaves the field as it was.
    public mutating func set(_ field: TorrentField, from value: JSONValue) {
        switch field {
        case .id: id = value.int ?? id
        case .name: name = value.string ?? name
        case .hashString: hashString = value.string ?? hashString
        case .status: status = value.int.map(TorrentStatus.init(rawValue:)) ?? status
        case .percentDone: percentDone = value.double ?? percentDone
        case .sizeWhenDone: sizeWhenDone = value.int ?? sizeWhenDone
        case .leftUntilDone: leftUntilDone = value.int ?? leftUntilDone
        case .haveValid: haveValid = value.int
        case .eta: eta = value.int ?? eta
        case .rateDownload: rateDownload = value.int ?? rateDownload
        case .rateUpload: rateUpload = value.int ?? rateUpload
        case .uploadRatio: uploadRatio = value.double ?? uploadRatio
        case .error: error = value.int ?? error
        case .errorString: errorString = value.string ?? errorString
        case .addedDate: addedDate = value.int ?? addedDate
        case .labels: labels = value.array?.compactMap(\.string) ?? labels
        case .peersGettingFromUs: peersGettingFromUs = value.int
        case .peersSendingToUs: peersSendingToUs = value.int
        case .isFinished: isFinished = value.bool
        case .recheckProgress: recheckProgress = value.double
        default: details.set(field, from: value)
        }
    }
}

extension TorrentDetails {
    /// Stores one detail field's value (see `Torrent.set(_:from:)`); list fields are ignored.
    mutating func set(_ field: TorrentField, from value: JSONValue) {
        switch field {
        case .files, .fileStats, .priorities, .wanted, .trackers, .trackerStats, .peers:
            setList(field, from: value)
        case .activityDate: activityDate = value.int
        case .queuePosition: queuePosition = value.int
        case .isStalled: isStalled = value.bool
        case .peersConnected: peersConnected = value.int ?? peersConnected
        case .downloadDir: downloadDir = value.string ?? downloadDir
        case .haveUnchecked: haveUnchecked = value.int
        case .doneDate: doneDate = value.int
        case .startDate: startDate = value.int
        case .dateCreated: dateCreated = value.int
        case .totalSize: totalSize = value.int
        case .downloadedEver: downloadedEver = value.int
        case .uploadedEver: uploadedEver = value.int
        case .corruptEver: corruptEver = value.int
        case .desiredAvailable: desiredAvailable = value.int
        case .comment: comment = value.string
        case .creator: creator = value.string
        case .isPrivate: isPrivate = value.bool
        case .magnetLink: magnetLink = value.string
        case .pieceCount: pieceCount = value.int
        case .pieceSize: pieceSize = value.int
        case .bandwidthPriority: bandwidthPriority = value.int.map(FilePriority.init(lenient:))
        case .downloadLimit: downloadLimit = value.int
        case .downloadLimited: downloadLimited = value.bool
        case .uploadLimit: uploadLimit = value.int
        case .uploadLimited: uploadLimited = value.bool
        case .honorsSessionLimits: honorsSessionLimits = value.bool
        case .seedRatioLimit: seedRatioLimit = value.double
        case .seedRatioMode: seedRatioMode = value.int
        case .seedIdleLimit: seedIdleLimit = value.int
        case .seedIdleMode: seedIdleMode = value.int
        case .metadataPercentComplete: metadataPercentComplete = value.double
        case .secondsDownloading: secondsDownloading = value.int
        case .secondsSeeding: secondsSeeding = value.int
        case .peerLimit: peerLimit = value.int
        case .group: group = value.string
        case .sequentialDownload: sequentialDownload = value.bool
        default: break
        }
    }

    /// The array-valued detail fields; elements that are not objects are skipped.
    private mutating func setList(_ field: TorrentField, from value: JSONValue) {
        guard case .array(let items) = value else { return }
        switch field {
        case .files: files = items.compactMap { $0.object.map(TorrentFile.init(json:)) }
        case .fileStats: fileStats = items.compactMap { $0.object.map(TorrentFileStats.init(json:)) }
        case .priorities: priorities = items.compactMap { $0.int.map(FilePriority.init(lenient:)) }
        case .wanted: wanted = items.map { $0.bool ?? true }
        case .trackers: trackers = items.compactMap { $0.object.map(TorrentTracker.init(json:)) }
        case .trackerStats: trackerStats = items.compactMap { $0.object.map(TrackerStat.init(json:)) }
        case .peers: peers = items.compactMap { $0.object.map(TorrentPeer.init(json:)) }
        default: break
        }
    }
}
