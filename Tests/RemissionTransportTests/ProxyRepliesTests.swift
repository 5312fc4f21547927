import RemissionModel
import Testing

@testable import RemissionTransport

/// What we send a proxy and how we read what it answers (`SOCKSHandshake`, `ProxyTunnel`), without
/// a socket: every request's bytes, and hostile replies (cut short, too long, garbage, a wrong
/// version, a wrong reserved byte or address type), each refused with its own reason, none granted.
@Suite("proxy handshakes: SOCKS4/4a/5/5h and CONNECT bytes, hostile replies refused")
struct ProxyRepliesTests {
    typealias SOCKS = SOCKSHandshake

    @Test("SOCKS4 carries an IPv4 address and a user id; SOCKS4a the name after it")
    func socks4Requests() throws {
        #expect(
            try SOCKS.socks4Request(.ipv4([127, 0, 0, 1]), port: 9091, user: "ann")
                == [4, 1, 0x23, 0x83, 127, 0, 0, 1] + Array("ann".utf8) + [0])
        #expect(
            try SOCKS.socks4Request(.name("nas.lan"), port: 443, user: nil)
                == [4, 1, 1, 0xBB, 0, 0, 0, 1, 0] + Array("nas.lan".utf8) + [0])
        #expect(throws: SOCKS.Violation.self) {
            try SOCKS.socks4Request(.ipv6(Array(repeating: 0, count: 16)), port: 1, user: nil)
        }
        #expect(throws: SOCKS.Violation.self) {
            try SOCKS.socks4Request(.ipv4([1, 2, 3, 4]), port: 1, user: "a\u{0}b")
        }
        #expect(throws: SOCKS.Violation.self) { try SOCKS.socks4Request(.name(""), port: 1, user: nil) }
    }

    @Test("SOCKS4 replies: 90 grants; 91, 92, 93 are three refusals; anything else is not SOCKS4")
    func socks4Replies() throws {
        #expect(try SOCKS.socks4Reply([0, 90, 0, 0, 0, 0, 0, 0]) == .granted)
        #expect(try SOCKS.socks4Reply([0, 91, 0, 0, 0, 0, 0, 0]) == .refused(.socks4Rejected))
        #expect(try SOCKS.socks4Reply([0, 92, 0, 0, 0, 0, 0, 0]) == .refused(.socks4NoIdentd))
        #expect(try SOCKS.socks4Reply([0, 93, 0, 0, 0, 0, 0, 0]) == .refused(.socks4IdentdMismatch))
        #expect(throws: SOCKS.Violation.wrongVersion(expected: 0, got: 5)) {
            try SOCKS.socks4Reply([5, 90, 0, 0, 0, 0, 0, 0])
        }
        for hostile: [UInt8] in [
            [], [0, 90], [0, 90, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [0, 255, 1, 2, 3, 4, 5, 6],
        ] {
            #expect(throws: SOCKS.Violation.self, "\(hostile)") { try SOCKS.socks4Reply(hostile) }
        }
    }

    @Test("SOCKS5 greeting, method choice and RFC 1929 credentials")
    func socks5Authentication() throws {
        #expect(SOCKS.socks5Greeting(offersPassword: false) == [5, 1, 0])
        #expect(SOCKS.socks5Greeting(offersPassword: true) == [5, 2, 0, 2])
        #expect(try SOCKS.socks5Choice([5, 0], offeredPassword: true) == .none)
        #expect(try SOCKS.socks5Choice([5, 2], offeredPassword: true) == .password)
        #expect(try SOCKS.socks5Choice([5, 0xFF], offeredPassword: false) == .noneAcceptable)
        // A method we did not offer (user/password without a user, GSSAPI) is refused, not followed.
        #expect(throws: SOCKS.Violation.self) { try SOCKS.socks5Choice([5, 2], offeredPassword: false) }
        #expect(throws: SOCKS.Violation.self) { try SOCKS.socks5Choice([5, 1], offeredPassword: true) }
        #expect(throws: SOCKS.Violation.wrongVersion(expected: 5, got: 4)) {
            try SOCKS.socks5Choice([4, 0], offeredPassword: true)
        }
        #expect(throws: SOCKS.Violation.self) { try SOCKS.socks5Choice([5], offeredPassword: true) }
        #expect(
            try SOCKS.socks5Credentials(user: "ann", password: "pw") == [1, 3] + Array("ann".utf8) + [2]
                + Array("pw".utf8))
        #expect(throws: SOCKS.Violation.self) { try SOCKS.socks5Credentials(user: "", password: "pw") }
        #expect(throws: SOCKS.Violation.self) {
            try SOCKS.socks5Credentials(user: "ann", password: String(repeating: "x", count: 256))
        }
        #expect(try SOCKS.socks5CredentialsReply([1, 0]) == .granted)
        #expect(try SOCKS.socks5CredentialsReply([1, 1]) == .refused(.credentialsRejected))
        #expect(throws: SOCKS.Violation.self) { try SOCKS.socks5CredentialsReply([9, 0]) }
        #expect(throws: SOCKS.Violation.self) { try SOCKS.socks5CredentialsReply([1, 0, 0]) }
    }

    @Test("SOCKS5 CONNECT: IPv4, IPv6 and a name (5h); names over 255 bytes cannot be sent")
    func socks5Requests() throws {
        #expect(try SOCKS.socks5Request(.ipv4([10, 0, 0, 2]), port: 9091) == [5, 1, 0, 1, 10, 0, 0, 2, 0x23, 0x83])
        let ipv6 = [UInt8](repeating: 0, count: 15) + [1]
        #expect(try SOCKS.socks5Request(.ipv6(ipv6), port: 80) == [5, 1, 0, 4] + ipv6 + [0, 80])
        #expect(try SOCKS.socks5Request(.name("nas"), port: 80) == [5, 1, 0, 3, 3] + Array("nas".utf8) + [0, 80])
        #expect(throws: SOCKS.Violation.self) {
            try SOCKS.socks5Request(.name(String(repeating: "a", count: 256)), port: 80)
        }
        #expect(throws: SOCKS.Violation.self) { try SOCKS.socks5Request(.ipv4([1, 2, 3]), port: 80) }
    }

    @Test("SOCKS5 replies: length by address type, each reply code its own refusal, hostile heads refused")
    func socks5Replies() throws {
        #expect(try SOCKS.socks5ReplyLength([5, 0]) == 5)
        #expect(try SOCKS.socks5ReplyLength([5, 0, 0, 1, 127]) == 10)
        #expect(try SOCKS.socks5ReplyLength([5, 0, 0, 4, 0]) == 22)
        #expect(try SOCKS.socks5ReplyLength([5, 0, 0, 3, 255]) == 262)
        #expect(throws: SOCKS.Violation.self) { try SOCKS.socks5ReplyLength([5, 0, 0, 9, 0]) }
        let tail: [UInt8] = [1, 127, 0, 0, 1, 0, 80]
        #expect(try SOCKS.socks5Reply([5, 0, 0] + tail) == .granted)
        let codes: [UInt8: SOCKSReply] = [
            1: .generalFailure, 2: .notAllowed, 3: .networkUnreachable, 4: .hostUnreachable, 5: .connectionRefused,
            6: .ttlExpired, 7: .commandNotSupported, 8: .addressTypeNotSupported, 9: .unassigned(9),
            255: .unassigned(255),
        ]
        for (code, reply) in codes { #expect(try SOCKS.socks5Reply([5, code, 0] + tail) == .refused(reply)) }
        #expect(Set(codes.values.map { "\($0)" }).count == codes.count, "each code its own refusal")
        #expect(throws: SOCKS.Violation.wrongVersion(expected: 5, got: 4)) { try SOCKS.socks5Reply([4, 0, 0] + tail) }
        #expect(throws: SOCKS.Violation.self, "reserved byte") { try SOCKS.socks5Reply([5, 0, 7] + tail) }
        #expect(throws: SOCKS.Violation.self, "cut short") { try SOCKS.socks5Reply([5, 0, 0, 1, 127, 0]) }
        #expect(throws: SOCKS.Violation.self, "too long") { try SOCKS.socks5Reply([5, 0, 0] + tail + [0]) }
        #expect(throws: SOCKS.Violation.self, "garbage") { try SOCKS.socks5Reply(Array("HTTP/1.1 200".utf8)) }
    }

    @Test("CONNECT: an authority-form request with Host, Basic proxy credentials, no line a host can add")
    func connectRequest() throws {
        let text = String(
            decoding: try ProxyTunnel.connectRequest(
                host: "nas.lan", port: 9091, user: "ann", password: "pw", userAgent: "remission"), as: UTF8.self)
        #expect(text.hasPrefix("CONNECT nas.lan:9091 HTTP/1.1\r\nHost: nas.lan:9091\r\n"))
        #expect(text.contains("Proxy-Authorization: Basic YW5uOnB3\r\n"))
        #expect(text.hasSuffix("\r\n\r\n"))
        let ipv6 = String(
            decoding: try ProxyTunnel.connectRequest(host: "::1", port: 80, user: nil, password: nil, userAgent: "r"),
            as: UTF8.self)
        #expect(ipv6.hasPrefix("CONNECT [::1]:80 HTTP/1.1\r\n"))
        #expect(!ipv6.contains("Proxy-Authorization"))
        #expect(throws: SOCKS.Violation.self) {
            try ProxyTunnel.connectRequest(host: "a\r\nX: y", port: 80, user: nil, password: nil, userAgent: "r")
        }
    }

    /// A CONNECT answer fed in `pieces`: its status when complete, the bytes after it, or the error.
    static func answer(_ text: String, pieces: Int = 1) -> (status: Int?, unused: Int, error: HTTPWireError?) {
        var parser = ProxyTunnel.answerParser()
        let bytes = Array(text.utf8)
        let size = max(1, (bytes.count + pieces - 1) / pieces)
        var offset = 0
        do throws(HTTPWireError) {
            while offset < bytes.count, !parser.isComplete {
                try parser.feed(copying: bytes[offset..<min(bytes.count, offset + size)])
                offset += size
            }
        } catch {
            return (nil, 0, error)
        }
        return (parser.isComplete ? parser.status : nil, parser.unusedBytes, nil)
    }

    @Test("CONNECT answers end at their head: 200 opens, 407 asks for credentials, others refuse")
    func connectAnswers() {
        for pieces in [1, 3, 64] {
            #expect(Self.answer("HTTP/1.1 200 Connection established\r\n\r\n", pieces: pieces).status == 200)
            // A 200 with a Content-Length still ends at its head: a tunnel has no body.
            #expect(Self.answer("HTTP/1.0 200 OK\r\nContent-Length: 10\r\n\r\n", pieces: pieces).status == 200)
        }
        #expect(ProxyTunnel.refusal(status: 200, proxy: "http://p:1") == nil)
        #expect(ProxyTunnel.refusal(status: 407, proxy: "http://p:1") == .authenticationRequired(proxy: "http://p:1"))
        #expect(
            ProxyTunnel.refusal(status: 502, proxy: "http://p:1")
                == .tunnelRefused(proxy: "http://p:1", status: 502, detail: "CONNECT answered 502"))
        // Bytes after a 200 (before we spoke) are seen, and the route refuses them.
        #expect(Self.answer("HTTP/1.1 200 OK\r\n\r\nextra").unused == 5)
    }

    @Test("hostile CONNECT answers: not HTTP, a TLS record, oversized heads are refused; a cut one never completes")
    func hostileConnectAnswers() {
        #expect(Self.answer("SSH-2.0-OpenSSH_9.2\r\n\r\n").error != nil)
        #expect(Self.answer("\u{16}\u{03}\u{01}").error == .malformed(TransportError.tlsAnswerDetail))
        let huge =
            "HTTP/1.1 200 OK\r\n" + String(repeating: "X-Pad: \(String(repeating: "a", count: 100))\r\n", count: 700)
        #expect(Self.answer(huge + "\r\n").error != nil, "over 64 KiB of head")
        let many = "HTTP/1.1 200 OK\r\n" + String(repeating: "X: y\r\n", count: 201) + "\r\n"
        #expect(Self.answer(many).error != nil, "over 200 headers")
        let cut = Self.answer("HTTP/1.1 200 Connection est")
        #expect(cut.status == nil && cut.error == nil)
    }
}
