import RemissionCredentials
import RemissionModel
import RemissionRPC
import RemissionStorage
import RemissionTransport
import RemissionTrust

/// Why a command did not succeed: the one failure vocabulary of Remission.
///
/// Every module error reaches the user as a `Failure`. Its exit status (`status`), the check step it
/// belongs to (`step`) and whether trying again may help (`isTransient`) are decided here, once, by
/// exhaustive switches; its words are decided once too, by the view layer (`FailureText`). So the
/// same fault gives the same exit code and the same words from every command.
public struct Failure: Error, Sendable, Equatable {
    public var cause: Cause
    /// The server the command talked to (its saved name, or its URL when not saved), if any.
    public var server: String?
    /// For a server that is not saved (`server` is its URL): the options this command was given that
    /// decide how it is reached and trusted (`--tls-name`, `--ca-file`, `--pin`,
    /// `--accept-fingerprint`), as command-line words, so that a hint naming another command
    /// (`remission connect URL … --user NAME`) carries them and works. Empty for a saved server.
    public var unsavedOptions: [String] = []

    public init(_ cause: Cause, server: String? = nil) {
        self.cause = cause
        self.server = server
    }

    public enum Cause: Sendable, Equatable {
        /// No HTTP answer: DNS, TCP, a proxy, TLS, the trust policy.
        case transport(TransportError)
        /// HTTP 401. `user` is the name that was sent (nil: none); `passwordSource` where its password came from.
        case unauthorized(user: String?, passwordSource: PasswordSource)
        /// HTTP 403: not in the daemon's rpc-whitelist (or locked out); the server's words, if short.
        case forbidden(detail: String?)
        /// HTTP 421: the host name is not in the daemon's rpc-host-whitelist.
        case misdirected(detail: String?)
        /// The 409 session handshake does not converge (a proxy drops X-Transmission-Session-Id).
        case sessionHandshakeLoop(HandshakeLoopReason)
        /// An authentication gateway answered instead of Transmission (a login redirect or page).
        case authenticationGateway(AuthenticationGateway)
        /// Any other HTTP status; 502/503/504 mean the daemon behind a proxy is down.
        case httpStatus(Int, snippet: String)
        /// Transmission answered but refused the call (classic `result`, JSON-RPC `error.message`).
        case rpcRefused(String)
        /// The reply is not Transmission's JSON; `offset` is where parsing stopped.
        case malformedReply(detail: String, offset: Int?)
        /// The reply ended early, after `bytes` bytes.
        case truncatedReply(bytes: Int)
        /// A reply of `bytes` bytes whose values would take more than `memoryLimit` bytes to hold.
        case replyTooLarge(bytes: Int, memoryLimit: Int)
        /// The server's rpc-version is older than Remission speaks.
        case unsupportedVersion(found: Int, minimum: Int)
        /// An option or a command asks for what the server's Transmission lacks. Nothing was sent for it.
        case needsNewerServer(NewerServerNeed)
        /// The client certificate (mutual TLS): required, refused by the server, or unusable here.
        case clientCertificate(ClientCertificateProblem)
        /// The Secret Service keyring could not be used.
        case keyring(KeyringError)
        /// A keyring item could not be named (no host, no user, NUL).
        case credentialKey(CredentialKeyError)
        /// servers.json: unknown name, invalid name, duplicate, unreadable.
        case profile(ProfileError)
        /// A Remission file could not be read or written.
        case storage(StorageError)
        /// The offline snapshot could not be written or read.
        case snapshot(SnapshotError)
        /// A server URL that could not be understood.
        case endpoint(EndpointParseError)
        /// A fingerprint or pin typed by the user that could not be understood.
        case trustInput(TrustInputError)
        /// A proxy URL (`--proxy`, or a saved server's) that could not be understood.
        case proxyInput(ProxyParseError)
        /// A gateway header (`connect --header`) refused, or a saved secret one without its value.
        case gatewayHeader(GatewayHeaderProblem)
        /// An IDS argument that could not be understood.
        case selection(TorrentSelectionError)
        /// Input the use cases refuse before talking to anyone.
        case input(InputProblem)
        /// An argument of `add` that cannot be sent (no such file, not a .torrent, too large…).
        case addSource(AddSourceProblem)
        /// `connect` stopped before saving anything: a refused or declined decision.
        case onboarding(OnboardingProblem)
        /// Standard output could not be written (a full disk, a closed pipe): `errno`.
        case outputFailed(errno: Int32)
        /// A torrent list named only torrents the server does not have.
        case noSuchTorrents([TorrentReference])
        /// FILE-INDEXES of `files` that could not be understood or are out of range.
        case fileIndexes(FileIndexesError)
        /// `move`, `rename`, `trackers`, `queue`: a tracker or path the torrent lacks, a daemon too old.
        case torrentEdit(TorrentEditProblem)
        /// An outcome of one command: a declined confirmation, a refused change, a partial batch.
        case local(LocalProblem)
    }
}

