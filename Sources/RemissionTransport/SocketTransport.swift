import COpenSSL
import CShims
import RemissionModel
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// Remission's HTTP engine, for every route to a server: HTTP/1.1 on our own socket, TLS by the
/// OpenSSL remission already links, trust decided by `HandshakeInspector` inside the handshake.
/// The route yields the connected byte stream: direct TCP (Happy Eyeballs), or a proxy's tunnel
/// (`ProxyRoute`: HTTP CONNECT, an `https://` proxy's TLS, SOCKS4/4a/5/5h); TLS and HTTP on top
/// are the same for all. One connection, kept for the next request while the server keeps it open.
///
/// Each `send` and `probe` returns what it did (the answer and its `ConnectionReport`, or a
/// `TransportFailure` with the report it had); nothing of an exchange is left on the transport.
/// Not thread-safe: one transport per thread, one per trust policy.
public final class SocketTransport: ServerTransport {
    public let endpoint: ServerEndpoint

    let options: TransportOptions
    let inspector: HandshakeInspector
    private let context: OpaquePointer?
    let proxyRoute: ProxyRoute?
    private var connection: SocketConnection?

    /// - Parameters:
    ///   - caFile: a PEM file of extra trust anchors for this server; read now, so a bad file fails before any connection.
    ///   - options: limits, and the proxy to go through (with its own trust) when there is one.
    ///   - clientIdentity: the client certificate offered to this server when it asks for one, and only
    ///     after its own certificate was trusted.
    ///   - policy: the trust policy, asked inside the handshake over what the server presented.
    public init(
        endpoint: ServerEndpoint, caFile: String? = nil, options: TransportOptions = TransportOptions(),
        clientIdentity: ClientIdentity? = nil, policy: TrustPolicy
    ) throws(TransportError) {
        let anchors = try TrustAnchors(caFile: caFile, environment: options.environment)
        if case .proxy(let proxy) = options.route {
            proxyRoute = try ProxyRoute(proxy, userAgent: options.userAgent, environment: options.environment)
        } else {
            proxyRoute = nil
        }
        self.endpoint = endpoint
        self.options = options
        self.inspector = HandshakeInspector(
            endpoint: endpoint, anchors: anchors, clientIdentity: clientIdentity, policy: policy,
            examinesEveryPresentedAnchor: options.examinesEveryPresentedAnchor, tlsName: options.tlsName)
        if endpoint.scheme == .https {
            guard let context = SSL_CTX_new(TLS_client_method()) else {
                throw .tlsHandshake(detail: SocketConnection.openSSLError())
            }
            inspector.configureContext(context)
            self.context = context
        } else {
            self.context = nil
        }
    }

    /// Reads a CA file the way every transport given it will (unreadable, or no certificate, fails),
    /// without making a transport.
    public static func checkCAFile(_ path: String, options: TransportOptions) throws(TransportError) {
        _ = try TrustAnchors(caFile: path, environment: options.environment)
    }

    deinit {
        connection = nil
        if let context { SSL_CTX_free(context) }
    }

    /// The name sent in SNI: `--tls-name`, else the URL's host name; none for an address (RFC 6066).
    private var serverName: String? {
        if let tlsName = options.tlsName { return PeerName.addressBytes(tlsName) == nil ? tlsName : nil }
        return endpoint.hostKind == .name ? endpoint.serverName : nil
    }

    public func send(_ request: HTTPRequest, credentials: BasicCredentials?) throws(TransportFailure) -> HTTPExchange {
        let started = SystemClock().monotonicMilliseconds
        let deadline = started + Double(min(milliseconds(options.timeoutSeconds), request.timeoutMilliseconds ?? .max))
        var bytes = requestBytes(request, credentials: credentials)
        // The request holds the Authorization header: zeroed once sent, not left to the allocator.
        defer { bytes.withUnsafeMutableBytes { rm_wipe($0.baseAddress, $0.count) } }
        var stamps = Stamps()
        var opened = false
        if connection?.isReusable != true { connection = nil }
        do {
            return try exchange(bytes, started: started, deadline: deadline, stamps: &stamps, opened: &opened)
        } catch .closed(let written) where !written || request.idempotent {
            // The server had closed the kept connection: a new one, for a request it cannot have
            // received (the write itself failed) or one that does no harm twice. Any other request
            // may have reached the server; it is reported, never resent (PRODUCT.md §2).
            stamps = Stamps()
            do {
                return try exchange(bytes, started: started, deadline: deadline, stamps: &stamps, opened: &opened)
            } catch {
                throw TransportFailure(
                    classify(error), connection: report(started: started, stamps: stamps, reused: !opened))
            }
        } catch {
            throw TransportFailure(
                classify(error), connection: report(started: started, stamps: stamps, reused: !opened))
        }
    }

