/// A `torrent-get` reply read in one pass: each `torrents` array inside the top-level `arguments`
/// (classic) or `result` (JSON-RPC) object is decoded into `Torrent` values straight from the
/// bytes, row by row, without the JSON tree of the whole list (for 10,000 rows that tree is several
/// megabytes and most of the parsing time).
///
/// The outcome is exactly that of `JSONValue.parse` followed by `Torrent.decodeList`: when the fast
/// path meets anything else (malformed or truncated JSON, a row that is not an array, a header
/// that is not all strings…) the whole reply is parsed again the ordinary way, so errors keep
/// their wording and offsets, and `decodeList` reports decoding failures as before.
public struct TorrentReply: Sendable {
    /// The reply as parsed; each `torrents` array that was decoded here is left as an empty array.
    public var envelope: JSONValue
    /// By top-level key (`arguments` or `result`): the torrents of that member's `torrents` array,
    /// when it was decoded here. As with `JSONObject` lookups, the last occurrence of a key counts.
    public var decoded: [String: DecodedTorrentList]

    public init(envelope: JSONValue, decoded: [String: DecodedTorrentList] = [:]) {
        self.envelope = envelope
        self.decoded = decoded
    }

    /// Parses a reply body (UTF-8 JSON), building at most `budget` (by default
    /// `JSONParseBudget.allowed(forInputBytes:)`).
    public static func parse(_ bytes: [UInt8], budget: JSONParseBudget? = nil) throws(JSONParseError) -> TorrentReply {
        let result: Result<TorrentReply, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer, budget: budget)
            do throws(JSONParseError) {
                return .success(try parser.parseTorrentReply())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The torrents of `list`, the `torrents` member of `envelope[key]`: those decoded while
    /// parsing, or else decoded now from the tree.
    public func torrents(_ list: JSONValue, in key: String?) throws(DecodingFailure) -> [Torrent] {
        if let key, let decoded = decoded[key] { return decoded.torrents }
        return try Torrent.decodeList(list)
    }

    /// `envelope` with each decoded list stood in for by as many nulls as it had elements (rows
    /// and the table's header), for logs that describe the reply's shape.
    public var shape: JSONValue {
        guard case .object(var top) = envelope else { return envelope }
        for (key, list) in decoded {
            guard case .object(var container)? = top[key] else { continue }
            container["torrents"] = .array(Array(repeating: .null, count: list.elementCount))
            top[key] = .object(container)
        }
        return .object(top)
    }
}

/// Torrents decoded from a `torrents` array, and how many elements the array had.
public struct DecodedTorrentList: Sendable, Equatable {
    public var torrents: [Torrent]
    /// Rows plus the header in table format; objects in object format.
    public var elementCount: Int
    /// Table format only: where the rows lie in the reply, so a snapshot can store them as received.
    public var table: TableLayout?

    public init(torrents: [Torrent], elementCount: Int, table: TableLayout? = nil) {
        self.torrents = torrents
        self.elementCount = elementCount
        self.table = table
    }
}

/// A `torrents` array in table format, as it lies in the reply's bytes.
public struct TableLayout: Sendable, Equatable {
    /// The header's field names as sent (either spelling).
    public var header: [String]
    /// From the first row's `[` to the list's closing `]`, exclusive; empty without rows. The text
    /// in this range is the rows separated by commas (and any whitespace the server put there).
    public var rows: Range<Int>

    public init(header: [String], rows: Range<Int>) {
        self.header = header
        self.rows = rows
    }
}

extension JSONParser {
    /// The fast path, or the ordinary parse when the fast path does not apply.
    ///
    /// After a miss, a first pass only checks the syntax (`validating`: no value is built), so a
    /// malformed or truncated reply fails with the ordinary parse's error without a tree of all its
    /// rows; only valid JSON of an unusual shape is parsed again, with a fresh budget (what the
    /// fast path built is gone by then). A reply over the budget is refused at once.
    mutating func parseTorrentReply() throws(JSONParseError) -> TorrentReply {
        do {
            var decoded: [String: DecodedTorrentList] = [:]
            let envelope = try parseReplyObject(&decoded)
            return TorrentReply(envelope: envelope, decoded: decoded)
        } catch {
            if case .overBudget = error { throw error }
        }
        position = 0
        validating = true
        _ = try parseDocument()
        validating = false
        position = 0
        budget.used = 0
        return TorrentReply(envelope: try parseDocument())
    }

    /// Thrown inside the fast path only; never escapes (the ordinary parse runs instead).
    private var miss: JSONParseError { .malformed(detail: "not the fast path", offset: position) }

    private mutating func parseReplyObject(_ decoded: inout [String: DecodedTorrentList]) throws(JSONParseError)
        -> JSONValue
    {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else { throw miss }
        let top = try parseMembers(depth: 1) { parser, container, depth throws(JSONParseError) in
            guard container == "arguments" || container == "result" else { return try parser.parseValue(depth: depth) }
            decoded[container] = nil
            parser.skipWhitespace()
            guard parser.position < parser.bytes.count, parser.bytes[parser.position] == UInt8(ascii: "{") else {
                return try parser.parseValue(depth: depth)
            }
            return try parser.parseMembers(depth: depth + 1) { parser, key, depth throws(JSONParseError) in
                guard key == "torrents" else { return try parser.parseValue(depth: depth) }
                decoded[container] = nil
                parser.skipWhitespace()
                guard parser.position < parser.bytes.count, parser.bytes[parser.position] == UInt8(ascii: "[") else {
                    return try parser.parseValue(depth: depth)
                }
                decoded[container] = try parser.parseTorrentList(depth: depth + 1)
                return .array([])
            }
        }
        skipWhitespace()
        guard position == bytes.count else { throw miss }
        return top
    }

