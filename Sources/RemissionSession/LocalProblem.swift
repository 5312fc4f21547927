import RemissionCredentials
import RemissionModel
import RemissionStorage
import RemissionTransport
import RemissionTrust

/// Outcomes local to one command: a confirmation nobody could give, a refused change, a batch that
/// stopped part-way. Plain data, like the module errors: the exit status is decided in
/// `Failure.status` (Failure.swift) and the words in `FailureText` (RemissionViews), so a command
/// only says which of these happened.
public enum LocalProblem: Sendable, Equatable {
    /// `--yes` was not given and there is no terminal to ask on (exit 2).
    case confirmationNeedsTerminal(Confirmation)
    /// The question was asked and the answer was not yes (exit 1).
    case declined(Confirmation)
    /// `remove IDS --delete-data` without --yes and without a terminal, refused before connecting (exit 2).
    case deleteDataNeedsTerminal(ids: String)

    /// A `trust` change that needs a certificate, asked for a plain-HTTP server (exit 2).
    case noCertificate(url: String, label: String, change: CertificateChange)
    /// `trust http` for an https server: there is no plain-HTTP warning (exit 2).
    case noPlainHTTPWarning(url: String, label: String)
    /// The TLS handshake `trust` makes to see the certificate failed (offline: exit 3, else 1).
    case probeFailed(TransportError, authority: String, label: String)
    /// The handshake completed without a certificate to look at (exit 1).
    case noCertificatePresented(authority: String)
    /// `trust accept --fingerprint` names another certificate than the one presented (exit 5).
    case fingerprintNotPresented(
        given: CertificateFingerprint, presented: CertificateFingerprint, authority: String, label: String)
    /// `trust accept` without `--fingerprint` and without a terminal to ask on (exit 2).
    case acceptNeedsTerminal(label: String)
    /// The answer to "Trust this certificate?" was no (exit 5).
    case certificateDeclined
    /// The fingerprint typed at the question is not the presented one (exit 5).
    case typedFingerprintMismatch(typed: CertificateFingerprint, presented: CertificateFingerprint)
    /// `trust unpin --spki` names a pin that is not set (exit 1).
    case notPinned(SPKIPin, identity: String, pinned: [SPKIPin])
    /// `trust ca FILE`: the file cannot serve as a CA file (exit 2).
    case caFileUnusable(TransportError)
    /// The last of `Onboarding.caFileTries` files typed at connect's certificate question held no
    /// root (an intermediate); nothing was saved (exit 2).
    case caFileNotRoot(NotRootCAFile)
    /// trust.json could not be changed; nothing was (exit 1).
    case trustNotChanged(StorageError)
    /// `trust pin --generate-backup FILE`: OpenSSL made no key (exit 1); nothing was written or pinned.
    case backupKeyNotGenerated
    /// `trust pin --generate-backup FILE`: the file could not be created (`EEXIST`: something is there
    /// already, left untouched); nothing was pinned (exit 1).
    case backupKeyNotWritten(path: String, StorageError)
    /// `trust pin --generate-backup FILE`: the pins would match no key the server presents now (or its
    /// key, to be pinned beside the spare, is not trusted now: `presentedUntrusted`), so every later
    /// connection would be refused; nothing was written or pinned (exit 1).
    case backupWouldLockOut(label: String, presentedUntrusted: Bool)
    /// `trust pin --issuer|--root`: the server does not present that certificate (a self-signed leaf
    /// has no issuer; Caddy never sends its root); nothing was pinned (exit 1).
    case keyNotPresented(PresentedKey, label: String, leafSelfSigned: Bool)
    /// `trust pin --issuer|--root` on a chain the stored trust refuses: the certificate that issued the
    /// leaf (by signature; its key `presented`) is not the one recorded for the accepted certificate
    /// (`recorded`, nil when none was recorded), so nothing shows it comes from the same certificate
    /// authority; nothing was pinned (exit 5).
    case presentedKeyUnproven(PresentedKey, label: String, presented: SPKIPin, recorded: SPKIPin?)

    /// The keyring refused a change the command needs first; `consequence` says what was left alone.
    case keyringNotChanged(KeyringError, KeyringConsequence)
    /// `credentials set` for a server without a user name (exit 2).
    case noUserForPassword(label: String)
    /// `credentials set` without --password-stdin and without a terminal (exit 2).
    case passwordNeedsTerminal
    /// The password question got an empty answer (exit 2).
    case noPasswordGiven
    /// The password and its repetition differ (exit 2).
    case passwordsDiffer

