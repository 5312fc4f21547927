import RemissionModel

/// An HTTP proxy's tunnel (RFC 9110 §9.3.6) as `SocketConnection+Proxy.swift` asks for it: pure
/// values, tested without a socket.
///
/// A tunnel is always asked for, also for an `http://` server: a request never goes in clear to a
/// proxy, which only relays bytes. The answer is framed by `HTTPResponseParser`'s rules (at most
/// 64 KiB and 200 lines of head) and ends with its head; a 2xx opens the tunnel, and nothing may
/// follow it before we speak.
enum ProxyTunnel {
    /// `CONNECT host:port HTTP/1.1`, its `Host`, and Basic `Proxy-Authorization` when the proxy URL
    /// has a user (sent at once, as curl does: there is no challenge to wait for with Basic).
    /// The host comes from a parsed `ServerEndpoint`; a CR, LF, NUL or space in it is refused all
    /// the same, so it can never add a line.
    static func connectRequest(host: String, port: Int, user: String?, password: String?, userAgent: String)
        throws(SOCKSHandshake.Violation) -> [UInt8]
    {
        guard !host.isEmpty, !host.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw .unsendable("the host name")
        }
        let authority = "\(host.contains(":") ? "[\(host)]" : host):\(port)"
        var text = "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n"
        if !userAgent.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) {
            text += "User-Agent: \(userAgent)\r\n"
        }
        if let user {
            let pair = Array("\(user):\(password ?? "")".utf8)
            text += "Proxy-Authorization: Basic \(Base64.encode(pair))\r\n"
        }
        text += "Proxy-Connection: Keep-Alive\r\n\r\n"
        return Array(text.utf8)
    }

    /// The parser for a CONNECT answer: it ends with the head.
    static func answerParser() -> HTTPResponseParser {
        HTTPResponseParser(maximumBodyBytes: 0, endsAtHead: true)
    }

    /// What a complete CONNECT answer means: nil when the tunnel is open (2xx), else the proxy's
    /// refusal (`proxy` is its URL without credentials).
    static func refusal(status: Int, proxy: String) -> ProxyFailure? {
        switch status {
        case 200..<300: return nil
        case 407: return .authenticationRequired(proxy: proxy)
        default: return .tunnelRefused(proxy: proxy, status: status, detail: "CONNECT answered \(status)")
        }
    }
}
