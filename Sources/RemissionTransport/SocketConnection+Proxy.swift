import COpenSSL
import CShims
import RemissionModel
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// A proxy as a route: its URL and, for an `https://` proxy, its own TLS context with its own
/// `HandshakeInspector` (the proxy's name, its CA file or pins, never the server's, no client
/// certificate). Made once per transport; the inspector is reset for each new connection.
final class ProxyRoute {
    let proxy: ProxyEndpoint
    let userAgent: String
    let inspector: HandshakeInspector?
    private let context: OpaquePointer?

    init(_ settings: ProxySettings, userAgent: String, environment: [String: String]) throws(TransportError) {
        proxy = settings.endpoint
        self.userAgent = userAgent
        guard settings.endpoint.scheme == .https else {
            (inspector, context) = (nil, nil)
            return
        }
        let anchors = try TrustAnchors(caFile: settings.trust.caFile, environment: environment)
        let inspector = HandshakeInspector(
            endpoint: settings.endpoint.tlsEndpoint, anchors: anchors, clientIdentity: nil,
            policy: TrustPolicy(trust: settings.trust))
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw .tlsHandshake(detail: SocketConnection.openSSLError())
        }
        inspector.configureContext(context)
        (self.inspector, self.context) = (inspector, context)
    }

    deinit { if let context { SSL_CTX_free(context) } }

    /// The proxy's TLS facts of the connection just opened, for `check`'s proxy step.
    var report: ProxyReport {
        let tls = inspector.flatMap { inspector in
            inspector.chain.map { TLSReport(chain: $0, decision: inspector.decision) }
        }
        return ProxyReport(url: proxy.url, tls: tls)
    }

    /// A connected byte stream to `endpoint` through the proxy: TCP to the proxy (Happy Eyeballs, as
    /// for a server), its TLS for an `https://` proxy, then the tunnel (HTTP CONNECT or SOCKS). The
    /// server's own TLS, if any, goes on top (`SocketConnection.handshake`, TLS inside the proxy's).
    /// Every read and write is bounded by `deadline`. Failures come out classified: the proxy's own
    /// (`TransportError.proxy`), the server's name when resolved here, a timeout at the proxy.
    func open(to endpoint: ServerEndpoint, deadline: Double, stamps: inout SocketTransport.Stamps)
        throws(TransportError) -> SocketConnection
    {
        inspector?.reset()
        let url = proxy.url
        let connection: SocketConnection
        do {
            connection = try SocketConnection.open(
                host: proxy.host, numeric: PeerName.addressBytes(proxy.host) != nil,
                localhost: proxy.tlsEndpoint.isLocalhostName, port: proxy.port, deadline: deadline,
                resolved: { stamps.resolved = $0 })
        } catch {
            throw .proxy(.unreachable(proxy: url, detail: Self.unreachableDetail(error, proxy: proxy)))
        }
        stamps.connected = SystemClock().monotonicMilliseconds
        stamps.remoteAddress = connection.remoteAddress
        stamps.passedOver = connection.passedOver
        stamps.localPort = connection.localPort
        if let context {
            do {
                let name = PeerName.addressBytes(proxy.host) == nil ? proxy.host : nil
                try connection.handshake(context: context, serverName: name, deadline: deadline)
            } catch {
                if let inspector, let decision = inspector.decision, !decision.isTrusted, let chain = inspector.chain {
                    throw .proxy(.untrusted(proxy: url, decision: decision, chain: chain))
                }
                if error == .timeout { throw Self.timeout(url, in: .proxyHandshake) }
                throw .proxy(.handshake(proxy: url, detail: Self.detail(error)))
            }
        }
        do throws(SocketFailure) {
            switch proxy.scheme {
            case .http, .https: try connectTunnel(connection, to: endpoint, deadline: deadline)
            case .socks4, .socks4a: try socks4(connection, to: endpoint, deadline: deadline)
            case .socks5, .socks5h: try socks5(connection, to: endpoint, deadline: deadline)
            }
        } catch .proxy(let failure) {
            throw .proxy(failure)
        } catch .resolve(let detail) {
            throw .dns(host: endpoint.host, detail: detail)
        } catch .timeout {
            throw Self.timeout(url, in: .proxyTunnel)
        } catch {
            throw .proxy(.tunnelRefused(proxy: url, status: nil, detail: Self.detail(error)))
        }
        stamps.tunneled = SystemClock().monotonicMilliseconds
        return connection
    }

    /// A proxy failure the tunnel step found in what the proxy said: thrown out of the socket code
    /// as `SocketFailure.proxy`, so one `catch` keeps the order of things.
    private func refuse(_ failure: ProxyFailure) -> SocketFailure { .proxy(failure) }

    private func violation(_ violation: SOCKSHandshake.Violation) -> SocketFailure {
        switch violation {
        case .wrongVersion(let expected, let got):
            .proxy(.malformedAnswer(proxy: proxy.url, detail: "version \(got) where \(expected) was due"))
        case .malformed(let detail): .proxy(.malformedAnswer(proxy: proxy.url, detail: detail))
        case .unsendable(let what):
            .proxy(.tunnelRefused(proxy: proxy.url, status: nil, detail: "\(what) cannot be sent to this proxy"))
        }
    }

    private func connectTunnel(_ connection: SocketConnection, to endpoint: ServerEndpoint, deadline: Double)
        throws(SocketFailure)
    {
        let request: [UInt8]
        do {
            request = try ProxyTunnel.connectRequest(
                host: endpoint.host, port: endpoint.port, user: proxy.user, password: proxy.password,
                userAgent: userAgent)
        } catch { throw violation(error) }
        var bytes = request
        defer { bytes.withUnsafeMutableBytes { rm_wipe($0.baseAddress, $0.count) } }
        try connection.write(bytes, deadline: deadline)
        var parser = ProxyTunnel.answerParser()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        defer { buffer.deallocate() }
        while !parser.isComplete {
            let count = try connection.read(into: buffer, deadline: deadline)
            do throws(HTTPWireError) {
                if count == 0 {
                    try parser.finish()
                } else {
                    try parser.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                }
            } catch {
                if case .malformed(let detail) = error, parser.hasStarted {
                    throw refuse(.malformedAnswer(proxy: proxy.url, detail: detail))
                }
                throw .closed
            }
        }
        if let failure = ProxyTunnel.refusal(status: parser.status, proxy: proxy.url) { throw refuse(failure) }
        if parser.unusedBytes > 0 {
            throw refuse(.malformedAnswer(proxy: proxy.url, detail: "bytes after its answer to CONNECT"))
        }
    }

    private func socks4(_ connection: SocketConnection, to endpoint: ServerEndpoint, deadline: Double)
        throws(SocketFailure)
    {
        let destination =
            proxy.scheme == .socks4a && endpoint.hostKind == .name
            ? .name(endpoint.host) : try Self.resolve(endpoint, ipv4Only: true, deadline: deadline)
        try socksExchange {
            try connection.write(
                try SOCKSHandshake.socks4Request(destination, port: endpoint.port, user: proxy.user),
                deadline: deadline)
            let outcome = try SOCKSHandshake.socks4Reply(
                try connection.readExactly(SOCKSHandshake.socks4ReplyLength, deadline: deadline))
            if case .refused(let reply) = outcome { throw refuse(.socks(proxy: proxy.url, reply: reply)) }
        }
    }

    private func socks5(_ connection: SocketConnection, to endpoint: ServerEndpoint, deadline: Double)
        throws(SocketFailure)
    {
        let destination =
            proxy.scheme == .socks5h && endpoint.hostKind == .name
            ? .name(endpoint.host) : try Self.resolve(endpoint, ipv4Only: false, deadline: deadline)
        try socksExchange {
            let offersPassword = proxy.user != nil
            try connection.write(SOCKSHandshake.socks5Greeting(offersPassword: offersPassword), deadline: deadline)
            let method = try SOCKSHandshake.socks5Choice(
                try connection.readExactly(SOCKSHandshake.socks5ChoiceLength, deadline: deadline),
                offeredPassword: offersPassword)
            switch method {
            case .noneAcceptable: throw refuse(.socks(proxy: proxy.url, reply: .noAcceptableMethod))
            case .none: break
            case .password:
                var credentials = try SOCKSHandshake.socks5Credentials(
                    user: proxy.user ?? "", password: proxy.password ?? "")
                defer { credentials.withUnsafeMutableBytes { rm_wipe($0.baseAddress, $0.count) } }
                try connection.write(credentials, deadline: deadline)
                let outcome = try SOCKSHandshake.socks5CredentialsReply(
                    try connection.readExactly(SOCKSHandshake.socks5CredentialsReplyLength, deadline: deadline))
                if case .refused(let reply) = outcome { throw refuse(.socks(proxy: proxy.url, reply: reply)) }
            }
            try connection.write(try SOCKSHandshake.socks5Request(destination, port: endpoint.port), deadline: deadline)
            var reply = try connection.readExactly(5, deadline: deadline)
            let length = try SOCKSHandshake.socks5ReplyLength(reply)
            reply += try connection.readExactly(length - reply.count, deadline: deadline)
            if case .refused(let code) = try SOCKSHandshake.socks5Reply(reply) {
                throw refuse(.socks(proxy: proxy.url, reply: code))
            }
        }
    }

    /// Runs one SOCKS exchange with the errors a connection reports: a reply that breaks the
    /// protocol is the proxy's violation, a socket failure stays itself, anything else is a close.
    private func socksExchange(_ body: () throws -> Void) throws(SocketFailure) {
        do {
            try body()
        } catch let error as SOCKSHandshake.Violation {
            throw violation(error)
        } catch let error as SocketFailure {
            throw error
        } catch {
            throw .closed
        }
    }

    /// The server's address for a SOCKS request that carries one (SOCKS4, SOCKS5): an address
    /// literal as it is, a name resolved here (`localhost` without DNS); SOCKS4 needs IPv4.
    private static func resolve(_ endpoint: ServerEndpoint, ipv4Only: Bool, deadline: Double)
        throws(SocketFailure) -> SOCKSHandshake.Destination
    {
        var candidates: [[UInt8]] = []
        if let literal = PeerName.addressBytes(endpoint.host) {
            candidates = [literal]
        } else {
            let addresses = try SocketConnection.resolve(
                host: endpoint.host, numeric: false, localhost: endpoint.isLocalhostName, port: endpoint.port,
                deadline: deadline)
            candidates = addresses.compactMap(\.addressBytes)
        }
        if let ipv4 = candidates.first(where: { $0.count == 4 }), ipv4Only || candidates.first?.count == 4 {
            return .ipv4(ipv4)
        }
        if !ipv4Only, let ipv6 = candidates.first(where: { $0.count == 16 }) { return .ipv6(ipv6) }
        throw .resolve("no IPv4 address, which SOCKS4 needs (socks4a:// or socks5h:// send the name instead)")
    }

    private static func timeout(_ url: String, in phase: TimeoutPhase) -> TransportError {
        .timeout(phase: phase, detail: "the proxy \(url) did not answer in time")
    }

    private static func unreachableDetail(_ failure: SocketFailure, proxy: ProxyEndpoint) -> String {
        switch failure {
        case .resolve(let detail): "cannot resolve \(proxy.host): \(detail)"
        case .connect(let code, let address):
            "connect to \(address) port \(proxy.port): \(String(cString: strerror(code)))"
        case .timeout: "no connection in time"
        default: detail(failure)
        }
    }

    private static func detail(_ failure: SocketFailure) -> String {
        switch failure {
        case .tls(let detail), .resolve(let detail): detail
        case .closed, .closedWithoutNotify: "the proxy closed the connection"
        case .timeout: "no answer in time"
        case .connect(let code, _), .io(let code): String(cString: strerror(code))
        case .proxy(let failure): "\(failure)"
        }
    }
}

extension SocketConnection {
    /// Exactly `count` bytes (a SOCKS reply's known length), never more: what follows belongs to
    /// the tunnel. The proxy closing first is `.closed`.
    func readExactly(_ count: Int, deadline: Double) throws(SocketFailure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { buffer.deallocate() }
        while filled < count {
            let read = try self.read(
                into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), deadline: deadline)
            if read == 0 { throw .closed }
            filled += read
        }
        bytes.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(buffer)) }
        return bytes
    }
}

extension SocketAddress {
    /// The address's 4 (IPv4) or 16 (IPv6) bytes.
    var addressBytes: [UInt8]? {
        var copy = storage
        return withUnsafePointer(to: &copy) { pointer -> [UInt8]? in
            switch family {
            case AF_INET:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) }
                }
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) }
                }
            default: nil
            }
        }
    }
}
