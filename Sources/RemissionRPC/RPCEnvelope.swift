import RemissionModel

/// The request and reply wrappers of both dialects.
enum RPCEnvelope {
    /// `{"method":…,"arguments":{…},"tag":N}` or `{"jsonrpc":"2.0","method":…,"params":{…},"id":N}`.
    static func request(method: RPCMethod, arguments: JSONObject, tag: Int, dialect: RPCDialect) -> JSONValue {
        switch dialect {
        case .classic:
            return .object([
                "method": .string(method.name(in: .classic)),
                "arguments": .object(arguments),
                "tag": .int(Int64(tag)),
            ])
        case .jsonRPC:
            return .object([
                "jsonrpc": "2.0",
                "method": .string(method.name(in: .jsonRPC)),
                "params": .object(arguments),
                "id": .int(Int64(tag)),
            ])
        }
    }

    /// Parses a reply body; a body that is not JSON is `malformed` or `truncated` with its offset.
    static func parse(_ body: [UInt8]) throws(RPCError) -> JSONValue {
        do { return try JSONValue.parse(body) } catch { throw rpcError(error, bytes: body.count) }
    }

    /// A `torrent-get` reply body, its torrents decoded straight from the bytes (`TorrentReply`).
    static func parseTorrentReply(_ body: [UInt8]) throws(RPCError) -> TorrentReply {
        do { return try TorrentReply.parse(body) } catch { throw rpcError(error, bytes: body.count) }
    }

    private static func rpcError(_ error: JSONParseError, bytes: Int) -> RPCError {
        switch error {
        case .malformed(let detail, let offset): return .malformed(detail: detail, offset: offset)
        case .truncated(let offset): return .truncated(offset: offset)
        case .overBudget(let limit, _): return .replyTooLarge(bytes: bytes, memoryLimit: limit)
        }
    }

    /// The payload of a reply: classic `arguments` when `result` is "success", JSON-RPC `result`;
    /// `key` names the top-level member it came from (nil when there is none).
    /// The reply's own shape decides how it is read, whatever dialect the request used.
    static func payload(of reply: JSONValue) throws(RPCError) -> (object: JSONObject, key: String?) {
        guard case .object(let top) = reply else {
            throw .malformed(detail: "the reply is not a JSON object", offset: nil)
        }
        if let error = top["error"], !error.isNull {
            throw .rpcFailure(jsonRPCMessage(error))
        }
        switch top["result"] {
        case .string(let result)?:
            guard result == "success" else { throw .rpcFailure(result) }
            guard let arguments = top["arguments"]?.object else { return (JSONObject(), nil) }
            return (arguments, "arguments")
        case .object(let result)?:
            return (result, "result")
        case .null?:
            return (JSONObject(), nil)
        case nil where top["jsonrpc"] != nil:
            return (JSONObject(), nil)
        default:
            throw .malformed(detail: "the reply has neither 'result' nor 'error'", offset: nil)
        }
    }

    /// `data.error_string` says what went wrong in Transmission's words; `message` is the generic
    /// JSON-RPC text ("Invalid params"), used when there is nothing better.
    private static func jsonRPCMessage(_ error: JSONValue) -> String {
        if let specific = error["data"]?["error_string"]?.string ?? error["data"]?["errorString"]?.string,
            !specific.isEmpty
        {
            return specific
        }
        if let message = error["message"]?.string, !message.isEmpty { return message }
        if let code = error["code"]?.int { return "error code \(code)" }
        return error.string ?? "unknown error"
    }
}
