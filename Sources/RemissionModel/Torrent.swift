/// One torrent as `torrent-get` reports it.
///
/// Only requested fields are filled in; the others keep their defaults (0, "", [], and the
/// "not available" values Transmission itself uses: `eta` −1, `uploadRatio` −1), and optional
/// ones stay nil. Integers are `Int` (64-bit on every platform Remission runs on); sizes are bytes,
/// rates bytes per second, dates Unix seconds (0 = never).
@dynamicMemberLookup
public struct Torrent: Sendable, Equatable {
    /// Session-local id; changes when the daemon restarts (key on `hashString` across runs).
    public var id = 0
    public var name = ""
    /// The 40-hex info hash.
    public var hashString = ""
    public var status = TorrentStatus.stopped
    /// 0…1 of the wanted data present (`sizeWhenDone - leftUntilDone`).
    public var percentDone = 0.0
    public var sizeWhenDone = 0
    public var leftUntilDone = 0
    /// Verified bytes present.
    public var haveValid: Int?
    /// Seconds; −1 not available, −2 unknown.
    public var eta = -1
    public var rateDownload = 0
    public var rateUpload = 0
    /// −1 not available, −2 infinite.
    public var uploadRatio = -1.0
    /// 0 ok, 1 tracker warning, 2 tracker error, 3 local error (see `errorKind`).
    public var error = 0
    public var errorString = ""
    public var addedDate = 0
    public var labels: [String] = []
    public var peersGettingFromUs: Int?
    public var peersSendingToUs: Int?
    public var isFinished: Bool?
    /// 0…1 of a running verification.
    public var recheckProgress: Double?

    /// Everything else (`info`'s fields, and the few list fields `list` does not show), kept out of
    /// line: a list of 10,000 torrents neither carries nor copies it (each byte here is 10 kB
    /// there). Read and written as if stored here (`torrent.comment`).
    public var details: TorrentDetails {
        get { detailsBox.value }
        set {
            if isKnownUniquelyReferenced(&detailsBox) {
                detailsBox.value = newValue
            } else {
                detailsBox = TorrentDetailsBox(newValue)
            }
        }
    }
    private var detailsBox = TorrentDetailsBox.empty

    /// Whether this torrent has details of its own (an allocation the reply parser's budget counts).
    var ownsDetails: Bool { detailsBox !== TorrentDetailsBox.empty }

    public init() {}

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<TorrentDetails, Value>) -> Value {
        get { detailsBox.value[keyPath: keyPath] }
        set { details[keyPath: keyPath] = newValue }
    }

    public init(id: Int, name: String, hashString: String = "", status: TorrentStatus = .stopped) {
        self.id = id
        self.name = name
        self.hashString = hashString
        self.status = status
    }
}

extension Torrent {
    public var errorKind: TorrentErrorKind { TorrentErrorKind(rawValue: error) }

    public var hasError: Bool { error != 0 }

    /// The status as transmission-remote's `-l` prints it: Stopped becomes Finished when the torrent
    /// is done, Downloading/Seeding become Up & Down, Downloading, Uploading, Seeding or Idle by
    /// peer activity, and verification shows its progress. Needs `isFinished`, `peersGettingFromUs`,
    /// `peersSendingToUs`, `recheckProgress` for the refinements; falls back to `status.label`.
    public var activityLabel: String {
        switch status {
        case .stopped:
            return isFinished == true ? "Finished" : "Stopped"
        case .checkWait, .checking:
            guard let progress = recheckProgress else { return status.label }
            return "\(status.label) (\(Int((progress * 100).rounded(.down)))%)"
        case .downloading, .seeding:
            guard let fromUs = peersGettingFromUs, let toUs = peersSendingToUs else { return status.label }
            if fromUs != 0, toUs != 0 { return "Up & Down" }
            if toUs != 0 { return "Downloading" }
            if fromUs != 0 { return leftUntilDone > 0 ? "Uploading" : "Seeding" }
            return "Idle"
        case .downloadWait, .seedWait, .unknown:
            return status.label
        }
    }
}
