import RemissionModel

/// HTTP/1.1 as `SocketTransport` speaks it: the request's bytes, and a response read incrementally
/// from whatever a server sends. Pure values, so every framing rule is tested without a socket.
///
/// A hostile server cannot make the parser trap or hold more than `maximumBodyBytes` of body and
/// `maximumHeaderBytes` of status line and headers; anything it cannot frame is `.malformed`.
enum HTTPWire {
    /// The request: method, path, `Host`, then the given headers, `Content-Length` for a body.
    /// A header whose name or value holds CR, LF or NUL is left out: a value taken from a server
    /// (the session id) must not be able to add lines to our request. Other bytes go as they are,
    /// as curl sends them (a hostile server's ESC comes back to it, never to a terminal).
    static func request(
        method: String, path: String, host: String, headers: [HTTPHeader], body: [UInt8]
    ) -> [UInt8] {
        var text = "\(method) \(requestTarget(path)) HTTP/1.1\r\nHost: \(host)\r\n"
        for header in headers where isSafe(header.name) && isSafe(header.value) && !header.name.isEmpty {
            let lowered = header.name.lowercased()
            if lowered == "content-length" || lowered == "host" || lowered == "expect" { continue }
            text += "\(header.name): \(header.value)\r\n"
        }
        if method != "GET" || !body.isEmpty { text += "Content-Length: \(body.count)\r\n" }
        text += "\r\n"
        return Array(text.utf8) + body
    }

    /// The path as a request target: a control byte, space, DEL or non-ASCII byte is percent-encoded,
    /// so a path can never add words or lines to the request.
    static func requestTarget(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            if byte <= 0x20 || byte >= 0x7F {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isSafe(_ text: String) -> Bool {
        !text.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
    }
}

/// Why a response could not be read as HTTP.
enum HTTPWireError: Error, Equatable {
    case malformed(String)
    /// The body is over the limit; `announced` is its Content-Length when it said so first.
    case tooLarge(announced: Int?)
    /// The TLS connection ended without close_notify before the answer was complete by its own
    /// framing (a body framed by the close included): it may have been cut short on the way.
    case truncatedTLS
}

/// Reads one response from the bytes of a connection, as they arrive. `feed` takes what was
/// received and returns how many bytes it used; after a response ends (`isComplete`), the rest
/// belongs to nobody (we never pipeline). `finish` is called when the server closes.
struct HTTPResponseParser {
    static let maximumHeaderBytes = 64 * 1024
    static let maximumHeaderCount = 200

    let maximumBodyBytes: Int

    private(set) var status = 0
    private(set) var headers: [HTTPHeader] = []
    private(set) var body: [UInt8] = []
    private(set) var isComplete = false
    /// False when the server said it closes, or framed the body by closing.
    private(set) var keepsConnection = true
    private(set) var announcedLength: Int?
    /// Bytes of the last `feed` after the end of the response: none from a server we never
    /// pipeline to; a proxy's CONNECT answer must be followed by nothing either.
    private(set) var unusedBytes = 0
    /// The response ends with its head, whatever its headers say: a proxy's answer to CONNECT
    /// (`ProxyTunnel`), whose body, if any, is never read.
    let endsAtHead: Bool

    private enum Stage: Equatable {
        case head
        case fixed(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case untilClose
        case done
    }

    private var stage = Stage.head
    private var line: [UInt8] = []
    private var headBytes = 0

    init(maximumBodyBytes: Int, endsAtHead: Bool = false) {
        self.maximumBodyBytes = maximumBodyBytes
        self.endsAtHead = endsAtHead
    }

    /// True once any byte of a response was seen (a status line begun).
    var hasStarted: Bool { headBytes > 0 || stage != .head }

    mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(HTTPWireError) {
        var index = 0
        while index < bytes.count, stage != .done {
            switch stage {
            case .head, .chunkSize, .chunkDataEnd, .trailers:
                index = try takeLine(bytes, from: index)
            case .fixed(let remaining):
                let count = min(remaining, bytes.count - index)
                try appendBody(bytes, from: index, count: count)
                index += count
                stage = remaining == count ? .done : .fixed(remaining: remaining - count)
            case .chunkData(let remaining):
                let count = min(remaining, bytes.count - index)
                try appendBody(bytes, from: index, count: count)
                index += count
                stage = remaining == count ? .chunkDataEnd : .chunkData(remaining: remaining - count)
            case .untilClose:
                try appendBody(bytes, from: index, count: bytes.count - index)
                index = bytes.count
            case .done:
                break
            }
        }
        isComplete = stage == .done
        unusedBytes = bytes.count - index
    }

    /// The server closed the connection: that ends a body framed by closing; anywhere else the
    /// response is cut.
    mutating func finish() throws(HTTPWireError) {
        switch stage {
        case .untilClose, .done:
            stage = .done
            isComplete = true
            keepsConnection = false
        default:
            throw .malformed(hasStarted ? "the connection closed in the middle of the response" : "empty reply")
        }
    }

    private mutating func takeLine(_ bytes: UnsafeRawBufferPointer, from start: Int) throws(HTTPWireError) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            let inHead = stage == .head || stage == .trailers
            if inHead { headBytes += 1 }
            // A TLS record (an alert, a handshake) where "HTTP/1.1" should begin: a TLS port.
            if stage == .head, headBytes == 1, byte == 0x15 || byte == 0x16 {
                throw .malformed(TransportError.tlsAnswerDetail)
            }
            if byte == 0x0A {
                let text = line.last == 0x0D ? Array(line.dropLast()) : line
                line.removeAll(keepingCapacity: true)
                try take(line: text)
                return index
            }
            line.append(byte)
            if inHead, headBytes > Self.maximumHeaderBytes {
                throw .malformed("headers over \(Self.maximumHeaderBytes) bytes")
            }
            if !inHead, line.count > 1024 {
                throw .malformed("a chunk size line over 1024 bytes")
            }
        }
        return index
    }

    private mutating func take(line text: [UInt8]) throws(HTTPWireError) {
        switch stage {
        case .head:
            if status == 0 {
                if text.isEmpty, headBytes <= 2 { return }  // a stray CRLF before the status line
                try takeStatusLine(text)
            } else if text.isEmpty {
                try endOfHead()
            } else {
                try takeHeader(text)
            }
        case .chunkSize:
            let digits = text.prefix { $0 != UInt8(ascii: ";") }.filter { $0 != 0x20 && $0 != 0x09 }
            // Hex digits only: Int(_:radix:) would also take a sign, and a negative size.
            guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy(Self.isHexDigit),
                let size = Int(String(decoding: digits, as: UTF8.self), radix: 16)
            else { throw .malformed("a chunk size that is not hexadecimal") }
            stage = size == 0 ? .trailers : .chunkData(remaining: size)
        case .chunkDataEnd:
            guard text.isEmpty else { throw .malformed("a chunk longer than its size") }
            stage = .chunkSize
        case .trailers:
            if text.isEmpty { stage = .done }
        default:
            break
        }
    }

    private mutating func takeStatusLine(_ text: [UInt8]) throws(HTTPWireError) {
        let parts = text.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].elementsEqual("HTTP/1.1".utf8) || parts[0].elementsEqual("HTTP/1.0".utf8),
            parts[1].count == 3, parts[1].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let code = Int(String(decoding: parts[1], as: UTF8.self)), code >= 100
        else { throw .malformed("the server's answer is not HTTP") }
        status = code
        keepsConnection = parts[0].elementsEqual("HTTP/1.1".utf8)
    }

