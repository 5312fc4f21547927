import CCurl
import CShims
import RemissionModel

/// State shared with libcurl's callbacks for one handle: the response being received, the handshake
/// inspector, and our own timestamps. Reset before each exchange.
final class CurlExchange {
    let handle: UnsafeMutableRawPointer
    let inspector: HandshakeInspector
    /// Decides an `https://` proxy's own certificate; nil without one.
    let proxyInspector: HandshakeInspector?
    /// Set for each new socket when an `https://` proxy is used: the next TLS context libcurl makes
    /// is the proxy's (it is set up before the tunnel's), and gets `proxyInspector`.
    var nextTLSIsProxy = false
    let maximumResponseBytes: Int
    let errorBuffer: UnsafeMutablePointer<CChar>

    var status = 0
    var headers: [HTTPHeader] = []
    var body: [UInt8] = []
    var bodyTooLarge = false
    /// The response's Content-Length, to size `body` once instead of growing it by doubling
    /// (a 1 MB list would otherwise be copied about 20 times and briefly held twice), and to refuse
    /// a body over `maximumResponseBytes` before reading any of it.
    private(set) var announcedLength: Int?

    init(
        handle: UnsafeMutableRawPointer, inspector: HandshakeInspector, proxyInspector: HandshakeInspector?,
        maximumResponseBytes: Int
    ) {
        self.handle = handle
        self.inspector = inspector
        self.proxyInspector = proxyInspector
        self.maximumResponseBytes = maximumResponseBytes
        self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit { errorBuffer.deallocate() }

    func reset() {
        status = 0
        headers = []
        body = []
        bodyTooLarge = false
        announcedLength = nil
        errorBuffer[0] = 0
        inspector.reset()
        proxyInspector?.reset()
        nextTLSIsProxy = false
    }

    func errorMessage(for code: CURLcode) -> String {
        let buffered = String(cString: errorBuffer)
        return buffered.isEmpty ? String(cString: rm_curl_easy_strerror(code)) : buffered
    }

    /// Where a timed-out exchange stalled, from what our callbacks saw.
    func stalledPhase(isTLS: Bool) -> String {
        if inspector.requestReadyAt != nil { return "response" }
        if inspector.verifyStartedAt != nil { return "tls" }
        var localPort = 0
        _ = rm_curl_getinfo_long(handle, CURLINFO_LOCAL_PORT, &localPort)
        if localPort > 0 { return isTLS ? "tls" : "response" }
        return "connect"
    }

    func report(started: Double) -> ConnectionReport {
        var connects = 0
        _ = rm_curl_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &connects)
        var remote: UnsafeMutablePointer<CChar>? = nil
        _ = rm_curl_getinfo_string(handle, CURLINFO_PRIMARY_IP, &remote)
        let address = remote.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        var localPort = 0
        _ = rm_curl_getinfo_long(handle, CURLINFO_LOCAL_PORT, &localPort)

        let since = { (stamp: Double?) in stamp.map { $0 - started } }
        var timings = StepTimings(
            dns: curlMilliseconds(CURLINFO_NAMELOOKUP_TIME_T) ?? since(inspector.socketOpenedAt),
            tcp: curlMilliseconds(CURLINFO_CONNECT_TIME_T),
            tls: curlMilliseconds(CURLINFO_APPCONNECT_TIME_T) ?? since(inspector.requestReadyAt),
            firstByte: curlMilliseconds(CURLINFO_STARTTRANSFER_TIME_T) ?? since(inspector.firstByteAt),
            total: monotonicMilliseconds() - started)
        if timings.tcp == nil, inspector.verifyStartedAt != nil {
            timings.tcp = since(inspector.verifyStartedAt)
        }
        let tls = inspector.tlsReport
        return ConnectionReport(
            timings: timings, remoteAddress: address, localPort: localPort > 0 ? localPort : nil,
            reusedConnection: connects == 0 && status != 0, tls: tls)
    }

    private func curlMilliseconds(_ info: CURLINFO) -> Double? {
        var microseconds: curl_off_t = 0
        guard rm_curl_getinfo_offt(handle, info, &microseconds) == CURLE_OK, microseconds > 0 else { return nil }
        return Double(microseconds) / 1000
    }

    func appendBody(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if firstByteStamp() == nil { inspector.firstByteAt = monotonicMilliseconds() }
        guard body.count + bytes.count <= maximumResponseBytes else {
            bodyTooLarge = true
            return false
        }
        if body.isEmpty, let announcedLength, announcedLength > body.capacity {
            body.reserveCapacity(min(announcedLength, maximumResponseBytes))
        }
        body.append(contentsOf: bytes)
        return true
    }

