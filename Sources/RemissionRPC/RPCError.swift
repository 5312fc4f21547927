import RemissionModel
import RemissionTransport

/// Why the session handshake could not complete.
public enum HandshakeLoopReason: Sendable, Equatable {
    /// A 409 came without an `X-Transmission-Session-Id` header.
    case missingHeader
    /// A 409 came again right after the session id from the previous 409 was sent back.
    case repeated
}

/// Why an RPC call failed, as plain data: no case carries a password, and none decides an exit code
/// or words for people (the session layer's `Failure` and the view layer's `FailureText` do).
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
    /// An authentication gateway (a login redirect or page) answered instead of Transmission.
    case gateway(AuthenticationGateway)
    /// Transmission answered, but refused the call: the classic `result` string, or the
    /// JSON-RPC error's message.
    case rpcFailure(String)
    /// The reply is not the JSON Transmission sends; `offset` is the byte where parsing stopped,
    /// nil when the JSON was fine but its content was not.
    case malformed(detail: String, offset: Int?)
    /// The reply ended before its JSON was complete; `offset` is the number of bytes received.
    case truncated(offset: Int)
    /// Reading the reply (`bytes` long) would take more than `memoryLimit` bytes of memory
    /// (`JSONParseBudget`): made of values so small and many that no Transmission sends it.
    case replyTooLarge(bytes: Int, memoryLimit: Int)
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
        case .transport(.timeout(.commandDeadline, _)): return false  // no time left to try again
        case .transport(.timeout), .transport(.connection): return true
        case .http(let status, _): return Self.isGatewayStatus(status)
        default: return false
        }
    }

    /// Whether the request may have reached the server before this failure: anything but a failure
    /// before the request could be written (no connection, no TLS, a refused trust decision, a
    /// timeout while connecting or in the handshake). Only an idempotent request is resent then.
    public var mayHaveReachedServer: Bool {
        switch self {
        case .transport(.timeout(let phase, _)): return phase.mayHaveReachedServer
        case .transport(.connection), .transport(.other), .transport(.responseTooLarge): return true
        case .transport: return false
        default: return true
        }
    }

    /// 502, 503, 504: a proxy answered, the daemon behind it did not (transient).
    public static func isGatewayStatus(_ status: Int) -> Bool { status == 502 || status == 503 || status == 504 }
}

extension RPCError: CustomStringConvertible {
    /// A short technical text for the `-v` log. What a person reads comes from the view layer
    /// (`FailureText`), through `Failure`.
    public var description: String {
        switch self {
        case .unauthorized(let user): return "HTTP 401 unauthorized" + (user.map { " (user \($0))" } ?? "")
        case .forbidden: return "HTTP 403 forbidden"
        case .misdirected: return "HTTP 421 misdirected request"
        case .gateway(let gateway):
            return "HTTP \(gateway.status) from an authentication gateway (\(gateway.product?.rawValue ?? "unknown"))"
        case .sessionHandshakeLoop(.missingHeader): return "409 without X-Transmission-Session-Id"
        case .sessionHandshakeLoop(.repeated): return "409 after 409 (session handshake loop)"
        case .http(let status, _): return "HTTP \(status)"
        case .rpcFailure(let message): return "RPC error: \(message)"
        case .malformed(let detail, let offset):
            return "malformed reply: \(detail)" + (offset.map { " at byte \($0)" } ?? "")
        case .truncated(let offset): return "reply truncated after \(offset) bytes"
        case .replyTooLarge(let bytes, let limit): return "reply of \(bytes) bytes needs over \(limit) bytes of memory"
        case .unsupportedVersion(let found, let minimum): return "rpc-version \(found) < \(minimum)"
        case .transport(let error): return error.description
        }
    }
}
