/// One torrent named by the user: a session id or an info hash.
public enum TorrentReference: Sendable, Hashable, CustomStringConvertible {
    case id(Int)
    /// 40 lower-case hex digits.
    case hash(String)

    public var description: String {
        switch self {
        case .id(let id): return String(id)
        case .hash(let hash): return hash
        }
    }
}

/// Which torrents a command acts on, as typed by the user (`IDS` in PRODUCT.md §1):
/// `all`, `active` (changed in the last minute), or a comma list of ids, ranges and info hashes
/// such as `1,3,5-7,0123…cdef`.
public enum TorrentSelection: Sendable, Equatable, CustomStringConvertible {
    case all
    /// Transmission's `recently-active`: torrents that changed in the last 60 seconds.
    case recentlyActive
    /// Ids and hashes in the order given, duplicates removed, ranges expanded.
    case torrents([TorrentReference])

    /// The largest range accepted (`1-100000`); more is surely a typo. It bounds the whole list too:
    /// ids and ranges name at most this many ids in all (duplicates counted), so a long argument
    /// cannot expand into millions of ids.
    public static let maximumRangeLength = 100_000

    public static func id(_ id: Int) -> TorrentSelection { .torrents([.id(id)]) }

    /// The `ids` argument for `dialect`, or nil for all torrents (Transmission's way to say all is
    /// to leave `ids` out).
    public func idsValue(in dialect: RPCDialect) -> JSONValue? {
        switch self {
        case .all:
            return nil
        case .recentlyActive:
            return .string(dialect.spell("recently-active"))
        case .torrents(let references):
            return .array(
                references.map { reference in
                    switch reference {
                    case .id(let id): return .int(Int64(id))
                    case .hash(let hash): return .string(hash)
                    }
                })
        }
    }

    public var description: String {
        switch self {
        case .all: return "all"
        case .recentlyActive: return "active"
        case .torrents(let references): return references.map(\.description).joined(separator: ",")
        }
    }
}

/// Why a torrent selection could not be understood; `FailureText.selectionReason` (RemissionViews)
/// says what to type instead.
public enum TorrentSelectionError: Error, Sendable, Equatable {
    case empty
    case emptyItem(String)
    case reversedRange(String)
    case rangeTooLarge(String)
    case zeroId(String)
    case invalidHash(String)
    case notAnId(String)
    case keywordInList(String)
}

extension TorrentSelection {
    /// Parses the user's text; see the type's documentation for the forms. Whitespace around items
    /// is ignored, `ALL`/`Active` match case-insensitively, hashes are lower-cased.
    public static func parse(_ text: String) throws(TorrentSelectionError) -> TorrentSelection {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        switch trimmed.lowercased() {
        case "all": return .all
        case "active": return .recentlyActive
        default: break
        }
        var references: [TorrentReference] = []
        var seen = Set<TorrentReference>()
        var budget = maximumRangeLength
        for item in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let part = item.trimmingASCIIWhitespace()
            guard !part.isEmpty else { throw .emptyItem(trimmed) }
            let items = try parseItem(part, within: budget)
            guard items.count <= budget else { throw .rangeTooLarge(trimmed) }
            budget -= items.count
            for reference in items where seen.insert(reference).inserted {
                references.append(reference)
            }
        }
        return .torrents(references)
    }

    /// The references `part` names. A range longer than `budget` (what is left of the list's
    /// `maximumRangeLength`) is not expanded: it gives one reference too many, which the caller refuses.
    private static func parseItem(_ part: String, within budget: Int) throws(TorrentSelectionError)
        -> [TorrentReference]
    {
        let lower = part.lowercased()
        if lower == "all" || lower == "active" { throw .keywordInList(part) }
        let bytes = Array(lower.utf8)
        if bytes.count == 40, bytes.allSatisfy(isHexDigit) {
            return [.hash(lower)]
        }
        if bytes.allSatisfy(isDecimalDigit) {
            return [.id(try parseId(part))]
        }
        if bytes.count >= 8, bytes.allSatisfy(isHexDigit) {
            throw .invalidHash(part)
        }
        let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, !bounds[0].isEmpty, !bounds[1].isEmpty,
            bounds[0].utf8.allSatisfy(isDecimalDigit), bounds[1].utf8.allSatisfy(isDecimalDigit)
        else { throw .notAnId(part) }
        let low = try parseId(String(bounds[0]), context: part)
        let high = try parseId(String(bounds[1]), context: part)
        guard low <= high else { throw .reversedRange(part) }
        guard high - low < maximumRangeLength else { throw .rangeTooLarge(part) }
        guard high - low < budget else { return Array(repeating: .id(low), count: budget + 1) }
        return (low...high).map(TorrentReference.id)
    }

    private static func parseId(_ digits: String, context: String? = nil) throws(TorrentSelectionError) -> Int {
        guard let value = Int(digits) else { throw .notAnId(context ?? digits) }
        guard value > 0 else { throw .zeroId(context ?? digits) }
        return value
    }

    private static func isDecimalDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDecimalDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
}
