import Logging
import RemissionModel
import RemissionTransport

/// Masks secrets for the verbose log.
public enum LogMasking {
    /// At most the first 4 characters and `…`; nothing of secrets shorter than 12 characters.
    public static func mask(_ secret: String) -> String {
        let scalars = secret.unicodeScalars
        guard scalars.count >= 12 else { return "…" }
        return String(String.UnicodeScalarView(scalars.prefix(4))) + "…"
    }

    /// The `Authorization` header as the log shows it: `Basic <user>:…`. Nothing of the encoded value is
    /// shown: with a short user name its first characters would decode to the password's.
    public static func authorization(_ credentials: BasicCredentials) -> String {
        "Basic \(credentials.user):…"
    }
}

/// Describes the shape of a JSON body without its content: keys, counts, and only the values of
/// a few harmless keys (method, result, status codes). Paths, names, URLs (which may hold tracker
/// passkeys) and above all `metainfo` are never shown.
enum BodySummary {
    private static let shownKeys: Set<String> = [
        "method", "result", "format", "jsonrpc", "message", "code", "tag", "id",
        "rpc-version", "rpc_version", "rpc-version-semver", "rpc_version_semver", "rpc-version-minimum",
        "rpc_version_minimum", "version", "paused", "delete-local-data", "delete_local_data",
    ]

    static func describe(_ value: JSONValue, key: String? = nil, depth: Int = 0) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .string(let text):
            if let key, shownKeys.contains(key), text.unicodeScalars.count <= 60 { return "\"\(text)\"" }
            if key == "metainfo" { return "<metainfo, \(text.utf8.count) base64 bytes>" }
            return "<\(text.utf8.count) bytes>"
        case .array(let elements):
            return "[\(elements.count) items]"
        case .object(let object):
            guard depth < 2 else { return "{\(object.count) keys}" }
            let members = object.map { "\($0.key): \(describe($0.value, key: $0.key, depth: depth + 1))" }
            return "{" + members.joined(separator: ", ") + "}"
        }
    }
}

extension RPCClient {
    func logRequest(_ method: RPCMethod, attempt: Int, request: HTTPRequest, envelope: JSONValue) {
        guard logger.logLevel <= .debug else { return }
        var metadata: Logger.Metadata = [
            "rpc.method": .string(method.name(in: dialect)),
            "rpc.dialect": .string(dialect.description),
            "rpc.attempt": .stringConvertible(attempt),
            "http.request_bytes": .stringConvertible(request.body.count),
            "rpc.request": .string(BodySummary.describe(envelope)),
        ]
        if let sessionId { metadata["http.session_id"] = .string(LogMasking.mask(sessionId)) }
        if let credentials { metadata["http.authorization"] = .string(LogMasking.authorization(credentials)) }
        if !request.gatewayHeaders.isEmpty {
            // `Name: value`, a secret one `Name: <secret>` (GatewayHeader.description).
            metadata["http.gateway_headers"] = .array(request.gatewayHeaders.map { .string($0.description) })
        }
        logger.debug("RPC request", metadata: metadata)
        if logger.logLevel <= .trace {
            let headers = request.headers.map { header in
                header.name == Self.sessionIdHeader
                    ? "\(header.name): \(LogMasking.mask(header.value))" : "\(header.name): \(header.value)"
            }
            logger.trace("RPC request headers", metadata: ["http.headers": .array(headers.map { .string($0) })])
        }
    }

    func logResponse(_ method: RPCMethod, response: HTTPResponse, start: Double) {
        guard logger.logLevel <= .debug else { return }
        var metadata: Logger.Metadata = [
            "rpc.method": .string(method.name(in: dialect)),
            "http.status": .stringConvertible(response.status),
            "http.response_bytes": .stringConvertible(response.body.count),
            "rpc.elapsed_ms": .string(elapsed(since: start)),
        ]
        if let id = response.header(Self.sessionIdHeader) {
            metadata["http.session_id"] = .string(LogMasking.mask(id.trimmingASCIIWhitespace()))
        }
        logger.debug("RPC response", metadata: metadata)
    }

    func logReply(_ method: RPCMethod, reply: @autoclosure () -> JSONValue) {
        guard logger.logLevel <= .debug else { return }
        logger.debug(
            "RPC reply",
            metadata: [
                "rpc.method": .string(method.name(in: dialect)), "rpc.reply": .string(BodySummary.describe(reply())),
            ])
    }

    func logFailure(_ method: RPCMethod, error: TransportError, start: Double) {
        logger.debug(
            "RPC transport failure",
            metadata: [
                "rpc.method": .string(method.name(in: dialect)),
                "rpc.elapsed_ms": .string(elapsed(since: start)),
                "rpc.error": .string(RPCError.transport(error).description),
            ])
    }

    func logRetry(_ method: RPCMethod, attempt: Int, delay: Int, error: RPCError) {
        logger.debug(
            "RPC retry",
            metadata: [
                "rpc.method": .string(method.name(in: dialect)),
                "rpc.attempt": .stringConvertible(attempt),
                "rpc.delay_ms": .stringConvertible(delay),
                "rpc.error": .string(error.description),
            ])
    }

    /// A transient fault after a request that may have reached the server and is not idempotent:
    /// not sent again (PRODUCT.md §2).
    func logNotResent(_ method: RPCMethod, error: RPCError) {
        logger.debug(
            "RPC not resent",
            metadata: [
                "rpc.method": .string(method.name(in: dialect)),
                "rpc.reason": .string("not idempotent, and it may have reached the server"),
                "rpc.error": .string(error.description),
            ])
    }

    private func elapsed(since start: Double) -> String {
        let tenths = Int((max(0, clock.monotonicMilliseconds - start) * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)"
    }
}