    /// An object at `position` whose member values `value` reads (given the parser, the key and the
    /// depth to parse values at), with the same syntax checks as `parseObject`.
    private mutating func parseMembers(
        depth: Int, value: (inout JSONParser, String, Int) throws(JSONParseError) -> JSONValue
    ) throws(JSONParseError) -> JSONValue {
        try checkDepth(depth)
        position += 1  // {
        var keys: [String] = []
        var values: [JSONValue] = []
        guard try expectMoreElements(closing: UInt8(ascii: "}"), first: true) else { return .object(JSONObject()) }
        while true {
            guard bytes[position] == UInt8(ascii: "\"") else { throw miss }
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw miss }
            position += 1
            try append(key, to: &keys)
            try append(try value(&self, key, depth), to: &values)
            guard try expectMoreElements(closing: UInt8(ascii: "}"), first: false) else {
                return .object(JSONObject(uncheckedKeys: keys, values: values))
            }
        }
    }

    /// After an element (or, with `first`, after the opening bracket): true and `position` at the
    /// next element, or false and `position` after `closing`.
    @discardableResult
    private mutating func expectMoreElements(closing: UInt8, first: Bool) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw miss }
        if bytes[position] == closing {
            position += 1
            return false
        }
        if !first {
            guard bytes[position] == UInt8(ascii: ",") else { throw miss }
            position += 1
            skipWhitespace()
            guard position < bytes.count else { throw miss }
        }
        return true
    }

    /// The `torrents` array at `position` (its `[`), in table or object format.
    private mutating func parseTorrentList(depth: Int) throws(JSONParseError) -> DecodedTorrentList {
        try checkDepth(depth)
        position += 1  // [
        guard try expectMoreElements(closing: UInt8(ascii: "]"), first: true) else {
            return DecodedTorrentList(torrents: [], elementCount: 0)
        }
        switch bytes[position] {
        case UInt8(ascii: "["): return try parseTorrentTable(depth: depth)
        case UInt8(ascii: "{"): return try parseTorrentObjects(depth: depth)
        default: throw miss
        }
    }

    /// Header row, then one array per torrent; each cell is parsed and stored in place.
    private mutating func parseTorrentTable(depth: Int) throws(JSONParseError) -> DecodedTorrentList {
        guard case .array(let names) = try parseValue(depth: depth) else { throw miss }
        var columns: [TorrentField?] = []
        var header: [String] = []
        columns.reserveCapacity(names.count)
        for name in names {
            guard case .string(let text) = name else { throw miss }
            columns.append(TorrentField(wireName: text))
            header.append(text)
        }
        var torrents: [Torrent] = []
        var elements = 1
        var rowsStart: Int?
        while try expectMoreElements(closing: UInt8(ascii: "]"), first: false) {
            guard bytes[position] == UInt8(ascii: "[") else { throw miss }
            if rowsStart == nil { rowsStart = position }
            let rowStart = position
            try checkDepth(depth + 1)
            position += 1
            var torrent = Torrent()
            var column = 0
            var more = try expectMoreElements(closing: UInt8(ascii: "]"), first: true)
            while more {
                let value = try parseValue(depth: depth + 1)
                if column < columns.count, let field = columns[column] { torrent.set(field, from: value) }
                column += 1
                more = try expectMoreElements(closing: UInt8(ascii: "]"), first: false)
            }
            if torrents.isEmpty { try reserve(&torrents, rowBytes: position - rowStart) }
            if torrent.ownsDetails { try charge(AllocationCost.details) }
            try append(torrent, to: &torrents)
            elements += 1
        }
        let rowsEnd = position - 1  // the closing bracket
        return DecodedTorrentList(
            torrents: torrents, elementCount: elements,
            table: TableLayout(header: header, rows: (rowsStart ?? rowsEnd)..<rowsEnd))
    }

    /// One object per torrent (servers before rpc-version 16 ignore `format: "table"`).
    private mutating func parseTorrentObjects(depth: Int) throws(JSONParseError) -> DecodedTorrentList {
        var torrents: [Torrent] = []
        repeat {
            let start = position
            guard case .object(let object) = try parseValue(depth: depth) else { throw miss }
            if torrents.isEmpty { try reserve(&torrents, rowBytes: position - start) }
            let torrent = Torrent(json: object)
            if torrent.ownsDetails { try charge(AllocationCost.details) }
            try append(torrent, to: &torrents)
        } while try expectMoreElements(closing: UInt8(ascii: "]"), first: false)
        return DecodedTorrentList(torrents: torrents, elementCount: torrents.count)
    }

    /// Room for the rows the rest of the reply probably holds, judged by the first row's size, so
    /// the array is not copied while growing, and no more than the budget allows (a tiny first row
    /// must not reserve gigabytes).
    private mutating func reserve(_ torrents: inout [Torrent], rowBytes: Int) throws(JSONParseError) {
        let estimate = (bytes.count - position) / max(rowBytes, 1)
        let stride = MemoryLayout<Torrent>.stride
        let affordable = max(1, (budget.remaining - AllocationCost.header) / stride / 2)
        let capacity = min(estimate + estimate / 2 + 16, (bytes.count - position) / 2 + 16, affordable)
        try charge(AllocationCost.array(capacity: capacity, stride: stride))
        torrents.reserveCapacity(capacity)
    }
}