/// Input refused before any request: wrong combinations of flags, files and environment.
public enum InputProblem: Sendable, Equatable {
    /// `--password-stdin` without any user name (no --user, none saved, none in TR_AUTH).
    case passwordStdinNeedsUser
    /// `--password-stdin` read nothing.
    case passwordStdinEmpty
    /// TR_AUTH names another user than the one given or saved.
    case trAuthUserMismatch(environment: String, server: String)
    /// `--netrc-file`/`$NETRC`/`~/.netrc` does not exist.
    case netrcMissing(path: String)
    /// The netrc file exists but cannot be read.
    case netrcUnreadable(path: String, error: StorageError)
    /// No server named and no default server; `saved` lists the saved names.
    case noDefaultServer(saved: [String])
    /// A bare `host[:port]` (not a saved name) that would mean plain HTTP to another host, not
    /// acknowledged: it is answered with the URL it would be, never used unasked.
    case bareHostPlainHTTP(text: String, url: String)
    /// `--via` that is not `ssh://[user@]host[:port]` (or would be read by ssh as an option).
    case invalidSSHDestination(text: String, SSHDestinationError)
    /// Two routes given at once (`--via` and `--unix-socket`, or either and `--proxy`).
    case routeConflict(first: String, second: String)
    /// A URL (or address) several saved servers have (through other routes, or saved twice): each
    /// server's name and its route (`RouteIdentity.text`, nil for direct), in file order. Never one
    /// picked silently.
    case ambiguousServer(text: String, servers: [SavedRoute])
}

/// A saved server's name and the route it goes by (`ssh://host`, `unix:PATH`; nil: direct or proxied).
public struct SavedRoute: Sendable, Equatable {
    public var name: String
    public var route: String?

    public init(_ name: String, _ route: String?) { (self.name, self.route) = (name, route) }
}

extension Failure {
    /// An RPC client error for `server`, with the credentials that were sent (for 401).
    public init(_ error: RPCError, server: String?, user: String?, passwordSource: PasswordSource) {
        let cause: Cause =
            switch error {
            case .transport(.clientCertificateRefused(let offered, let alert)):
                .clientCertificate(.refused(offered: offered, alert: alert))
            case .transport(let transport): .transport(transport)
            case .unauthorized(let sent): .unauthorized(user: sent ?? user, passwordSource: passwordSource)
            case .forbidden(let detail): .forbidden(detail: detail)
            case .misdirected(let detail): .misdirected(detail: detail)
            case .sessionHandshakeLoop(let reason): .sessionHandshakeLoop(reason)
            case .http(let status, let snippet):
                Self.nginxClientCertificateProblem(status: status, snippet: snippet)
                    ?? .httpStatus(status, snippet: snippet)
            case .gateway(let gateway): .authenticationGateway(gateway)
            case .rpcFailure(let message): .rpcRefused(message)
            case .malformed(let detail, let offset): .malformedReply(detail: detail, offset: offset)
            case .truncated(let offset): .truncatedReply(bytes: offset)
            case .replyTooLarge(let bytes, let limit): .replyTooLarge(bytes: bytes, memoryLimit: limit)
            case .unsupportedVersion(let found, let minimum): .unsupportedVersion(found: found, minimum: minimum)
            }
        self.init(cause, server: server)
    }

