import Foundation
import Glibc
import RemissionModel
import TestSupport
import Testing

@testable import RemissionStorage

@Suite("Server facts cache: remembered per URL, anything odd reads as nothing")
struct ServerFactsCacheTests {
    static let endpoint = try! ServerEndpoint.parse("http://127.0.0.1:9091/transmission/rpc")
    static let modern = KnownServer(rpcVersion: 19, headerSemver: "6.0.1", dialect: .jsonRPC)
    static let classic = KnownServer(rpcVersion: 16, headerSemver: nil, dialect: .classic)

    @Test("saved and read back, per URL, mode 0600, in one small file", arguments: [modern, classic])
    func roundTrip(_ known: KnownServer) throws {
        let directory = TemporaryDirectory()
        let cache = ServerFactsCache(directory: directory.file("servers"))
        #expect(cache.load(for: Self.endpoint) == nil)
        try cache.save(known, for: Self.endpoint)
        #expect(cache.load(for: Self.endpoint) == known)
        let other = try ServerEndpoint.parse("http://127.0.0.1:9092/transmission/rpc")
        #expect(cache.load(for: other) == nil)
        let path = cache.path(for: Self.endpoint)
        #expect(permissions(of: path) == 0o600)
        #expect(directoryEntries(directory.file("servers")).count == 1)
        #expect((readText(path)?.utf8.count ?? .max) < 200)
        #expect(readText(path)?.contains("session") == false)
    }

    static let usable =
        #"{"version":1,"url":"http://127.0.0.1:9091/transmission/rpc","rpcVersion":19,"#
        + #""headerSemver":"6.0.1","dialect":"jsonRPC"}"#

    @Test(
        "corrupt or hostile content reads as nothing",
        arguments: [
            "", "{", "not json", "[]", "null", #"{"version":1}"#,
            usable.replacingOccurrences(of: #""version":1"#, with: #""version":2"#),
            usable.replacingOccurrences(of: "9091", with: "9092"),
            usable.replacingOccurrences(of: #""rpcVersion":19"#, with: #""rpcVersion":"19""#),
            usable.replacingOccurrences(of: #""rpcVersion":19"#, with: #""rpcVersion":-19"#),
            usable.replacingOccurrences(of: #""rpcVersion":19"#, with: #""rpcVersion":1e300"#),
            usable.replacingOccurrences(of: #""rpcVersion":19"#, with: #""rpcVersion":9223372036854775807"#),
            usable.replacingOccurrences(of: #""jsonRPC""#, with: #""JSON-RPC 2.0""#),
            usable.replacingOccurrences(of: #""6.0.1""#, with: #""6.0.1\u001b[2J""#),
            usable.replacingOccurrences(of: #""6.0.1""#, with: "\"" + String(repeating: "9", count: 65) + "\""),
            usable.replacingOccurrences(of: #""6.0.1""#, with: "601"),
            usable + String(repeating: " ", count: 1024),
        ])
    func refused(_ content: String) throws {
        let directory = TemporaryDirectory()
        let cache = ServerFactsCache(directory: directory.path)
        writeRaw(content, to: cache.path(for: Self.endpoint), permissions: 0o600)
        #expect(cache.load(for: Self.endpoint) == nil)
    }

    @Test("the document the refusals are made from reads as the facts (so each refusal is the change)")
    func usableReads() {
        let directory = TemporaryDirectory()
        let cache = ServerFactsCache(directory: directory.path)
        writeRaw(Self.usable, to: cache.path(for: Self.endpoint), permissions: 0o600)
        #expect(cache.load(for: Self.endpoint) == Self.modern)
    }

    @Test("a directory where the file should be: nothing, no error")
    func unreadable() {
        let directory = TemporaryDirectory()
        let cache = ServerFactsCache(directory: directory.path)
        mkdir(cache.path(for: Self.endpoint), 0o700)
        #expect(cache.load(for: Self.endpoint) == nil)
    }

    @Test("a header text that could not be read back is not written")
    func oddSemverNotWritten() throws {
        let directory = TemporaryDirectory()
        let cache = ServerFactsCache(directory: directory.path)
        try cache.save(
            KnownServer(rpcVersion: 19, headerSemver: "6\u{1b}]0;x\u{07}", dialect: .jsonRPC), for: Self.endpoint)
        #expect(directoryEntries(directory.path).isEmpty)
    }

    @Test("a corrupt file is replaced by the next answer")
    func replaced() throws {
        let directory = TemporaryDirectory()
        let cache = ServerFactsCache(directory: directory.path)
        writeRaw("{garbage", to: cache.path(for: Self.endpoint), permissions: 0o600)
        try cache.save(Self.classic, for: Self.endpoint)
        #expect(cache.load(for: Self.endpoint) == Self.classic)
    }
}