    private func firstByteStamp() -> Double? { inspector.firstByteAt }

    /// One header line as curl delivers it, CRLF included. A status line starts a new response
    /// (after `100 Continue` or a proxy's CONNECT answer), so it resets what was collected.
    /// False (abort the transfer) when a Content-Length announces more than `maximumResponseBytes`.
    func appendHeaderLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        if inspector.firstByteAt == nil { inspector.firstByteAt = monotonicMilliseconds() }
        let bytes = trimmed(line)
        guard !bytes.isEmpty else { return true }
        if bytes.starts(with: Array("HTTP/".utf8)) {
            let parts = bytes.split(separator: UInt8(ascii: " "), maxSplits: 2)
            status = parts.count > 1 ? Int(String(decoding: parts[1], as: UTF8.self)) ?? 0 : 0
            headers = []
            body = []
            announcedLength = nil
            return true
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return true }
        let name = String(decoding: trimmed(bytes[..<colon]), as: UTF8.self)
        let value = String(decoding: trimmed(bytes[(colon + 1)...]), as: UTF8.self)
        headers.append(HTTPHeader(name, value))
        if name.lowercased() == "content-length", let length = Int(value), length >= 0 {
            announcedLength = length
            if length > maximumResponseBytes {
                bodyTooLarge = true
                return false
            }
        }
        return true
    }

    private func trimmed<C: Collection>(_ bytes: C) -> ArraySlice<UInt8> where C.Element == UInt8 {
        let array = ArraySlice(bytes)
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard let first = array.firstIndex(where: { !isSpace($0) }), let last = array.lastIndex(where: { !isSpace($0) })
        else {
            return []
        }
        return array[first...last]
    }
}

private func context(_ pointer: UnsafeMutableRawPointer?) -> CurlExchange? {
    pointer.map { Unmanaged<CurlExchange>.fromOpaque($0).takeUnretainedValue() }
}

func bodyCallback(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ pointer: UnsafeMutableRawPointer?)
    -> Int
{
    guard let exchange = context(pointer), let data else { return 0 }
    let length = size * count
    let accepted = data.withMemoryRebound(to: UInt8.self, capacity: length) {
        exchange.appendBody(UnsafeBufferPointer(start: $0, count: length))
    }
    return accepted ? length : 0
}

func headerCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ pointer: UnsafeMutableRawPointer?
) -> Int {
    guard let exchange = context(pointer), let data else { return 0 }
    let length = size * count
    let accepted = data.withMemoryRebound(to: UInt8.self, capacity: length) {
        exchange.appendHeaderLine(UnsafeBufferPointer(start: $0, count: length))
    }
    return accepted ? length : 0
}

func sslContextCallback(
    _ handle: UnsafeMutableRawPointer?, _ sslContext: UnsafeMutableRawPointer?, _ pointer: UnsafeMutableRawPointer?
) -> CURLcode {
    guard let exchange = context(pointer), let sslContext else { return CURLE_ABORTED_BY_CALLBACK }
    if exchange.nextTLSIsProxy, let proxyInspector = exchange.proxyInspector {
        exchange.nextTLSIsProxy = false
        proxyInspector.configureContext(OpaquePointer(sslContext))
    } else {
        exchange.inspector.configureContext(OpaquePointer(sslContext))
    }
    return CURLE_OK
}

func socketCallback(_ pointer: UnsafeMutableRawPointer?, _ socket: curl_socket_t, _ purpose: curlsocktype) -> Int32 {
    if let exchange = context(pointer) {
        if exchange.inspector.socketOpenedAt == nil { exchange.inspector.socketOpenedAt = monotonicMilliseconds() }
        exchange.nextTLSIsProxy = exchange.proxyInspector != nil
    }
    return Int32(CURL_SOCKOPT_OK)
}

func prerequestCallback(
    _ pointer: UnsafeMutableRawPointer?, _ primaryIP: UnsafeMutablePointer<CChar>?,
    _ localIP: UnsafeMutablePointer<CChar>?,
    _ primaryPort: Int32, _ localPort: Int32
) -> Int32 {
    if let exchange = context(pointer) {
        exchange.inspector.requestIsReady(handle: exchange.handle)
    }
    return Int32(CURL_PREREQFUNC_OK)
}