    /// Connects and completes the TLS handshake without sending any request, to show the chain
    /// (`trust show`). Returns the report even when the policy refused the chain.
    public func probe() throws(TransportFailure) -> ConnectionReport {
        let started = SystemClock().monotonicMilliseconds
        var stamps = Stamps()
        connection = nil
        do {
            try open(
                started: started, deadline: started + Double(milliseconds(options.timeoutSeconds)), stamps: &stamps)
        } catch {
            let report = report(started: started, stamps: stamps, reused: false)
            if inspector.chain == nil { throw TransportFailure(classify(error), connection: report) }
            return report
        }
        return report(started: started, stamps: stamps, reused: false)
    }

    /// One request and its response on the kept connection, or a new one (`opened`).
    private func exchange(
        _ bytes: [UInt8], started: Double, deadline: Double, stamps: inout Stamps, opened: inout Bool
    ) throws(ExchangeFailure) -> HTTPExchange {
        opened = connection == nil
        do throws(ExchangeFailure) {
            if opened { try open(started: started, deadline: deadline, stamps: &stamps) }
            guard let connection else { throw ExchangeFailure.socket(.closed, phase: .request) }
            do {
                try send(bytes, on: connection, deadline: deadline)
            } catch {
                if case .socket(.closed, .request) = error, !opened { throw ExchangeFailure.closed(written: false) }
                throw error
            }
            let response = try receive(on: connection, deadline: deadline, stamps: &stamps)
            return HTTPExchange(
                response: response, connection: report(started: started, stamps: stamps, reused: !opened))
        } catch {
            let error = opened ? diagnosed(error, on: connection, deadline: deadline) : error
            connection = nil
            if case .closed = error { throw error }
            if case .socket(.closed, .request) = error, !opened { throw .closed(written: true) }
            throw .transport(classify(error))
        }
    }

    private func open(started: Double, deadline: Double, stamps: inout Stamps) throws(ExchangeFailure) {
        inspector.reset()
        let connectDeadline = min(deadline, started + Double(milliseconds(options.connectTimeoutSeconds)))
        let opened: SocketConnection
        switch (options.route, proxyRoute) {
        case (.proxy, let proxyRoute?):
            let tunneled: SocketConnection
            do {
                tunneled = try proxyRoute.open(to: endpoint, deadline: connectDeadline, stamps: &stamps)
            } catch {
                throw .transport(error)
            }
            try secure(tunneled, deadline: connectDeadline, stamps: &stamps)
            return
        case (.ssh(let route), _):
            opened = try openSSH(route, deadline: connectDeadline)  // SocketTransport+Routes.swift
        case (.unixSocket(let path), _):
            opened = try openUnix(path, deadline: connectDeadline)
        case (.direct, _), (.proxy, nil):  // `init` makes the ProxyRoute of every `.proxy`
            do {
                opened = try SocketConnection.open(
                    host: endpoint.host, numeric: endpoint.hostKind != .name, localhost: endpoint.isLocalhostName,
                    port: endpoint.port,
                    deadline: connectDeadline, resolved: { stamps.resolved = $0 })
            } catch {
                throw .socket(error, phase: stamps.resolved == nil ? .resolve : .connect)
            }
        }
        stamps.connected = SystemClock().monotonicMilliseconds
        stamps.remoteAddress = opened.remoteAddress
        stamps.passedOver = opened.passedOver
        stamps.localPort = opened.localPort
        try secure(opened, deadline: connectDeadline, stamps: &stamps)
    }

    /// The server's TLS on a connected route (for an https URL), then the connection is kept.
    private func secure(_ opened: SocketConnection, deadline: Double, stamps: inout Stamps) throws(ExchangeFailure) {
        if let context {
            do {
                try opened.handshake(context: context, serverName: serverName, deadline: deadline)
            } catch {
                noteLocalNames(connectedTo: opened, deadline: deadline)
                throw diagnosed(.socket(error, phase: .tls), on: opened, deadline: deadline)
            }
            stamps.handshaken = SystemClock().monotonicMilliseconds
            inspector.protocolVersion = opened.protocolVersion
            inspector.cipher = opened.cipher
        }
        connection = opened
    }

    private func send(_ bytes: [UInt8], on connection: SocketConnection, deadline: Double) throws(ExchangeFailure) {
        do { try connection.write(bytes, deadline: deadline) } catch { throw .socket(error, phase: .request) }
    }

