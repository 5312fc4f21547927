import RemissionTransport
import RemissionTrust

extension Failure {
    /// The failure a command-local outcome stands for (an offline list without a snapshot, an
    /// interrupted removal, a password that could not be checked), else this one.
    public var underlying: Failure {
        guard case .local(let problem) = cause else { return self }
        switch problem {
        case .offlineWithoutSnapshot(let failure, _), .removalInterrupted(let failure, _, _),
            .passwordNotChecked(let failure):
            return failure.underlying
        case .partialAdd(_, _, let failed):
            return failed.first.map { $0.failure.underlying } ?? self
        default:
            return self
        }
    }

    /// A stable name of the failure's kind, for the diagnostics log (what scripts and `remission log
    /// --json` read; never worded for people, never translated).
    public var diagnosticClass: String {
        switch underlying.cause {
        case .transport(let error): Self.diagnosticClass(error)
        case .unauthorized: "unauthorized"
        case .forbidden: "forbidden"
        case .misdirected: "misdirected"
        case .sessionHandshakeLoop: "session-handshake-loop"
        case .authenticationGateway: "authentication-gateway"
        case .httpStatus(let status, _): "http-\(status)"
        case .rpcRefused: "rpc-refused"
        case .malformedReply: "malformed-reply"
        case .truncatedReply: "truncated-reply"
        case .replyTooLarge: "reply-too-large"
        case .unsupportedVersion: "unsupported-version"
        case .needsNewerServer: "needs-newer-server"
        case .keyring: "keyring"
        case .credentialKey: "credential-key"
        case .profile: "profile"
        case .storage: "storage"
        case .snapshot: "snapshot"
        case .endpoint: "endpoint"
        case .trustInput: "trust-input"
        case .selection: "selection"
        case .input: "input"
        case .addSource: "add-source"
        case .onboarding: "onboarding"
        case .outputFailed: "output"
        case .noSuchTorrents: "no-such-torrents"
        case .fileIndexes: "file-indexes"
        case .torrentEdit: "torrent-edit"
        case .local: "local"
        case .clientCertificate(.required): "client-certificate-required"
        case .clientCertificate(.rejected): "client-certificate-rejected"
        case .clientCertificate(.unusable): "client-certificate-unusable"
        case .proxyInput: "proxy-input"
        case .gatewayHeader: "gateway-header"
        }
    }

    private static func diagnosticClass(_ error: TransportError) -> String {
        switch error {
        case .dns: "dns"
        case .refused: "refused"
        case .unreachable: "unreachable"
        case .timeout: "timeout"
        case .trustRefused(.refused(let problems), _):
            problems.contains { if case .certificateChanged = $0 { true } else { false } }
                ? "certificate-changed" : "untrusted"
        case .trustRefused: "untrusted"
        case .tlsHandshake: "tls-handshake"
        case .connection: "connection"
        case .responseTooLarge: "response-too-large"
        case .caFile: "ca-file"
        case .engineUnavailable: "engine-unavailable"
        case .other: "curl-error"
        case .clientCertificateRefused(let offered, _):
            offered ? "client-certificate-rejected" : "client-certificate-required"
        case .proxy(.unreachable): "proxy-unreachable"
        case .proxy(.tunnelRefused): "proxy-tunnel-refused"
        case .proxy(.authenticationRequired): "proxy-unauthorized"
        case .proxy(.untrusted): "proxy-untrusted"
        case .proxy(.handshake): "proxy-tls-handshake"
        case .route(let failure): Failure.diagnosticClass(failure)
        }
    }
}
