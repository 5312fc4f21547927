import Testing

@testable import RemissionTransport

/// The HTTP/1.1 framing of our own engine (`HTTPWire`, `HTTPResponseParser`), without a socket.
@Suite("HTTP/1.1 on the wire: the request we write, the answers we read")
struct HTTPWireTests {
    static func parse(_ text: String, limit: Int = 1 << 20, pieces: Int = 1) -> Result<
        HTTPResponseParser, HTTPWireError
    > {
        var parser = HTTPResponseParser(maximumBodyBytes: limit)
        let bytes = Array(text.utf8)
        let size = max(1, (bytes.count + pieces - 1) / pieces)
        do throws(HTTPWireError) {
            var offset = 0
            while offset < bytes.count, !parser.isComplete {
                try parser.feed(copying: bytes[offset..<min(bytes.count, offset + size)])
                offset += size
            }
            if !parser.isComplete { try parser.finish() }
            return .success(parser)
        } catch {
            return .failure(error)
        }
    }

    static func failure(_ text: String, limit: Int = 1 << 20) -> HTTPWireError? {
        if case .failure(let error) = parse(text, limit: limit) { return error }
        return nil
    }

    @Test("the request: method, path, Host, our headers, Content-Length; a header with a line break is dropped")
    func request() {
        let bytes = HTTPWire.request(
            method: "POST", path: "/transmission/rpc", host: "nas:9091",
            headers: [
                HTTPHeader("X-Transmission-Session-Id", "abc"), HTTPHeader("X-Evil", "a\r\nInjected: yes"),
                HTTPHeader("Expect", "100-continue"),
            ], body: Array("{}".utf8))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text
                == "POST /transmission/rpc HTTP/1.1\r\nHost: nas:9091\r\nX-Transmission-Session-Id: abc\r\n"
                + "Content-Length: 2\r\n\r\n{}")
    }

    @Test(
        "Content-Length, chunked with extensions and trailers, and a body ended by the close give the same body",
        arguments: [1, 2, 7, 64])
    func framings(pieces: Int) throws {
        let answers = [
            "HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\nhello world",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;name=x\r\nhello\r\n6\r\n world\r\n0\r\nT: 1\r\n\r\n",
            "HTTP/1.0 200 OK\r\n\r\nhello world",
        ]
        for answer in answers {
            let parser = try Self.parse(answer, pieces: pieces).get()
            #expect(parser.status == 200)
            #expect(String(decoding: parser.body, as: UTF8.self) == "hello world", "\(answer.debugDescription)")
        }
    }

    @Test("the path is a request target: a space or a line break in it is percent-encoded, never a new line")
    func pathCannotSmuggle() {
        let bytes = HTTPWire.request(
            method: "POST", path: "/transmission/rpc HTTP/1.1\r\nX-Injected: 1\r\nX:", host: "nas:9091",
            headers: [], body: Array("{}".utf8))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("\r\nX-Injected"))
        #expect(text.hasPrefix("POST /transmission/rpc%20HTTP/1.1%0D%0AX-Injected:%201%0D%0AX: HTTP/1.1\r\n"))
    }

    @Test("Transfer-Encoding and Content-Length together: read by its chunks, then the connection is not kept")
    func transferEncodingAndLength() throws {
        let parser = try Self.parse(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
        ).get()
        #expect(String(decoding: parser.body, as: UTF8.self) == "{}")
        #expect(!parser.keepsConnection)
    }

    @Test("a kept connection: HTTP/1.1 keeps it unless it says close; HTTP/1.0 and a close-framed body end it")
    func keepAlive() throws {
        #expect(try Self.parse("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n").get().keepsConnection)
        #expect(
            try !Self.parse("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n").get().keepsConnection)
        #expect(try !Self.parse("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n").get().keepsConnection)
        #expect(try !Self.parse("HTTP/1.1 200 OK\r\n\r\nbody").get().keepsConnection)
    }

    @Test("100 Continue is skipped; a 409's headers are kept as sent")
    func interim() throws {
        let parser = try Self.parse(
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 409 Conflict\r\nX-Transmission-Session-Id:  abc \r\nContent-Length: 3\r\n\r\n409"
        ).get()
        #expect(parser.status == 409)
        #expect(parser.headers == [HTTPHeader("X-Transmission-Session-Id", "abc"), HTTPHeader("Content-Length", "3")])
    }

    @Test("too large: refused from its Content-Length before any of it is read, or as a body grows past the limit")
    func tooLarge() {
        #expect(
            Self.failure("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\nhello world", limit: 10)
                == .tooLarge(announced: 11))
        #expect(Self.failure("HTTP/1.1 200 OK\r\n\r\nhello world", limit: 10) == .tooLarge(announced: nil))
        #expect(
            Self.failure(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nb\r\nhello world\r\n0\r\n\r\n", limit: 10)
                == .tooLarge(announced: nil))
    }

    @Test(
        "what is not HTTP, or not framed, is malformed and named",
        arguments: [
            ("", "empty reply"),
            ("SSH-2.0-OpenSSH_9.2\r\n", "not HTTP"),
            ("HTTP/1.1 2000 OK\r\n\r\n", "not HTTP"),
            ("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello", "Content-Length"),
            ("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "Content-Length"),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n", "transfer coding"),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "hexadecimal"),
            // Found by the http-response fuzz harness: Int(_:radix:) takes a sign, and -d was -13.
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-d\r\n", "hexadecimal"),
            ("HTTP/1.\u{11} 200 OK\r\n\r\n", "not HTTP"),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n", "longer than its size"),
            ("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhello", "closed in the middle"),
            ("HTTP/1.1 200 OK\r\n no-name\r\n\r\n", "without a name"),
        ])
    func malformed(answer: String, words: String) {
        guard case .malformed(let detail) = Self.failure(answer) else {
            Issue.record("\(answer.debugDescription) was not refused")
            return
        }
        #expect(detail.contains(words), "\(detail)")
    }

    @Test("headers are bounded: 64 KiB and 200 lines")
    func boundedHeaders() {
        let long = "HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: 70_000) + "\r\n\r\n"
        #expect(Self.failure(long) == .malformed("headers over 65536 bytes"))
        let many = "HTTP/1.1 200 OK\r\n" + String(repeating: "X: y\r\n", count: 201) + "\r\n"
        #expect(Self.failure(many) == .malformed("over 200 headers"))
    }
}

extension HTTPResponseParser {
    /// `feed` of a copy of `bytes`, as a read into a buffer would hand them over.
    mutating func feed(copying bytes: ArraySlice<UInt8>) throws(HTTPWireError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        defer { buffer.deallocate() }
        buffer.copyBytes(from: bytes)
        try feed(UnsafeRawBufferPointer(buffer))
    }
}