    /// `watch` needs a terminal on standard input and output (exit 2).
    case watchNeedsTerminal
    /// `list --offline` without a snapshot for the connection parameters (exit 1); `otherSettings`:
    /// one is saved for the same server under other parameters (user, address, path).
    case noSnapshot(otherSettings: Bool)
    /// The server is offline (the failure) and there is no snapshot to show instead (exit 3).
    indirect case offlineWithoutSnapshot(Failure, otherSettings: Bool)
    /// The snapshot lacks fields this view needs (`serverOffline`: exit 3, else 1).
    case snapshotLacksFields([String], savedAt: Int64, serverOffline: Bool)
    /// A removal in batches failed after `removed` of `total` torrents were removed (the failure's status).
    indirect case removalInterrupted(Failure, removed: Int, total: Int)
    /// `credentials set`: the check with the new password failed (the failure's status); nothing was stored.
    indirect case passwordNotChecked(Failure)
    /// `add` of several arguments: `succeeded` of `total` worked; the others failed (the worst status).
    case partialAdd(succeeded: Int, total: Int, failed: [FailedArgument])
    /// `port-test`: the daemon could not test the port on any family (it could not reach the
    /// port-checking service, or refused the test); the daemon's words for each. Never "closed" (exit 6).
    case portNotTested([PortTestResult])
    /// The daemon could not fetch a URL itself (`add URL`, `blocklist update`): the daemon's refusal,
    /// read (exit 6, as the refusal was). `server`: the saved server, for the command that changes
    /// the blocklist URL.
    case daemonCouldNotFetch(DaemonFetchFailure, server: String?)
    /// `add --skip/--only`: no files chosen (`fileListLate`: exit 1, the others exit 2).
    case addFileChoice(AddFileChoiceProblem)
}

/// A destructive change that is confirmed first.
public enum Confirmation: Sendable, Equatable {
    /// `trust unpin` without --spki: every pin.
    case removeAllPins(count: Int)
    /// `trust forget`: everything.
    case forgetTrust
    /// `trust forget --accepted|--ca-file|--pins`: these parts only.
    case forgetTrustParts(TrustParts)
    /// `trust ca`, `trust pin`, `connect --ca-file|--pin` on a server with an accepted certificate, which
    /// would otherwise keep deciding first: it is replaced (`--replace-accepted` without a terminal).
    case replaceAccepted(CertificateFingerprint, with: TrustReplacement)
    /// `servers remove NAME`.
    case removeServer(name: String, url: String)
    /// `connect URL --name NAME` for a saved server at another URL.
    case repointServer(name: String, from: String, to: String)
    /// `remove IDS` (the data stays).
    case removeTorrents(count: Int)
    /// `remove IDS --delete-data`: `bytes` of data on the server.
    case deleteTorrentData(count: Int, bytes: Int)
}

/// What replaces an accepted certificate.
public enum TrustReplacement: Sendable, Equatable {
    case caFile(String)
    /// The pins to add (a spare key's among them when `spare`).
    case pins([SPKIPin], spare: Bool = false)
}

/// Parts of one identity's stored trust, for `trust forget --accepted|--ca-file|--pins`.
public struct TrustParts: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let pins = TrustParts(rawValue: 1)
    public static let accepted = TrustParts(rawValue: 2)
    public static let caFile = TrustParts(rawValue: 4)
    public static let plainHTTP = TrustParts(rawValue: 8)
    public static let all: TrustParts = [.pins, .accepted, .caFile, .plainHTTP]

    /// The parts of `trust` that hold something.
    public init(present trust: ServerTrust) {
        self = []
        if !trust.pins.isEmpty { insert(.pins) }
        if trust.accepted != nil { insert(.accepted) }
        if trust.caFile != nil { insert(.caFile) }
        if trust.httpAcknowledged { insert(.plainHTTP) }
    }

    /// `trust` without these parts.
    public func removed(from trust: ServerTrust) -> ServerTrust {
        var trust = trust
        if contains(.pins) { trust.pins = [] }
        if contains(.accepted) { trust.accepted = nil }
        if contains(.caFile) { trust.caFile = nil }
        if contains(.plainHTTP) { trust.httpAcknowledged = false }
        return trust
    }
}

/// What a `trust` change needs a certificate for.
public enum CertificateChange: Sendable, Equatable {
    case accept, pin, caFile
}

/// What was left alone when the keyring refused.
public enum KeyringConsequence: Sendable, Equatable {
    /// `credentials set`: nothing was stored.
    case nothingStored
    /// `servers remove`: nothing was removed (--keep-password would skip the keyring).
    case serverKept
}

/// One argument of `add` that failed, and why.
public struct FailedArgument: Sendable, Equatable {
    /// The argument as given (a file, a magnet link, a URL).
    public var argument: String
    /// Why it was not added.
    public var failure: Failure

    public init(_ argument: String, _ failure: Failure) { (self.argument, self.failure) = (argument, failure) }
}
