@testable import RemissionTransport

/// What a proxy answers before the tunnel opens, as `ProxyRoute` reads it: SOCKS4, SOCKS5's method
/// choice, RFC 1929's reply and SOCKS5's CONNECT reply (`SOCKSHandshake`), and an answer to
/// CONNECT (`HTTPResponseParser` ending at the head). The first input byte picks the reader and,
/// for CONNECT, where the rest is cut in two. Properties: no trap; a SOCKS5 reply's length, once
/// known, never depends on the bytes after its first five and is at most 262; a reader only ever
/// grants for a reply of its exact length; a CONNECT answer reads the same whole or in two pieces.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let input = bytes(start, count)
    let reply = Array(input.dropFirst())
    switch input[0] % 5 {
    case 0:
        if case .granted? = try? SOCKSHandshake.socks4Reply(reply) {
            check(reply.count == SOCKSHandshake.socks4ReplyLength, "a SOCKS4 grant of \(reply.count) bytes")
        }
    case 1:
        for offered in [false, true] {
            if let method = try? SOCKSHandshake.socks5Choice(reply, offeredPassword: offered) {
                check(reply.count == 2, "a SOCKS5 method choice of \(reply.count) bytes")
                check(offered || method != .password, "user/password chosen but not offered")
            }
        }
    case 2:
        if case .granted? = try? SOCKSHandshake.socks5CredentialsReply(reply) {
            check(reply.count == 2 && reply[1] == 0, "an RFC 1929 grant that is not status 0")
        }
    case 3:
        if let length = try? SOCKSHandshake.socks5ReplyLength(reply) {
            check(length <= 4 + 1 + 255 + 2, "a SOCKS5 reply length of \(length)")
            if reply.count >= 5 {
                check(
                    (try? SOCKSHandshake.socks5ReplyLength(Array(reply.prefix(5)))) == length,
                    "the length depends on bytes past the fifth")
            }
        }
        if case .granted? = try? SOCKSHandshake.socks5Reply(reply) {
            check(reply[0] == 5 && reply[1] == 0 && reply[2] == 0, "a SOCKS5 grant with a wrong head")
            check((try? SOCKSHandshake.socks5ReplyLength(reply)) == reply.count, "a grant of the wrong length")
        }
    default:
        let cut = reply.isEmpty ? 0 : Int(input[0] / 5) % (reply.count + 1)
        let whole = connectAnswer([reply[...]])
        let split = connectAnswer([reply[..<cut], reply[cut...]])
        check(whole.status == split.status, "the CONNECT answer depends on where it was cut (at \(cut))")
        check(whole.complete == split.complete, "completeness depends on the cut (at \(cut))")
    }
    return 0
}

private struct Answer: Equatable {
    var status: Int
    var complete: Bool
}

private func connectAnswer(_ pieces: [ArraySlice<UInt8>]) -> Answer {
    var parser = ProxyTunnel.answerParser()
    do throws(HTTPWireError) {
        for piece in pieces where !parser.isComplete {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: piece.count, alignment: 1)
            defer { buffer.deallocate() }
            buffer.copyBytes(from: piece)
            try parser.feed(UnsafeRawBufferPointer(buffer))
        }
    } catch {
        return Answer(status: -1, complete: false)
    }
    check(parser.body.isEmpty, "a CONNECT answer kept a body")
    return Answer(status: parser.isComplete ? parser.status : 0, complete: parser.isComplete)
}
