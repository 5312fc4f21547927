import RemissionModel
import RemissionTransport

/// Why the session handshake could not complete.
public enum HandshakeLoopReason: Sendable, Equatable {
    /// A 409 came without an `X-Transmission-Session-Id` header.
    case missingHeader
    /// A 409 came again right after the session id from the previous 409 was sent back.
    case repeated
}

/// Why an RPC call failed. Every case renders a message for people that ends with the next step,
/// and maps to an exit code (`exitCode`, PRODUCT.md §1). No case carries a password.
public enum RPCError: Error, Sendable, Equatable {
    /// HTTP 401: wrong or missing user name or password. `user` is the name that was sent, if any.
    case unauthorized(user: String?)
    /// HTTP 403: the client's IP address is not in `rpc-whitelist` (or brute-force lockout).
    /// `detail` is the server's page as text, when short.
    case forbidden(detail: String?)
    /// HTTP 421: the host name is not in `rpc-host-whitelist` (DNS-rebinding protection).
    case misdirected(detail: String?)
    /// The 409 `X-Transmission-Session-Id` handshake does not converge.
    case sessionHandshakeLoop(HandshakeLoopReason)
    /// Any other unexpected HTTP status; `snippet` is the start of the body as text.
    case http(status: Int, snippet: String)
    /// Transmission answered, but refused the call: the classic `result` string, or the
    /// JSON-RPC error's message.
    case rpcFailure(String)
    /// The reply is not the JSON Transmission sends; `offset` is the byte where parsing stopped,
    /// nil when the JSON was fine but its content was not.
    case malformed(detail: String, offset: Int?)
    /// The reply ended before its JSON was complete; `offset` is the number of bytes received.
    case truncated(offset: Int)
    /// The server's `rpc-version` is older than Remission supports.
    case unsupportedVersion(found: Int, minimum: Int)
    /// No HTTP response: DNS, connection, TLS or trust failure.
    case transport(TransportError)
}

extension RPCError {
    /// The oldest rpc-version Remission speaks: Transmission 2.40 (the `status` numbering changed there).
    public static let minimumRPCVersion = 14

    /// Whether the same request may succeed if sent again shortly (see `RetryPolicy`).
    public var isTransient: Bool {
        switch self {
        case .transport(.timeout), .transport(.connection): return true
        case .http(let status, _): return Self.isGatewayStatus(status)
        default: return false
        }
    }

    /// PRODUCT.md §1: 3 offline, 4 authentication, 5 trust refused, 6 server refused or RPC error,
    /// 1 anything else. A 502/503/504 from a proxy counts as offline: the daemon behind it is down.
    public var exitCode: Int32 {
        switch self {
        case .transport(.dns), .transport(.refused), .transport(.unreachable), .transport(.timeout): return 3
        case .http(let status, _) where Self.isGatewayStatus(status): return 3
        case .unauthorized: return 4
        case .transport(.trustRefused): return 5
        case .forbidden, .misdirected, .rpcFailure, .unsupportedVersion, .sessionHandshakeLoop: return 6
        case .http, .malformed, .truncated, .transport: return 1
        }
    }

    static func isGatewayStatus(_ status: Int) -> Bool { status == 502 || status == 503 || status == 504 }
}

