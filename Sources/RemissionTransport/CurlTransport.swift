import CCurl
import CShims
import RemissionModel
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// The HTTP engine behind a proxy: one libcurl easy handle per endpoint (so the connection is
/// reused), with trust decided by our `HandshakeInspector` inside each TLS handshake.
///
/// Not thread-safe: use one transport per thread. Create one per trust policy; libcurl's connection
/// reuse does not look at our callback, so a handle must never be shared between policies.
public final class CurlTransport: ServerTransport {
    public let endpoint: ServerEndpoint
    /// Diagnosis of the most recent `send`.
    public private(set) var lastReport = ConnectionReport()
    /// Diagnosis of the most recent exchange that opened a connection (DNS, TCP, TLS and the trust
    /// decision happen only there; later requests reuse the connection).
    public private(set) var lastConnectionOpening: ConnectionReport?

    private let options: TransportOptions
    private let handle: UnsafeMutableRawPointer
    private let exchange: CurlExchange

    /// - Parameters:
    ///   - caFile: a PEM file of extra trust anchors for this server; read now, so a bad file fails before any connection.
    ///   - clientIdentity: the client certificate offered to this server when it asks for one, and only
    ///     after its own certificate was trusted.
    ///   - policy: the trust policy, asked inside the handshake over what the server presented.
    public init(
        endpoint: ServerEndpoint, caFile: String? = nil, options: TransportOptions = TransportOptions(),
        clientIdentity: ClientIdentity? = nil, policy: TrustPolicy
    ) throws(TransportError) {
        try CurlLibrary.load()
        guard let handle = rm_curl_easy_init() else {
            throw .other(code: -1, detail: "libcurl could not be initialised")
        }
        let anchors = try TrustAnchors(caFile: caFile, environment: options.environment)
        let proxyInspector = try Self.proxyInspector(options)
        self.endpoint = endpoint
        self.options = options
        self.handle = handle
        self.exchange = CurlExchange(
            handle: handle,
            inspector: HandshakeInspector(
                endpoint: endpoint, anchors: anchors, clientIdentity: clientIdentity, policy: policy,
                examinesEveryPresentedAnchor: options.examinesEveryPresentedAnchor, tlsName: options.tlsName),
            proxyInspector: proxyInspector, maximumResponseBytes: options.maximumResponseBytes)
        configureHandle()
    }

    /// Reads a CA file the way every transport given it will (unreadable, or no certificate, fails),
    /// without loading libcurl or making a handle.
    public static func checkCAFile(_ path: String, options: TransportOptions) throws(TransportError) {
        _ = try TrustAnchors(caFile: path, environment: options.environment)
    }

    deinit {
        rm_curl_easy_cleanup(handle)
    }