    private mutating func takeHeader(_ text: [UInt8]) throws(HTTPWireError) {
        guard headers.count < Self.maximumHeaderCount else {
            throw .malformed("over \(Self.maximumHeaderCount) headers")
        }
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            text.first != 0x20, text.first != 0x09
        else { throw .malformed("a header line without a name") }
        let name = String(decoding: text[..<colon], as: UTF8.self)
        let value = String(decoding: trimmed(text[(colon + 1)...]), as: UTF8.self)
        headers.append(HTTPHeader(name, value))
    }

    private mutating func endOfHead() throws(HTTPWireError) {
        if status < 200 {  // 100 Continue and other interim answers: the real one follows
            status = 0
            headers = []
            return
        }
        let connection = header("connection")?.lowercased() ?? ""
        if endsAtHead {
            stage = .done
            return
        }
        if connection.contains("close") { keepsConnection = false }
        if connection.contains("keep-alive") { keepsConnection = true }
        if status == 204 || status == 304 {
            stage = .done
            return
        }
        if let coding = header("transfer-encoding")?.lowercased() {
            guard coding.split(separator: ",").last?.trimmingSpaces == "chunked" else {
                throw .malformed("a transfer coding other than chunked (\(coding.prefix(40)))")
            }
            // Both framings at once may be an attempt at response splitting: read it, then close.
            if header("content-length") != nil { keepsConnection = false }
            stage = .chunkSize
            return
        }
        let lengths = headers.filter { $0.name.lowercased() == "content-length" }.map(\.value)
        if let first = lengths.first {
            guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 18,
                first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let length = Int(first)
            else { throw .malformed("a Content-Length that is not one number") }
            announcedLength = length
            guard length <= maximumBodyBytes else { throw .tooLarge(announced: length) }
            body.reserveCapacity(length)
            stage = length == 0 ? .done : .fixed(remaining: length)
            return
        }
        keepsConnection = false
        stage = .untilClose
    }

    private mutating func appendBody(_ bytes: UnsafeRawBufferPointer, from start: Int, count: Int)
        throws(HTTPWireError)
    {
        guard body.count + count <= maximumBodyBytes else { throw .tooLarge(announced: announcedLength) }
        body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]))
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    private func header(_ name: String) -> String? { headers.first(named: name) }

    private func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return bytes[first...last]
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
        return start < end ? self[start..<end] : ""
    }
}
