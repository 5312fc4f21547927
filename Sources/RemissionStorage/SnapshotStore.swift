@_spi(SnapshotRows) import RemissionModel

/// What identifies a server's snapshot: its label and the connection parameters (never the password).
/// A snapshot written for other parameters (another host, port, path, scheme or user) is never shown.
public struct SnapshotKey: Sendable, Equatable {
    public var label: String
    public var scheme: String
    public var host: String
    public var port: Int
    public var path: String
    public var user: String?

    public init(label: String, scheme: String, host: String, port: Int, path: String, user: String?) {
        self.label = label
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path
        self.user = user
    }

    public init(label: String, endpoint: ServerEndpoint, user: String?) {
        self.init(
            label: label, scheme: endpoint.scheme.rawValue, host: endpoint.host, port: endpoint.port,
            path: endpoint.path, user: user)
    }

    /// 16 hex digits: FNV-1a (64 bit) of scheme, lower-cased host, port, path and user, NUL-separated.
    /// Not a secret and not a security boundary, only a way to tell parameter sets apart.
    public var fingerprint: String {
        let text = [scheme, host.lowercased(), String(port), path, user.map { "u:" + $0 } ?? "-"]
            .joined(separator: "\u{0}")
        return fnv1a64Hex(Array(text.utf8))
    }

    /// `LABEL-FINGERPRINT.json`, the label reduced to `[A-Za-z0-9._-]` (at most 64 characters).
    public var fileName: String {
        var safe = ""
        for scalar in label.unicodeScalars.prefix(64) {
            let allowed =
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || scalar == "." || scalar == "_" || scalar == "-"
            safe.unicodeScalars.append(allowed ? scalar : "_")
        }
        if safe.hasPrefix(".") || safe.isEmpty { safe = "_" + safe }
        return "\(safe)-\(fingerprint).json"
    }
}

/// The last torrent list of a server and when it was fetched.
public struct Snapshot: Sendable, Equatable {
    public var savedAt: Int64
    public var server: String
    public var fingerprint: String
    public var torrents: [Torrent]
    /// The fields the snapshot holds for each torrent: those the list that saved it fetched.
    public var fields: Set<TorrentField>

    public init(savedAt: Int64, server: String, fingerprint: String, torrents: [Torrent], fields: Set<TorrentField>) {
        self.savedAt = savedAt
        self.server = server
        self.fingerprint = fingerprint
        self.torrents = torrents
        self.fields = fields
    }
}

/// Why a snapshot was not written or not read.
public enum SnapshotError: Error, Sendable, Equatable {
    case tooLarge(path: String, bytes: Int, limit: Int)
    case storage(StorageError)
}

/// Snapshots under `StoragePaths.snapshotsDirectory` (PRODUCT.md §4): one JSON file per server and
/// connection parameters, written atomically with mode 0600, at most `limit` bytes. A cache: its
/// directory is not flushed after the rename (`AtomicFile.Durability.cache`), since the next `list`
/// rebuilds it.
///
/// File format (version 1):
/// `{"version":1,"server":LABEL,"fingerprint":HEX,"savedAt":UNIX,"fields":[NAMES],"torrents":[[…],…]}`:
/// the torrents as rows in `fields` order, like `torrent-get`'s table format.
public struct SnapshotStore: Sendable {
    public static let defaultLimit = 64 * 1024 * 1024
    public static let version = 1

    public var directory: String
    public var limit: Int

    public init(directory: String, limit: Int = SnapshotStore.defaultLimit) {
        self.directory = directory
        self.limit = limit
    }

    public init(paths: StoragePaths) { self.init(directory: paths.snapshotsDirectory) }

    public func path(for key: SnapshotKey) -> String { joined(directory, key.fileName) }

    /// Saves `torrents` (their `fields`) as the snapshot for `key`; a result over the limit is refused
    /// and the previous snapshot kept.
    public func save(
        _ torrents: [Torrent], fields: [TorrentField], for key: SnapshotKey, at time: Int64
    ) throws(SnapshotError) {
        let path = path(for: key)
        let bytes = Self.encode(torrents, fields: fields, server: key.label, fingerprint: key.fingerprint, at: time)
        guard bytes.count <= limit else { throw .tooLarge(path: path, bytes: bytes.count, limit: limit) }
        do { try AtomicFile.write(bytes, to: path, durability: .cache) } catch { throw .storage(error) }
    }

