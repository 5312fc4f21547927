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
public struct ServerTarget: Sendable {
    /// The saved name, or the URL when the server is not saved.
    public var label: String
    public var endpoint: ServerEndpoint
    public var trust: ServerTrust
    public var credentials: BasicCredentials?
    public var passwordSource: PasswordSource
    /// The saved profile, when the server is saved.
    public var profile: ServerProfile?
    /// The client certificate offered to this server once it is trusted (mutual TLS), loaded.
    public var clientIdentity: ClientIdentity?
    /// The way to the daemon: direct, a proxy, the saved ssh channel or unix socket
    /// (`SessionContext.route`).
    public var route: Route = .direct
    /// Where a proxy route came from (`--proxy` or saved, or the environment); nil without one.
    public var proxySource: ProxySource?
    /// The name the certificate must cover and SNI carries, when not the URL's host (`--tls-name`).
    public var tlsName: String?
    /// An authentication gateway's headers (`connect --header`), secret values from the keyring.
    public var headers: [GatewayHeader] = []
    /// For a server that is not saved: the trust options given for it, as command-line words
    /// (`TrustOverrides.words`), which its failures carry for their hints (`Failure.unsavedOptions`).
    public var unsavedOptions: [String] = []

    public init(
        label: String, endpoint: ServerEndpoint, trust: ServerTrust, credentials: BasicCredentials?,
        passwordSource: PasswordSource, profile: ServerProfile? = nil, clientIdentity: ClientIdentity? = nil
    ) {
        self.clientIdentity = clientIdentity
        self.label = label
        self.endpoint = endpoint
        self.trust = trust
        self.credentials = credentials
        self.passwordSource = passwordSource
        self.profile = profile
    }

    /// Who the server is for its trust and keyring items: its address and its route's part.
    public var identity: ServerIdentity { ServerIdentity(endpoint, route: route.identity) }

    /// A failure of a request to this server, with the credentials that were sent.
    public func failure(_ error: RPCError) -> Failure {
        var failure = Failure(
            error, server: label, user: credentials?.user,
            passwordSource: credentials == nil ? .none : passwordSource)
        if case .clientCertificate(.required) = failure.cause {
            failure.cause = .clientCertificate(.required(url: endpoint.url))
        }
        if case .authenticationGateway(var gateway) = failure.cause {
            gateway.serverURL = endpoint.url  // for a hint that names it
            failure.cause = .authenticationGateway(gateway)
        }
        failure.unsavedOptions = unsavedOptions
        return failure
    }

    /// A failure with `cause` for this server (a transport error before any request).
    public func failure(cause: Failure.Cause) -> Failure {
        var failure = Failure(cause, server: label)
        failure.unsavedOptions = unsavedOptions
        return failure
    }
}

/// Everything one check observed: the input of the view's pure `CheckReport.build`.
public struct CheckObservation: Sendable {
    public var server: String
    public var endpoint: ServerEndpoint
    public var connection: ConnectionReport
    public var user: String?
    public var passwordSource: PasswordSource
    public var httpAcknowledged: Bool
    public var sawSessionHandshake: Bool
    public var outcome: Result<ServerInfo, Failure>
    /// Unix seconds, for "days left".
    public var now: Int64
    /// The client certificate configured for the server, if any (its expiry is shown like the server's).
    public var clientCertificate: CertificateFacts?
    /// The proxy the check went through (URL without credentials) and where it came from.
    public var proxy: (url: String, source: ProxySource)?
    /// The ssh channel or unix socket the check went through; nil: TCP.
    public var route: RouteReport.Kind?

    public init(
        server: String, endpoint: ServerEndpoint, connection: ConnectionReport, user: String?,
        passwordSource: PasswordSource, httpAcknowledged: Bool, sawSessionHandshake: Bool,
        outcome: Result<ServerInfo, Failure>, now: Int64
    ) {
        self.server = server
        self.endpoint = endpoint
        self.connection = connection
        self.user = user
        self.passwordSource = passwordSource
        self.httpAcknowledged = httpAcknowledged
        self.sawSessionHandshake = sawSessionHandshake
        self.outcome = outcome
        self.now = now
        self.clientCertificate = nil
        self.proxy = nil
    }

    public var failure: Failure? {
        if case .failure(let failure) = outcome { return failure }
        return nil
    }
}

/// Runs one `check`: one connection, trust decided in the handshake, session-get; returns what it saw.
public struct ConnectionCheck {
    public var target: ServerTarget
    public var options: TransportOptions
    public var logger: Logger
    /// Where the check's record goes, as soon as it is over (nil: nowhere).
    public var journal: DiagnosticsJournal?

    public init(target: ServerTarget, options: TransportOptions, logger: Logger, journal: DiagnosticsJournal? = nil) {
        self.target = target
        self.options = options
        self.logger = logger
        self.journal = journal
    }

    public func run(now: Int64) -> CheckObservation {
        var connection = ConnectionReport()
        var sawHandshake = false
        let outcome: Result<ServerInfo, Failure>
        do {
            let transport = try makeTransport(target, options: options)
            let client = RPCClient(
                transport: transport, credentials: target.credentials, retryPolicy: .none, logger: logger)
            client.gatewayHeaders = target.headers
            client.deadline = client.deadline(inSeconds: options.timeoutSeconds)
            let started = client.clock.monotonicMilliseconds
            let reported = client.reporting { client throws(RPCError) in try client.serverInfo() }
            connection = reported.report.connection ?? ConnectionReport()
            connection.timings.total = client.clock.monotonicMilliseconds - started
            outcome = reported.result.mapError { target.failure($0) }
            sawHandshake = reported.report.sawHandshake
        } catch {
            outcome = .failure(target.failure(cause: .transport(error)))
        }
        var observation = CheckObservation(
            server: target.label, endpoint: target.endpoint, connection: connection,
            user: target.credentials?.user, passwordSource: target.passwordSource,
            httpAcknowledged: target.trust.httpAcknowledged, sawSessionHandshake: sawHandshake,
            outcome: outcome, now: now)
        observation.clientCertificate = target.clientIdentity?.facts
        if let proxy = target.route.proxy, let source = target.proxySource {
            observation.proxy = (proxy.endpoint.url, source)
        }
        observation.route = target.route.reportKind(to: target.endpoint)
        journal?.record(observation)
        return observation
    }
}

/// The transport for a target, with the trust policy evaluated inside the handshake. The policy
/// says whether the system CA store can decide (`TrustPolicy.consultsSystemStore`). One engine for
/// every route: the target's proxy, if any, is the route `SocketTransport` opens.
public func makeTransport(_ target: ServerTarget, options: TransportOptions) throws(TransportError)
    -> any ServerTransport
{
    let policy = TrustPolicy(trust: target.trust)
    var options = options
    options.route = target.route
    options.tlsName = target.tlsName
    return try SocketTransport(
        endpoint: target.endpoint, caFile: target.trust.caFile, options: options,
        clientIdentity: target.clientIdentity, policy: policy)
}

/// Connects to a target and completes the TLS handshake without a request (`trust show`, first
/// contact): the report, also when the policy refused the chain, or why there was none.
public func probeServer(_ target: ServerTarget, options: TransportOptions) throws(TransportError) -> ConnectionReport {
    let transport = try makeTransport(target, options: options)
    do { return try transport.probe() } catch { throw error.error }
}

/// The wall clock's Unix seconds for the commands (`SystemClock().now`; views take `now` as a value).
public func currentUnixTime() -> Int64 { SystemClock().now }
