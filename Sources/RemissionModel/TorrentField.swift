/// A `torrent-get` field that `Torrent` decodes, named by its classic spelling.
///
/// `name(in:)` gives the spelling for a dialect; `init?(wireName:)` accepts either spelling, so
/// table headers and object keys decode the same way whichever dialect the server spoke.
public enum TorrentField: String, Sendable, Hashable, CaseIterable {
    // List columns.
    case id, name, hashString, status, percentDone, sizeWhenDone, leftUntilDone, haveValid, haveUnchecked
    case eta, rateDownload, rateUpload, uploadRatio, error, errorString, addedDate, downloadDir, labels
    case peersConnected, peersGettingFromUs, peersSendingToUs, isFinished, isStalled, queuePosition
    // Details.
    case files, fileStats, priorities, wanted, trackers, trackerStats, peers
    case activityDate, doneDate, startDate, dateCreated
    case totalSize, downloadedEver, uploadedEver, corruptEver, desiredAvailable
    case comment, creator, isPrivate, magnetLink, pieceCount, pieceSize
    case bandwidthPriority, downloadLimit, downloadLimited, uploadLimit, uploadLimited, honorsSessionLimits
    case seedRatioLimit, seedRatioMode, seedIdleLimit, seedIdleMode
    case metadataPercentComplete, recheckProgress, secondsDownloading, secondsSeeding
    case peerLimit = "peer-limit"
    /// The bandwidth group (Transmission 4.0+, rpc-version 17); "" for none.
    case group
    /// Whether pieces are downloaded in order (Transmission 4.1+, rpc-version 18; JSON-RPC only).
    case sequentialDownload

    /// The field's name as `dialect` spells it.
    public func name(in dialect: RPCDialect) -> String { dialect.spell(rawValue) }

    /// The field for a name in either spelling (`percentDone` or `percent_done`); nil if unknown.
    public init?(wireName: String) {
        guard let field = Self.byWireName[wireName] else { return nil }
        self = field
    }

    private static let byWireName: [String: TorrentField] = {
        var table: [String: TorrentField] = [:]
        for field in allCases {
            table[field.rawValue] = field
            table[field.name(in: .jsonRPC)] = field
        }
        return table
    }()

    /// A general list of torrents, the RPC client's default: the columns of transmission-remote's
    /// `-l` plus what sorting, filtering and the error marker need. (`remission list` asks for only
    /// what its view shows: `List.fields(json:query:)`.)
    public static let list: [TorrentField] = [
        .id, .name, .hashString, .status, .percentDone, .sizeWhenDone, .leftUntilDone, .haveValid,
        .eta, .rateDownload, .rateUpload, .uploadRatio, .error, .errorString, .addedDate, .downloadDir,
        .labels, .peersConnected, .peersGettingFromUs, .peersSendingToUs, .isFinished, .recheckProgress,
    ]

    /// What `remission info` shows without `--files`, `--trackers` or `--peers`.
    public static let details: [TorrentField] =
        list + [
            .haveUnchecked, .activityDate, .doneDate, .startDate,
            .dateCreated, .totalSize, .downloadedEver, .uploadedEver, .corruptEver, .desiredAvailable,
            .comment, .creator, .isPrivate, .magnetLink, .pieceCount, .pieceSize, .bandwidthPriority,
            .downloadLimit, .downloadLimited, .uploadLimit, .uploadLimited, .honorsSessionLimits,
            .seedRatioLimit, .seedRatioMode, .seedIdleLimit, .seedIdleMode, .queuePosition, .isStalled,
            .metadataPercentComplete, .secondsDownloading, .secondsSeeding, .peerLimit,
        ]
}