    public func send(_ request: HTTPRequest, credentials: BasicCredentials?) throws(TransportError) -> HTTPResponse {
        exchange.reset()
        let total = min(milliseconds(options.timeoutSeconds), request.timeoutMilliseconds ?? Int.max)
        rm_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, max(1, total))
        rm_curl_setopt_long(
            handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, min(milliseconds(options.connectTimeoutSeconds), total)))
        var headerList: UnsafeMutablePointer<curl_slist>? = nil
        defer { rm_curl_slist_free_all(headerList) }
        // curl would otherwise add `Expect: 100-continue` to large bodies (torrent metainfo) and wait.
        let gateway = request.gatewayHeaders.map { HTTPHeader($0.name, $0.value) }
        for header in request.headers + gateway + [HTTPHeader("Expect", "")] {
            headerList = rm_curl_slist_append(headerList, "\(header.name): \(header.value)")
        }
        rm_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList)
        rm_curl_setopt_string(
            handle, CURLOPT_CUSTOMREQUEST, request.method == "POST" || request.method == "GET" ? nil : request.method)
        if request.method == "GET" {
            rm_curl_setopt_long(handle, CURLOPT_HTTPGET, 1)
        } else {
            rm_curl_setopt_long(handle, CURLOPT_POST, 1)
        }
        setCredentials(credentials)
        defer { setCredentials(nil) }

        let started = monotonicMilliseconds()
        let code = request.body.withUnsafeBufferPointer { body -> CURLcode in
            rm_curl_setopt_offt(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            let bytes = body.baseAddress.map { UnsafeMutableRawPointer(mutating: $0) } ?? emptyBody
            rm_curl_setopt_pointer(handle, CURLOPT_POSTFIELDS, bytes)
            defer { rm_curl_setopt_pointer(handle, CURLOPT_POSTFIELDS, nil) }
            return rm_curl_easy_perform(handle)
        }
        lastReport = exchange.report(started: started)
        lastReport.proxy = proxyReport
        if !lastReport.reusedConnection { lastConnectionOpening = lastReport }
        guard code == CURLE_OK else {
            throw classify(code)
        }
        return HTTPResponse(status: exchange.status, headers: exchange.headers, body: exchange.body)
    }

    /// Connects and completes the TLS handshake without sending any request, to show the chain
    /// (`trust show`). Returns the report even when the policy refused the chain.
    public func probe() throws(TransportError) -> ConnectionReport {
        exchange.reset()
        rm_curl_setopt_long(handle, CURLOPT_CONNECT_ONLY, 1)
        rm_curl_setopt_long(handle, CURLOPT_FRESH_CONNECT, 1)
        defer {
            rm_curl_setopt_long(handle, CURLOPT_CONNECT_ONLY, 0)
            rm_curl_setopt_long(handle, CURLOPT_FRESH_CONNECT, 0)
        }
        let started = monotonicMilliseconds()
        let code = rm_curl_easy_perform(handle)
        if code == CURLE_OK {
            exchange.inspector.readTLSInfo(handle: handle)
        }
        lastReport = exchange.report(started: started)
        lastReport.proxy = proxyReport
        if code != CURLE_OK, exchange.inspector.chain == nil {
            throw classify(code)
        }
        return lastReport
    }

    private func setCredentials(_ credentials: BasicCredentials?) {
        if let credentials {
            rm_curl_setopt_long(handle, CURLOPT_HTTPAUTH, rm_curlauth_basic())
            rm_curl_setopt_string(handle, CURLOPT_USERNAME, credentials.user)
            rm_curl_setopt_string(handle, CURLOPT_PASSWORD, credentials.password)
        } else {
            rm_curl_setopt_string(handle, CURLOPT_USERNAME, nil)
            rm_curl_setopt_string(handle, CURLOPT_PASSWORD, nil)
        }
    }

    private func configureHandle() {
        let context = Unmanaged.passUnretained(exchange).toOpaque()
        rm_curl_setopt_string(handle, CURLOPT_URL, endpoint.url)
        rm_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        rm_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        // Redirects are never followed: a 3xx is returned as it is.
        rm_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        // CURLOPT_TIMEOUT_MS and CURLOPT_CONNECTTIMEOUT_MS are set for each request in `send`.
        if endpoint.asksForGzip { rm_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "") }
        rm_curl_setopt_string(handle, CURLOPT_USERAGENT, options.userAgent)
        rm_curl_setopt_string(handle, CURLOPT_NETRC_FILE, nil)
        configureProxy()

        rm_curl_setopt_long(handle, CURLOPT_SSLVERSION, Int(CURL_SSLVERSION_TLSv1_2))
        // Our callback replaces curl's verification (see HandshakeInspector); curl's own checks are off.
        rm_curl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 0)
        rm_curl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 0)
        rm_curl_setopt_long(handle, CURLOPT_SSL_SESSIONID_CACHE, 0)
        rm_curl_setopt_ssl_ctx_function(handle, sslContextCallback)
        rm_curl_setopt_pointer(handle, CURLOPT_SSL_CTX_DATA, context)

        rm_curl_setopt_write_function(handle, bodyCallback)
        rm_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        rm_curl_setopt_header_function(handle, headerCallback)
        rm_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        rm_curl_setopt_sockopt_function(handle, socketCallback)
        rm_curl_setopt_pointer(handle, CURLOPT_SOCKOPTDATA, context)
        rm_curl_setopt_prereq_function(handle, prerequestCallback)
        rm_curl_setopt_pointer(handle, CURLOPT_PREREQDATA, context)
        rm_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, exchange.errorBuffer)
    }

    private func classify(_ code: CURLcode) -> TransportError {
        let detail = exchange.errorMessage(for: code)
        let inspector = exchange.inspector
        if let refusal = inspector.trustRefusal { return refusal }
        if let failure = proxyFailure(code, detail: detail) { return .proxy(failure) }
        if let refusal = clientCertificateRefusal(code) { return refusal }
        var osError = 0
        _ = rm_curl_getinfo_long(handle, CURLINFO_OS_ERRNO, &osError)
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST:
            return .dns(host: endpoint.host, detail: detail)
        case CURLE_COULDNT_CONNECT:
            switch Int32(osError) {
            case ECONNREFUSED: return .refused(detail: detail)
            case ETIMEDOUT: return .timeout(phase: "connect", detail: detail)
            default: return .unreachable(detail: detail)
            }
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout(phase: exchange.stalledPhase(isTLS: endpoint.scheme == .https), detail: detail)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CIPHER, CURLE_SSL_CERTPROBLEM:
            return .tlsHandshake(detail: detail)
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_WEIRD_SERVER_REPLY,
            CURLE_BAD_CONTENT_ENCODING, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .connection(detail: detail)
        case CURLE_WRITE_ERROR where exchange.bodyTooLarge:
            return .responseTooLarge(limit: options.maximumResponseBytes, announced: exchange.announcedLength)
        default:
            return .other(code: Int(code.rawValue), detail: detail)
        }
    }
}

