import Logging
import RemissionModel
import RemissionRPC
import RemissionStorage
import RemissionTransport
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// A server as one command sees it: where it is, the trust that applies, and the credentials to send.
struct ServerTarget: Sendable {
    /// The saved name, or the URL when the server is not saved.
    var label: String
    var endpoint: ServerEndpoint
    var trust: ServerTrust
    var credentials: BasicCredentials?
    var passwordSource: PasswordSource
    /// The saved profile, when the server is saved.
    var profile: ServerProfile?
}

/// Runs one `check`: one connection, trust decided in the handshake, session-get, then the report.
struct ConnectionCheck {
    var target: ServerTarget
    var options: TransportOptions
    var logger: Logger

    func run(now: Int64) -> CheckReport {
        var connection = ConnectionReport()
        var sawHandshake = false
        let outcome: Result<ServerInfo, CheckFailureBox>
        do {
            let transport = try makeTransport(target, options: options)
            let client = RPCClient(
                transport: transport, credentials: target.credentials, retryPolicy: .none, logger: logger)
            let started = monotonicMilliseconds()
            defer {
                connection = transport.lastConnectionOpening ?? transport.lastReport
                connection.timings.total = monotonicMilliseconds() - started
            }
            do {
                let info = try client.serverInfo()
                outcome = .success(info)
            } catch {
                outcome = .failure(
                    CheckFailureBox(
                        CheckFailure(error, passwordSource: target.credentials == nil ? nil : target.passwordSource)))
            }
            sawHandshake = client.sessionId != nil
        } catch {
            outcome = .failure(CheckFailureBox(.transport(error)))
        }
        return CheckReport.build(
            CheckObservation(
                server: target.label, endpoint: target.endpoint, connection: connection,
                user: target.credentials?.user, passwordSource: target.passwordSource,
                httpAcknowledged: target.trust.httpAcknowledged, sawSessionHandshake: sawHandshake,
                outcome: outcome, now: now))
    }
}

/// Loads libcurl before a check, so that a missing one is one clear message (exit 1) rather than a
/// report of connection steps that were never tried.
func requireHTTPEngine() throws {
    do { try CurlLibrary.load() } catch {
        throw CommandFailure(RPCError.transport(error).description, status: .failure)
    }
}

/// The transport for a target, with the trust policy evaluated inside the handshake.
func makeTransport(_ target: ServerTarget, options: TransportOptions) throws(TransportError) -> CurlTransport {
    let policy = TrustPolicy(trust: target.trust)
    let systemStoreDecides = target.trust.pins.isEmpty && target.trust.accepted == nil
    return try CurlTransport(
        endpoint: target.endpoint, caFile: target.trust.caFile, options: options, systemStoreDecides: systemStoreDecides
    ) { chain in
        policy.evaluate(chain)
    }
}

extension CheckFailure {
    init(_ error: RPCError, passwordSource: PasswordSource?) {
        switch error {
        case .unauthorized: self = .unauthorized(passwordSource: passwordSource.map { "\($0)" })
        case .forbidden(let detail): self = .forbidden(detail: detail ?? "")
        case .misdirected: self = .misdirected
        case .sessionHandshakeLoop: self = .sessionHandshakeLoop
        case .http(let status, let snippet): self = .httpStatus(status, detail: snippet)
        case .rpcFailure(let message): self = .rpcError(message)
        case .malformed(let detail, _): self = .malformedResponse(detail)
        case .truncated(let offset): self = .malformedResponse("the answer ended after \(offset) bytes")
        case .unsupportedVersion(let found, let minimum): self = .unsupportedVersion(found: found, minimum: minimum)
        case .transport(let transportError): self = .transport(transportError)
        }
    }
}

func currentUnixTime() -> Int64 { Int64(time(nil)) }