    /// Saves rows exactly as a `torrent-get` table reply held them: the same file
    /// `save(_:fields:for:at:)` writes, without encoding 10,000 torrents again.
    public func save(_ received: ReceivedRows, for key: SnapshotKey, at time: Int64) throws(SnapshotError) {
        try save(header: received.header, rows: received.text, for: key, at: time)
    }

    /// `header`: the field names as sent; `rows`: the rows' JSON text, comma-separated, which the
    /// reply's parse has validated.
    func save(
        header: [String], rows: ArraySlice<UInt8>, for key: SnapshotKey, at time: Int64
    ) throws(SnapshotError) {
        let path = path(for: key)
        let head = Self.head(fields: header, server: key.label, fingerprint: key.fingerprint, at: time)
        let tail = Array("]}".utf8)
        let count = head.count + rows.count + tail.count
        guard count <= limit else { throw .tooLarge(path: path, bytes: count, limit: limit) }
        do { try AtomicFile.write(parts: [head[...], rows, tail[...]], to: path, durability: .cache) } catch {
            throw .storage(error)
        }
    }

    /// Whether a snapshot of the same server (its label) is saved under other connection parameters
    /// (another user, address or path): "nothing saved yet" would then be wrong.
    public func hasOtherSettings(than key: SnapshotKey) -> Bool {
        let own = key.fileName
        let prefix = own.dropLast(key.fingerprint.count + ".json".count)
        return FileSystem.names(in: directory).contains { name in
            name != own && name.count == own.count && name.hasPrefix(prefix) && name.hasSuffix(".json")
        }
    }

    /// The snapshot for exactly these connection parameters, or nil when there is none.
    /// A file whose recorded fingerprint differs from the key's is treated as absent.
    public func load(for key: SnapshotKey) throws(SnapshotError) -> Snapshot? {
        let path = path(for: key)
        let bytes: [UInt8]?
        do { bytes = try AtomicFile.read(path) } catch { throw .storage(error) }
        guard let bytes else { return nil }
        guard bytes.count <= limit else { throw .tooLarge(path: path, bytes: bytes.count, limit: limit) }
        let snapshot: Snapshot
        do { snapshot = try Self.decode(bytes) } catch {
            throw .storage(.corrupt(path: path, detail: error.detail))
        }
        guard snapshot.fingerprint == key.fingerprint else { return nil }
        return snapshot
    }