extension CurlTransport {
    /// A handshake or first read that failed after the server asked for a client certificate
    /// (`HandshakeInspector.clientCertificateRefusal`).
    fileprivate func clientCertificateRefusal(_ code: CURLcode) -> TransportError? {
        switch code {
        case CURLE_SSL_CONNECT_ERROR, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_SSL_CERTPROBLEM:
            return exchange.inspector.clientCertificateRefusal
        default:
            return nil
        }
    }
}

extension CurlTransport {
    /// The inspector that judges an `https://` proxy's own certificate by its own trust (its CA file
    /// read now, like the server's), against the proxy's name; nil for other proxies.
    fileprivate static func proxyInspector(_ options: TransportOptions) throws(TransportError) -> HandshakeInspector? {
        guard let proxy = options.proxy, proxy.endpoint.scheme == .https else { return nil }
        let anchors = try TrustAnchors(caFile: proxy.trust.caFile, environment: options.environment)
        return HandshakeInspector(
            endpoint: proxy.endpoint.tlsEndpoint, anchors: anchors, clientIdentity: nil,
            policy: TrustPolicy(trust: proxy.trust))
    }

    /// The proxy, or none: libcurl must never pick one from the environment on its own (the session
    /// decides, and says which). A tunnel is always asked for, so an http:// proxy relays bytes and
    /// never sees a request (nor its Authorization header) in clear.
    fileprivate func configureProxy() {
        guard let proxy = options.proxy else {
            rm_curl_setopt_string(handle, CURLOPT_PROXY, "")
            return
        }
        rm_curl_setopt_string(handle, CURLOPT_PROXY, proxy.endpoint.url)
        rm_curl_setopt_long(handle, CURLOPT_HTTPPROXYTUNNEL, 1)
        // Our proxy inspector replaces curl's checks of an https:// proxy, as for the server.
        rm_curl_setopt_long(handle, CURLOPT_PROXY_SSL_VERIFYPEER, 0)
        rm_curl_setopt_long(handle, CURLOPT_PROXY_SSL_VERIFYHOST, 0)
        if let user = proxy.endpoint.user {
            rm_curl_setopt_string(handle, CURLOPT_PROXYUSERNAME, user)
            rm_curl_setopt_string(handle, CURLOPT_PROXYPASSWORD, proxy.endpoint.password ?? "")
        }
    }

    fileprivate var proxyReport: ProxyReport? {
        guard let proxy = options.proxy else { return nil }
        let inspector = exchange.proxyInspector
        let tls = inspector.flatMap { inspector in
            inspector.chain.map { TLSReport(chain: $0, decision: inspector.decision) }
        }
        return ProxyReport(url: proxy.endpoint.url, tls: tls)
    }

    /// A failure that happened at the proxy, before anything reached the server.
    fileprivate func proxyFailure(_ code: CURLcode, detail: String) -> ProxyFailure? {
        guard let proxy = options.proxy else { return nil }
        let url = proxy.endpoint.url
        if let inspector = exchange.proxyInspector, let decision = inspector.decision, !decision.isTrusted,
            let chain = inspector.chain
        {
            return .untrusted(proxy: url, decision: decision, chain: chain)
        }
        var connectCode = 0
        _ = rm_curl_getinfo_long(handle, CURLINFO_HTTP_CONNECTCODE, &connectCode)
        if connectCode >= 300, [CURLE_COULDNT_CONNECT, CURLE_RECV_ERROR, CURLE_SEND_ERROR].contains(code) {
            return connectCode == 407
                ? .authenticationRequired(proxy: url) : .tunnelRefused(proxy: url, status: connectCode, detail: detail)
        }
        let handshakeFailed = code == CURLE_SSL_CONNECT_ERROR || code == CURLE_PEER_FAILED_VERIFICATION
        if handshakeFailed, let proxyInspector = exchange.proxyInspector, proxyInspector.decision == nil {
            return .handshake(proxy: url, detail: detail)
        }
        switch code {
        case CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
            return .unreachable(proxy: url, detail: detail)
        case CURLE_PROXY:
            return .tunnelRefused(proxy: url, status: nil, detail: detail)
        default:
            return nil
        }
    }
}

/// Pointer for an empty POST body (curl needs a non-NULL POSTFIELDS to send a zero-length body).
private nonisolated(unsafe) let emptyBody = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
