import Testing

@testable import RemissionTransport

/// gzip answers of a remote server, undone within the response limit (`GzipBody`).
@Suite("gzip bodies: decoded, bounded, refused when corrupt")
struct GzipBodyTests {
    /// `{"result":"success"}`, compressed by Python's gzip (mtime 0).
    static let small: [UInt8] = [
        31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 171, 86, 42, 74, 45, 46, 205, 41, 81, 178, 82, 42, 46, 77, 78, 78, 45, 46, 86,
        170, 5, 0, 38, 160, 156, 111, 20, 0, 0, 0,
    ]

    @Test("a gzip body decodes to the JSON it carried")
    func decodes() throws {
        let body = try GzipBody.inflate(Self.small, limit: 1 << 20)
        #expect(String(decoding: body, as: UTF8.self) == #"{"result":"success"}"#)
    }

    @Test("no body at all (a 401 or 304 a proxy marked gzip) is an empty body, as curl reads it")
    func empty() throws {
        #expect(try GzipBody.inflate([], limit: 1 << 20) == [])
    }

    @Test("what inflates past the limit is refused as too large (a 40-byte answer cannot fill memory)")
    func bounded() {
        #expect(throws: GzipBody.Failure.tooLarge) { try GzipBody.inflate(Self.small, limit: 10) }
    }

    @Test("a cut or damaged stream is corrupt, not a short answer")
    func corrupt() {
        #expect(throws: GzipBody.Failure.self) { try GzipBody.inflate(Array(Self.small.prefix(20)), limit: 1 << 20) }
        var damaged = Self.small
        damaged[12] ^= 0xFF
        #expect(throws: GzipBody.Failure.self) { try GzipBody.inflate(damaged, limit: 1 << 20) }
        #expect(throws: GzipBody.Failure.self) { try GzipBody.inflate(Array("not gzip".utf8), limit: 1 << 20) }
    }
}
