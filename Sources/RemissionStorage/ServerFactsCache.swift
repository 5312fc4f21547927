import RemissionModel

/// What each server said about its version (`KnownServer`), one small file per RPC URL under
/// `$XDG_CACHE_HOME/remission/servers/`, so that the next command can send its request first instead
/// of asking the version before it (devdoc/rpc.md).
///
/// A cache, read as untrusted: a file that cannot be read, is larger than `limit`, is not the
/// document below or holds a value out of range reads as nothing, and the next answer replaces it.
/// Written like a snapshot (atomic, mode 0600, no directory fsync). Never a session id or anything secret.
///
/// File format (version 1):
/// `{"version":1,"url":URL,"rpcVersion":N,"headerSemver":STRING|null,"dialect":"classic"|"jsonRPC"}`.
public struct ServerFactsCache: Sendable {
    public static let version = 1
    /// A real file is under 150 bytes.
    public static let limit = 1024

    public var directory: String

    public init(directory: String) { self.directory = directory }

    public init(paths: StoragePaths) { self.init(directory: paths.cache + "/servers") }

    /// `HEX.json`: FNV-1a of the URL (the file records the URL too, so a collision reads as nothing).
    public func path(for endpoint: ServerEndpoint) -> String {
        joined(directory, fnv1a64Hex(Array(endpoint.url.utf8)) + ".json")
    }

    /// What was remembered for `endpoint`, or nil (none, or nothing usable).
    public func load(for endpoint: ServerEndpoint) -> KnownServer? {
        guard let bytes = try? AtomicFile.read(path(for: endpoint), limit: Self.limit) else { return nil }
        return Self.decode(bytes: bytes, url: endpoint.url)
    }

    /// The facts in a file's bytes, for `url`; nil for anything but a version-1 document within
    /// the limit, for that URL, with values in range.
    static func decode(bytes: [UInt8], url: String) -> KnownServer? {
        guard bytes.count <= limit, let document = try? JSONValue.parse(bytes) else { return nil }
        return decode(document, url: url)
    }

    /// Remembers `known`; a header text that could not be read back is not written.
    public func save(_ known: KnownServer, for endpoint: ServerEndpoint) throws(StorageError) {
        if let semver = known.headerSemver, !Self.isSemver(semver) { return }
        try AtomicFile.write(Self.encode(known, url: endpoint.url), to: path(for: endpoint), durability: .cache)
    }

    /// The version-1 document of `known` for `url`.
    static func encode(_ known: KnownServer, url: String) -> [UInt8] {
        let document: JSONObject = [
            "version": .int(Int64(Self.version)), "url": .string(url), "rpcVersion": .int(Int64(known.rpcVersion)),
            "headerSemver": known.headerSemver.map(JSONValue.string) ?? .null,
            "dialect": .string(known.dialect.rawValue),
        ]
        return JSONValue.object(document).serialized()
    }

    /// The facts in `document` when it is exactly a version-1 document for `url` with values in range.
    static func decode(_ document: JSONValue, url: String) -> KnownServer? {
        guard document["version"]?.int == Self.version, document["url"]?.string == url,
            let rpcVersion = document["rpcVersion"]?.int, (1...100_000).contains(rpcVersion),
            let dialect = document["dialect"]?.string.flatMap(RPCDialect.init(rawValue:))
        else { return nil }
        let semver = document["headerSemver"]
        guard semver == nil || semver == .null || semver?.string.map(isSemver) == true else { return nil }
        return KnownServer(rpcVersion: rpcVersion, headerSemver: semver?.string, dialect: dialect)
    }

    /// What `X-Transmission-Rpc-Version` holds ("6.0.1"): 1–64 of `[0-9A-Za-z.+-]`.
    static func isSemver(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return (1...64).contains(bytes.count)
            && bytes.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7a) || byte == 0x2e
                    || byte == 0x2b || byte == 0x2d
            }
    }
}