    private func receive(on connection: SocketConnection, deadline: Double, stamps: inout Stamps)
        throws(ExchangeFailure) -> HTTPResponse
    {
        var parser = HTTPResponseParser(maximumBodyBytes: options.maximumResponseBytes)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { buffer.deallocate() }
        while !parser.isComplete {
            let count: Int
            do throws(SocketFailure) {
                count = try connection.read(into: buffer, deadline: deadline)
            } catch .closedWithoutNotify {
                // Before any answer it is a kept connection the server dropped; within one, a
                // truncation nobody can rule out.
                guard parser.hasStarted else { throw .socket(.closed, phase: .request) }
                throw .wire(.truncatedTLS)
            } catch {
                throw .socket(error, phase: stamps.firstByte == nil ? .request : .response)
            }
            if count == 0, !parser.hasStarted { throw .socket(.closed, phase: .request) }
            if stamps.firstByte == nil { stamps.firstByte = SystemClock().monotonicMilliseconds }
            do throws(HTTPWireError) {
                if count == 0 {
                    try parser.finish()
                } else {
                    try parser.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                }
            } catch {
                throw .wire(error)
            }
        }
        if !parser.keepsConnection { self.connection = nil }
        return HTTPResponse(status: parser.status, headers: parser.headers, body: try decoded(parser))
    }

    /// The body with its Content-Encoding undone: gzip (what we ask a remote server for), or none.
    private func decoded(_ parser: HTTPResponseParser) throws(ExchangeFailure) -> [UInt8] {
        let coding = parser.headers.last { $0.name.lowercased() == "content-encoding" }?.value.lowercased()
        switch coding {
        case nil, "identity": return parser.body
        case "gzip", "x-gzip", "deflate":
            do throws(GzipBody.Failure) {
                return try GzipBody.inflate(parser.body, limit: options.maximumResponseBytes)
            } catch {
                switch error {
                case .tooLarge: throw .wire(.tooLarge(announced: nil))
                case .corrupt(let detail):
                    throw .wire(.malformed("a \(coding ?? "") body that does not decode: \(detail)"))
                }
            }
        default:
            throw .wire(.malformed("a body in an encoding we did not ask for (\(coding?.prefix(40) ?? ""))"))
        }
    }

    /// `ServerEndpoint.asksForGzip`, and always through ssh: the daemon is on the SSH host's loopback,
    /// but the bytes cross the network.
    private var asksForGzip: Bool {
        if case .ssh = options.route { return true }
        return endpoint.asksForGzip
    }

    private func requestBytes(_ request: HTTPRequest, credentials: BasicCredentials?) -> [UInt8] {
        var headers = [HTTPHeader("User-Agent", options.userAgent), HTTPHeader("Accept", "*/*")]
        if asksForGzip { headers.append(HTTPHeader("Accept-Encoding", "gzip")) }
        if let credentials {
            let pair = Array("\(credentials.user):\(credentials.password)".utf8)
            headers.append(HTTPHeader("Authorization", "Basic " + Base64.encode(pair)))
        }
        // With --tls-name the request is for that name (as `curl --resolve NAME:PORT:ADDRESS` sends
        // it), so a reverse proxy routes it to the site the certificate is for.
        var named = endpoint
        if let tlsName = options.tlsName { named.host = tlsName }
        let defaultPort = named.scheme == .https ? 443 : 80
        let host = named.port == defaultPort ? named.urlHost : named.authority
        return HTTPWire.request(
            method: request.method, path: endpoint.path.isEmpty ? "/" : endpoint.path, host: host,
            headers: headers + request.headers + request.gatewayHeaders.map { HTTPHeader($0.name, $0.value) },
            body: request.body)
    }
}

extension SocketTransport {
    /// Monotonic stamps of one exchange's steps, and where it connected.
    struct Stamps {
        var resolved: Double?
        var connected: Double?
        var handshaken: Double?
        var firstByte: Double?
        var remoteAddress: String?
        var passedOver: [PassedOverAddress] = []
        var localPort: Int?
        /// The proxy's tunnel was open (`ProxyRoute`).
        var tunneled: Double?
    }

    enum Phase { case resolve, connect, tls, request, response }

    enum ExchangeFailure: Error {
        case socket(SocketFailure, phase: Phase)
        case wire(HTTPWireError)
        case transport(TransportError)
        /// A kept connection the server had closed before any answer: the caller opens a new one
        /// when the request was not `written` (its write failed) or is idempotent.
        case closed(written: Bool)
    }

    func report(started: Double, stamps: Stamps, reused: Bool) -> ConnectionReport {
        let since = { (stamp: Double?) in stamp.map { $0 - started } }
        var timings = StepTimings(
            dns: since(stamps.resolved), tcp: since(stamps.connected), tls: since(stamps.handshaken),
            firstByte: since(stamps.firstByte), total: SystemClock().monotonicMilliseconds - started)
        timings.proxy = since(stamps.tunneled)
        let tls = reused ? nil : inspector.tlsReport
        var report = ConnectionReport(
            timings: timings, remoteAddress: stamps.remoteAddress ?? connection?.remoteAddress,
            localPort: stamps.localPort ?? connection?.localPort, reusedConnection: reused, tls: tls)
        report.passedOver = stamps.passedOver
        if let proxyRoute {
            report.proxy = reused ? ProxyReport(url: proxyRoute.proxy.url) : proxyRoute.report
        }
        report.route = routeReport(started: started, connection: connection)
        return report
    }
}