    /// nginx's answers to a missing or refused client certificate (`ssl_verify_client on`): it
    /// completes the handshake and answers 400 with these titles instead of a TLS alert.
    static func nginxClientCertificateProblem(status: Int, snippet: String) -> Cause? {
        guard status == 400 else { return nil }
        if snippet.contains("No required SSL certificate was sent") { return .clientCertificate(.required(url: nil)) }
        if snippet.contains("The SSL certificate error") { return .clientCertificate(.rejected(alert: nil)) }
        return nil
    }

    /// PRODUCT.md §1, the one mapping from failure to exit code.
    public var status: ExitStatus {
        switch cause {
        case .transport(let error):
            switch error {
            case .dns, .refused, .unreachable, .timeout: return .offline
            case .trustRefused: return .trustRefused
            case .clientCertificateRefused: return .clientCertificate
            case .proxy(let failure): return Self.status(failure)
            case .route(let failure): return Self.status(failure)
            case .tlsHandshake, .connection, .responseTooLarge, .caFile, .other: return .failure
            }
        case .httpStatus(let status, _): return RPCError.isGatewayStatus(status) ? .offline : .failure
        case .unauthorized, .authenticationGateway: return .authentication
        case .clientCertificate: return .clientCertificate
        case .forbidden, .misdirected, .sessionHandshakeLoop, .rpcRefused, .unsupportedVersion, .needsNewerServer:
            return .serverRefused
        case .malformedReply, .truncatedReply, .replyTooLarge: return .failure
        case .keyring(let error): return error == .passwordContainsNul ? .usage : .keyring
        case .credentialKey, .endpoint, .trustInput, .selection, .proxyInput: return .usage
        case .gatewayHeader(let problem):
            if case .notInKeyring = problem { return .keyring }
            return .usage
        case .profile(let error):
            switch error {
            case .notFound, .invalidName, .alreadyExists: return .usage
            case .invalidProfile, .storage: return .failure
            }
        case .storage, .snapshot: return .failure
        case .input(let problem):
            switch problem {
            case .netrcUnreadable: return .failure
            case .passwordStdinNeedsUser, .passwordStdinEmpty, .trAuthUserMismatch, .netrcMissing, .noDefaultServer,
                .bareHostPlainHTTP, .invalidSSHDestination, .routeConflict, .ambiguousServer:
                return .usage
            }
        case .addSource(let problem):
            if case .unreadable = problem { return .failure }
            return .usage
        case .onboarding(let problem):
            switch problem {
            case .invalidName: return .usage
            case .fingerprintMismatch, .certificateNotTrusted, .plainHTTPNotAllowed, .declined: return .trustRefused
            case .passwordNotStored(let error): return Failure(.keyring(error)).status
            }
        case .noSuchTorrents, .outputFailed: return .failure
        case .fileIndexes: return .usage
        case .torrentEdit(let problem): return problem.status
        case .local(let problem): return problem.status
        }
    }

    /// The step of `check` (dns → tcp → proxy → tls → http → auth → rpc) where this failure stops a request;
    /// nil for failures that happen before any request.
    public var step: CheckStepName? {
        switch cause {
        case .transport(let error):
            switch error {
            case .dns: return .dns
            case .refused, .unreachable: return .tcp
            case .timeout(let phase, _):
                switch phase {
                case .connect: return .tcp
                case .proxyHandshake, .proxyTunnel: return .proxy
                case .tlsHandshake: return .tls
                case .request, .response, .commandDeadline: return .http
                }
            case .trustRefused, .tlsHandshake, .caFile, .clientCertificateRefused: return .tls
            case .proxy: return .proxy
            case .route(.ssh): return .ssh
            case .route(.unixSocket): return .tcp
            case .connection, .responseTooLarge, .other: return .http
            }
        case .forbidden, .misdirected, .sessionHandshakeLoop, .httpStatus, .authenticationGateway: return .http
        case .unauthorized: return .auth
        case .clientCertificate: return .tls
        case .rpcRefused, .unsupportedVersion, .needsNewerServer, .malformedReply, .truncatedReply, .replyTooLarge:
            return .rpc
        case .onboarding(.certificateNotTrusted), .onboarding(.fingerprintMismatch): return .tls
        case .keyring, .credentialKey, .profile, .storage, .snapshot, .endpoint, .trustInput, .proxyInput, .selection,
            .input, .gatewayHeader,
            .addSource, .onboarding, .noSuchTorrents, .outputFailed, .fileIndexes, .torrentEdit, .local:
            return nil
        }
    }