extension RPCError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unauthorized(let user):
            guard let user else {
                return "The server requires a user name and password (HTTP 401). "
                    + "Give them with `remission connect URL --user NAME`, or `remission credentials set` for a saved server."
            }
            return "The server refused the password for user '\(user)' (HTTP 401). "
                + "Check the user name, then store the right password with `remission credentials set`."
        case .forbidden(let detail):
            return "The server refused this machine's IP address (HTTP 403: not in rpc-whitelist, or locked out "
                + "after too many failed logins).\(quoted(detail)) Add this address to rpc-whitelist in the daemon's "
                + "settings.json (or set rpc-whitelist-enabled to false) and restart the daemon."
        case .misdirected(let detail):
            return "The server does not accept the host name used to reach it (HTTP 421: not in rpc-host-whitelist)."
                + "\(quoted(detail)) Add the name to rpc-host-whitelist in the daemon's settings.json, "
                + "use its IP address, or enable password authentication."
        case .sessionHandshakeLoop(.missingHeader):
            return "The server answered 409 without an X-Transmission-Session-Id header, so the session handshake "
                + "cannot complete. A proxy in front of Transmission probably drops it: let the proxy pass "
                + "X-Transmission-Session-Id in both directions."
        case .sessionHandshakeLoop(.repeated):
            return "The server kept answering 409 although its own session id was sent back (handshake loop). "
                + "A proxy in front of Transmission probably drops the X-Transmission-Session-Id request header: "
                + "let it pass that header through."
        case .http(let status, let snippet) where Self.isGatewayStatus(status):
            return "The proxy in front of Transmission could not reach it (HTTP \(status)).\(quoted(snippet)) "
                + "Check that transmission-daemon is running behind the proxy."
        case .http(let status, let snippet):
            return "The server answered HTTP \(status), not a Transmission reply.\(quoted(snippet)) "
                + "Check that the URL points at Transmission's RPC endpoint (usually /transmission/rpc)."
        case .rpcFailure(let message):
            return "Transmission refused the request: \(message). Check the command's arguments."
        case .malformed(let detail, let offset):
            let place = offset.map { " at byte \($0)" } ?? ""
            return "The server's reply is not valid Transmission JSON (\(detail)\(place)). "
                + "Check that the URL points at Transmission's RPC endpoint; run with -v to see the exchange."
        case .truncated(let offset):
            return "The server's reply ended early (after \(offset) bytes). "
                + "Try again; if it persists, check the network or the proxy between here and the server."
        case .unsupportedVersion(let found, let minimum):
            return "The server speaks RPC version \(found), but Remission needs \(minimum) or newer "
                + "(Transmission 2.40 or later). Upgrade Transmission on the server."
        case .transport(let error):
            return Self.describe(error)
        }
    }

    private func quoted(_ detail: String?) -> String {
        guard let detail, !detail.isEmpty else { return "" }
        let closed = detail.hasSuffix(".") || detail.hasSuffix("!") || detail.hasSuffix("?") || detail.hasSuffix("…")
        return " The server said: \"\(detail)\"\(closed ? "" : ".")"
    }

    private static func describe(_ error: TransportError) -> String {
        switch error {
        case .dns(let host, let detail):
            return "Cannot resolve the host name '\(host)' (\(detail)). Check the name in the server URL and your DNS."
        case .refused(let detail):
            return "The connection was refused: nothing listens at that address and port (\(detail)). "
                + "Check that transmission-daemon is running and the port is right."
        case .unreachable(let detail):
            return "The server cannot be reached (\(detail)). Check the network connection and the address."
        case .timeout(let phase, let detail):
            return "No answer from the server in time (while waiting for \(phase): \(detail)). "
                + "Check that the server is up, or allow more time with --timeout."
        case .trustRefused:
            return "The server's certificate is not trusted, so nothing was sent. "
                + "Run `remission trust show` for this server to see why, then accept or pin it."
        case .tlsHandshake(let detail):
            return "The TLS handshake failed (\(detail)). Check that the URL's scheme and port match the server."
        case .connection(let detail):
            return "The connection broke (\(detail)). Try again, or run `remission check` to diagnose."
        case .caFile(let path, let detail):
            return "The CA file \(path) \(detail). Point it at a readable PEM file of CA certificates."
        case .engineUnavailable(let detail):
            return "libcurl, the HTTP library remission uses, could not be loaded (\(detail)). "
                + "Install it: apt-get install libcurl4."
        case .other(let code, let detail):
            return "The request failed (libcurl error \(code): \(detail)). Run `remission check` to diagnose."
        }
    }
}
