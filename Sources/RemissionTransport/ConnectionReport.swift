import RemissionTrust

/// Milliseconds at which each step of the last exchange finished, measured from its start.
/// A step that was not reached is nil. Our own callbacks stamp these, because libcurl reports 0
/// for CONNECT after a TLS failure or a timeout even though TCP connected.
public struct StepTimings: Sendable, Equatable {
    public var dns: Double?
    public var tcp: Double?
    public var tls: Double?
    public var firstByte: Double?
    public var total: Double?

    public init(
        dns: Double? = nil, tcp: Double? = nil, tls: Double? = nil, firstByte: Double? = nil, total: Double? = nil
    ) {
        self.dns = dns
        self.tcp = tcp
        self.tls = tls
        self.firstByte = firstByte
        self.total = total
    }
}

/// What the TLS handshake of a new connection showed.
public struct TLSReport: Sendable, Equatable {
    /// "TLSv1.3", "TLSv1.2"; nil when the handshake did not finish.
    public var protocolVersion: String?
    public var cipher: String?
    /// The presented chain and every problem found; nil when no certificate was seen.
    public var chain: PresentedChain?
    /// The decision our policy took inside the handshake.
    public var decision: TrustDecision?
    /// The server asked for a client certificate (mutual TLS), and whether ours was sent.
    public var clientCertificateRequested: Bool
    public var clientCertificateOffered: Bool

    public init(
        protocolVersion: String? = nil, cipher: String? = nil, chain: PresentedChain? = nil,
        decision: TrustDecision? = nil, clientCertificateRequested: Bool = false, clientCertificateOffered: Bool = false
    ) {
        self.clientCertificateRequested = clientCertificateRequested
        self.clientCertificateOffered = clientCertificateOffered
        self.protocolVersion = protocolVersion
        self.cipher = cipher
        self.chain = chain
        self.decision = decision
    }
}

/// Diagnosis of the most recent `send` or `probe`: timings, the remote address, and the TLS facts
/// if a new TLS connection was made (a reused connection has no new handshake to report).
public struct ConnectionReport: Sendable, Equatable {
    public var timings: StepTimings
    public var remoteAddress: String?
    /// The addresses tried before `remoteAddress` answered (Happy Eyeballs), in the order started.
    public var passedOver: [PassedOverAddress] = []
    /// Our side's TCP port, to find this connection in a server's logs.
    public var localPort: Int?
    public var reusedConnection: Bool
    public var tls: TLSReport?
    /// The proxy the exchange went through (its URL without credentials), and an `https://`
    /// proxy's own TLS facts and decision.
    public var proxy: ProxyReport?
    /// The ssh channel or unix socket the exchange went through; nil: direct TCP (or a proxy).
    public var route: RouteReport?

    public init(
        timings: StepTimings = StepTimings(), remoteAddress: String? = nil, localPort: Int? = nil,
        reusedConnection: Bool = false,
        tls: TLSReport? = nil
    ) {
        self.timings = timings
        self.remoteAddress = remoteAddress
        self.localPort = localPort
        self.reusedConnection = reusedConnection
        self.tls = tls
    }
}

/// An address tried before the one that connected: it failed, or it had not answered when another
/// did and was given up.
public struct PassedOverAddress: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// The system's reason ("Connection refused", "Network is unreachable").
        case failed(String)
        /// No answer in this many milliseconds, when another address connected.
        case noAnswer(milliseconds: Double)
    }

    /// The numeric address.
    public var address: String
    public var outcome: Outcome

    public init(address: String, outcome: Outcome) {
        self.address = address
        self.outcome = outcome
    }
}

/// The proxy of an exchange, as `check`'s proxy step shows it.
public struct ProxyReport: Sendable, Equatable {
    public var url: String
    public var tls: TLSReport?

    public init(url: String, tls: TLSReport? = nil) {
        self.url = url
        self.tls = tls
    }
}