    /// A proxy's failure: unreachable or a tunnel refused with 502/503/504 (or by SOCKS) is offline,
    /// like a gateway's 502; 407 is authentication; an untrusted https proxy is a trust refusal.
    static func status(_ failure: ProxyFailure) -> ExitStatus {
        switch failure {
        case .unreachable: return .offline
        case .tunnelRefused(_, let status?, _): return RPCError.isGatewayStatus(status) ? .offline : .serverRefused
        case .tunnelRefused(_, nil, _): return .offline
        case .authenticationRequired: return .authentication
        case .untrusted: return .trustRefused
        case .handshake, .malformedAnswer: return .failure
        case .socks(_, let reply):
            if reply.wantsCredentials { return .authentication }
            return reply.serverUnreachable ? .offline : .serverRefused
        }
    }

    /// Whether the same request may succeed if sent again shortly: the RPC client's retry rule
    /// (`RPCError.isTransient`), the only one.
    public var isTransient: Bool {
        switch cause {
        case .transport(let error): return RPCError.transport(error).isTransient
        case .httpStatus(let status, let snippet): return RPCError.http(status: status, snippet: snippet).isTransient
        default: return false
        }
    }

    /// Whether the trust policy refused the server's certificate (the case that shows the chain).
    public var trustRefusal: (decision: TrustDecision, chain: PresentedChain)? {
        if case .transport(.trustRefused(let decision, let chain)) = cause { return (decision, chain) }
        return nil
    }
}

extension LocalProblem {
    /// PRODUCT.md §1 for the command-local outcomes, part of `Failure.status`.
    var status: ExitStatus {
        switch self {
        case .confirmationNeedsTerminal, .deleteDataNeedsTerminal, .noCertificate, .noPlainHTTPWarning,
            .acceptNeedsTerminal, .caFileUnusable, .caFileNotRoot,
            .noUserForPassword, .passwordNeedsTerminal, .noPasswordGiven, .passwordsDiffer, .watchNeedsTerminal:
            return .usage
        case .declined, .noCertificatePresented, .notPinned, .trustNotChanged, .noSnapshot, .backupKeyNotGenerated,
            .backupKeyNotWritten, .backupWouldLockOut, .keyNotPresented:
            return .failure
        case .probeFailed(let error, _, _):
            switch error {
            case .dns, .refused, .unreachable, .timeout: return .offline
            case .trustRefused, .tlsHandshake, .connection, .caFile, .responseTooLarge,
                .other, .clientCertificateRefused:
                return .failure
            case .proxy(let failure): return Failure.status(failure)
            case .route(let failure): return Failure.status(failure)
            }
        case .fingerprintNotPresented, .certificateDeclined, .typedFingerprintMismatch, .presentedKeyUnproven:
            return .trustRefused
        case .keyringNotChanged(let error, _): return Failure(.keyring(error)).status
        case .offlineWithoutSnapshot: return .offline
        case .snapshotLacksFields(_, _, let serverOffline): return serverOffline ? .offline : .failure
        case .removalInterrupted(let failure, _, _): return failure.status
        case .passwordNotChecked(let failure): return failure.status
        case .partialAdd(_, _, let failed): return ExitStatus.worst(failed.map(\.failure.status))
        case .portNotTested, .daemonCouldNotFetch: return .serverRefused
        case .addFileChoice(.fileListLate): return .failure
        case .addFileChoice: return .usage
        }
    }
}

/// The steps of a connection check, in the order a request meets them.
public enum CheckStepName: String, Sendable, CaseIterable, Codable {
    /// `proxy` is shown only when the request goes through one, `ssh` only through an ssh channel
    /// (which stands for dns and tcp: ssh does them).
    case dns, tcp, proxy, ssh, tls, http, auth, rpc
}

/// Where the password used by a request came from, as `check` and 401 messages report it.
public enum PasswordSource: Sendable, Equatable {
    /// No password was given at all.
    case none
    case standardInput
    case environment
    case netrc(path: String)
    case keyring
    case prompt
}