    /// Writes the document straight into bytes, row by row: no JSON tree of 10,000 torrents in memory.
    static func encode(
        _ torrents: [Torrent], fields: [TorrentField], server: String, fingerprint: String, at time: Int64
    ) -> [UInt8] {
        var bytes = head(fields: fields.map(\.rawValue), server: server, fingerprint: fingerprint, at: time)
        bytes.reserveCapacity(bytes.count + torrents.count * fields.count * 12)
        for (index, torrent) in torrents.enumerated() {
            bytes.append(index == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
            if index > 0 { bytes.append(UInt8(ascii: "[")) }
            for (column, field) in fields.enumerated() {
                if column > 0 { bytes.append(UInt8(ascii: ",")) }
                appendField(field, of: torrent, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(contentsOf: "]}".utf8)
        return bytes
    }

    /// The document up to and including the `[` that opens the torrents.
    private static func head(fields: [String], server: String, fingerprint: String, at time: Int64) -> [UInt8] {
        let head: JSONObject = [
            "version": .int(Int64(version)), "server": .string(server), "fingerprint": .string(fingerprint),
            "savedAt": .int(time), "fields": JSONValue(fields),
        ]
        var bytes = JSONValue.object(head).serialized()
        bytes.removeLast()  // the closing brace; the torrents follow
        bytes.append(contentsOf: #","torrents":["#.utf8)
        return bytes
    }

    /// One field as `appendJSON(torrent.snapshotValue(field))` writes it; `list`'s fields are written
    /// straight from the torrent (no `JSONValue` per cell: 190,000 cells for 10,000 torrents).
    static func appendField(_ field: TorrentField, of torrent: Torrent, to bytes: inout [UInt8]) {
        switch field {
        case .id: appendInt(torrent.id, to: &bytes)
        case .name: appendString(torrent.name, to: &bytes)
        case .hashString: appendString(torrent.hashString, to: &bytes)
        case .status: appendInt(torrent.status.rawValue, to: &bytes)
        case .percentDone: appendJSON(.double(torrent.percentDone), to: &bytes)
        case .sizeWhenDone: appendInt(torrent.sizeWhenDone, to: &bytes)
        case .leftUntilDone: appendInt(torrent.leftUntilDone, to: &bytes)
        case .eta: appendInt(torrent.eta, to: &bytes)
        case .rateDownload: appendInt(torrent.rateDownload, to: &bytes)
        case .rateUpload: appendInt(torrent.rateUpload, to: &bytes)
        case .uploadRatio: appendJSON(.double(torrent.uploadRatio), to: &bytes)
        case .error: appendInt(torrent.error, to: &bytes)
        case .errorString: appendString(torrent.errorString, to: &bytes)
        case .addedDate: appendInt(torrent.addedDate, to: &bytes)
        case .peersGettingFromUs: appendInt(torrent.peersGettingFromUs, to: &bytes)
        case .peersSendingToUs: appendInt(torrent.peersSendingToUs, to: &bytes)
        case .isFinished:
            bytes.append(contentsOf: (torrent.isFinished.map { $0 ? "true" : "false" } ?? "null").utf8)
        case .labels where torrent.labels.isEmpty: bytes.append(contentsOf: "[]".utf8)
        default: appendJSON(torrent.snapshotValue(field), to: &bytes)
        }
    }

    /// Decimal digits, as `String(value)` spells them, without making the string.
    private static func appendInt(_ value: Int?, to bytes: inout [UInt8]) {
        guard let value else { return bytes.append(contentsOf: "null".utf8) }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    private static func appendString(_ text: String, to bytes: inout [UInt8]) {
        appendJSON(.string(text), to: &bytes)
    }

    /// Scalars, strings and empty arrays written directly, as the model's serializer writes them
    /// (a finite double as its shortest round-trip text); anything else through that serializer.
    static func appendJSON(_ value: JSONValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): bytes.append(contentsOf: String(number).utf8)
        case .double(let number) where number.isFinite: bytes.append(contentsOf: number.description.utf8)
        case .array(let items) where items.isEmpty: bytes.append(contentsOf: "[]".utf8)
        case .string(let text) where isPlain(text):
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
        default: bytes.append(contentsOf: value.serialized())
        }
    }

    /// No quote, backslash or control character: the UTF-8 bytes are the JSON string's content.
    private static func isPlain(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { utf8 in
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            return true
        }
    }

    static func decode(_ bytes: [UInt8]) throws(DecodingFailure) -> Snapshot {
        let value: JSONValue
        do { value = try JSONValue.parse(bytes) } catch { throw DecodingFailure("not JSON: \(error)") }
        guard let version = value["version"]?.int, version == Self.version else {
            throw DecodingFailure("unknown snapshot version")
        }
        guard let savedAt = value["savedAt"]?.int64, let fingerprint = value["fingerprint"]?.string,
            let fields = value["fields"]?.array, let rows = value["torrents"]?.array
        else { throw DecodingFailure("missing savedAt, fingerprint, fields or torrents") }
        let torrents = try Torrent.decodeList(.array(rows.isEmpty ? [] : [.array(fields)] + rows))
        let known = Set(fields.compactMap { $0.string.flatMap(TorrentField.init(wireName:)) })
        return Snapshot(
            savedAt: savedAt, server: value["server"]?.string ?? "", fingerprint: fingerprint, torrents: torrents,
            fields: known)
    }
}

/// FNV-1a, 64 bit, as 16 lower-case hex digits.
func fnv1a64Hex(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}
