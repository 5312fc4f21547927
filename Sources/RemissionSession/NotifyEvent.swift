import RemissionModel
import RemissionTrust

/// One torrent as `notify` needs it: what the few fields of its poll say (`NotifyFetch.fields`).
public struct TorrentSighting: Sendable, Equatable {
    public var id: Int
    /// The info hash, the torrent's identity across daemon restarts.
    public var hash: String
    public var name: String
    /// All wanted data is present (`percentDone` 1).
    public var done: Bool
    /// Transmission's `error`: 0 none, 1 tracker warning, 2 tracker error, 3 local error.
    public var error: Int
    public var errorText: String
    /// Unix seconds it finished downloading (0: not yet, or unknown).
    public var doneDate: Int64

    public init(id: Int, hash: String, name: String, done: Bool, error: Int, errorText: String, doneDate: Int64) {
        self.id = id
        self.hash = hash
        self.name = name
        self.done = done
        self.error = error
        self.errorText = errorText
        self.doneDate = doneDate
    }

    public init(_ torrent: Torrent) {
        self.init(
            id: torrent.id, hash: torrent.hashString, name: torrent.name, done: torrent.percentDone >= 1,
            error: torrent.error, errorText: torrent.errorString, doneDate: Int64(torrent.doneDate ?? 0))
    }

    /// A tracker error or a local error; a tracker warning comes and goes too often to notify.
    public var hasError: Bool { error >= 2 }
}

/// What one poll of one server saw.
public enum ServerSighting: Sendable, Equatable {
    /// The server answered with its torrents; `certificates` is the chain a new connection presented
    /// (empty when the poll reused a connection, or on plain HTTP).
    case online(torrents: [TorrentSighting], certificates: [CertificateFacts])
    /// The poll failed: the reason in words (`FailureText.reason`) and the exit code the failure
    /// gives any command.
    case offline(cause: String, exitCode: Int32)
}

/// Something `notify` reports: a desktop notification, a line on standard output, one run of
/// `--exec` with `jsonValue` on its standard input.
public struct NotifyEvent: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case finished
        case error
        case errorCleared = "error-cleared"
        case offline
        case online
        case certificateExpiring = "certificate-expiring"
        /// More torrent events of one kind in one poll than are reported one by one (`more`).
        case more
    }

    /// The certificate of a `certificateExpiring` event.
    public struct Certificate: Sendable, Equatable {
        public var subject: String
        public var notAfter: Int64
        /// SHA-256 of the certificate, hex.
        public var fingerprint: String

        public init(subject: String, notAfter: Int64, fingerprint: String) {
            self.subject = subject
            self.notAfter = notAfter
            self.fingerprint = fingerprint
        }
    }

    public var kind: Kind
    /// The saved server's name and RPC URL.
    public var server: String
    public var url: String
    /// Unix seconds of the poll that saw it.
    public var time: Int64
    public var torrent: TorrentSighting?
    /// Why the server is offline.
    public var cause: String?
    public var exitCode: Int32?
    public var certificate: Certificate?
    /// `more`: the kind of the events folded, and how many.
    public var moreOf: Kind?
    public var count: Int?

    public init(
        kind: Kind, server: String, url: String, time: Int64, torrent: TorrentSighting? = nil, cause: String? = nil,
        exitCode: Int32? = nil, certificate: Certificate? = nil, moreOf: Kind? = nil, count: Int? = nil
    ) {
        self.kind = kind
        self.server = server
        self.url = url
        self.time = time
        self.torrent = torrent
        self.cause = cause
        self.exitCode = exitCode
        self.certificate = certificate
        self.moreOf = moreOf
        self.count = count
    }
}
