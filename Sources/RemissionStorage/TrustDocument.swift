import RemissionModel
import RemissionTrust

/// The content of `trust.json` (PRODUCT.md §4), version 2:
///
///     {
///       "servers" : {
///         "https://nas.lan:443" : {
///           "accepted" : {
///             "acceptedAt" : 1767225600,
///             "fingerprint" : "SHA256:3A1F…(64 hex digits)",
///             "notAfter" : 1798761600,
///             "notBefore" : 1767225600,
///             "subject" : "CN=nas.lan",
///             "issuer" : "CN=Home CA",
///             "names" : [ "DNS:nas.lan", "IP:192.168.1.2" ],
///             "issuerKey" : "sha256//…"
///           },
///           "caFile" : "/home/ann/home-ca.pem",
///           "httpAcknowledged" : false,
///           "pins" : [
///             "sha256//…(44 base64 characters)"
///           ]
///         }
///       },
///       },
///       "http://localhost:9091 via ssh://seedbox" : { … },
///       "version" : 2
///     }
///
/// - `servers` is keyed by the server's identity (`ServerIdentity.key`): `scheme://host:port`, and
///   ` via ROUTE` for a server reached through an SSH host (`ssh://host[:port]`) or a unix socket
///   (`unix:PATH`), which is another server than the same URL reached directly.
/// - Version 1 had no routes in its keys: a routed server's entry was under its bare URL, shared
///   with every server of that URL. Reading one migrates it (`separatingRoutes`) with the saved
///   servers' routes; the original is kept as `trust.json.v1.bak` when the migrated file is written.
/// - `pins` and `httpAcknowledged` are always written; `accepted` and `caFile` only when set. Missing
///   `pins` or `httpAcknowledged` read as `[]` and `false`.
/// - `accepted`'s `issuer`, `names` and `issuerKey` (what tells a renewal by the same CA) are optional:
///   records written before them read without them, and an older remission ignores them.
/// - Fingerprints are `SHA256:` and upper-case hex, pins `sha256//` and base64, exactly as the user types
///   them; times are Unix seconds (UTC). Both are checked on reading: a malformed one makes the file
///   `corrupt`, it is never dropped silently.
struct TrustDocument: VersionedDocument {
    static let currentVersion = 2

    /// 1 to 2 changes no byte: what it means for routed servers needs servers.json
    /// (`separatingRoutes`, run by `TrustStore` through `VersionedFile.migrationWithSurroundings`).
    static let migrations = [DocumentMigration(from: 1) { _ in }]

    var servers: [String: ServerTrust] = [:]

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let entries = try container.decodeIfPresent([String: Entry].self, forKey: .servers) ?? [:]
        servers = entries.mapValues(\.trust)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(servers.mapValues(Entry.init), forKey: .servers)
    }

    private enum Key: String, CodingKey {
        case servers
    }
}

/// One server's trust in its file form (see `TrustDocument`).
private struct Entry: Codable {
    var trust: ServerTrust

    init(_ trust: ServerTrust) { self.trust = trust }

    private enum Key: String, CodingKey {
        case pins, accepted, caFile, httpAcknowledged
    }

    private enum AcceptedKey: String, CodingKey {
        case fingerprint, subject, notBefore, notAfter, acceptedAt, issuer, names, issuerKey
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var trust = ServerTrust()
        for text in try container.decodeIfPresent([String].self, forKey: .pins) ?? [] {
            do { trust.pins.append(try SPKIPin(parsing: text)) } catch {
                throw DecodingError.dataCorruptedError(
                    forKey: .pins, in: container, debugDescription: "'\(text)' is not an SPKI pin (sha256//BASE64)")
            }
        }
        if container.contains(.accepted), try !container.decodeNil(forKey: .accepted) {
            let accepted = try container.nestedContainer(keyedBy: AcceptedKey.self, forKey: .accepted)
            let fingerprintText = try accepted.decode(String.self, forKey: .fingerprint)
            let fingerprint: CertificateFingerprint
            do { fingerprint = try CertificateFingerprint(parsing: fingerprintText) } catch {
                throw DecodingError.dataCorruptedError(
                    forKey: .fingerprint, in: accepted,
                    debugDescription: "'\(fingerprintText)' is not a SHA-256 fingerprint (SHA256:HEX)")
            }
            trust.accepted = AcceptedCertificate(
                fingerprint: fingerprint,
                subject: try accepted.decode(String.self, forKey: .subject),
                notBefore: try accepted.decode(Int64.self, forKey: .notBefore),
                notAfter: try accepted.decode(Int64.self, forKey: .notAfter),
                acceptedAt: try accepted.decode(Int64.self, forKey: .acceptedAt),
                issuer: try accepted.decodeIfPresent(String.self, forKey: .issuer),
                names: try accepted.decodeIfPresent([String].self, forKey: .names).map { texts in
                    try texts.map { text in
                        guard let name = SubjectAltName(text) else {
                            throw DecodingError.dataCorruptedError(
                                forKey: .names, in: accepted,
                                debugDescription: "'\(text)' is not DNS:NAME or IP:ADDRESS")
                        }
                        return name
                    }
                },
                issuerKey: try accepted.decodeIfPresent(String.self, forKey: .issuerKey).map { text in
                    do { return try SPKIPin(parsing: text) } catch {
                        throw DecodingError.dataCorruptedError(
                            forKey: .issuerKey, in: accepted,
                            debugDescription: "'\(text)' is not an SPKI pin (sha256//BASE64)")
                    }
                })
        }
        trust.caFile = try container.decodeIfPresent(String.self, forKey: .caFile)
        trust.httpAcknowledged = try container.decodeIfPresent(Bool.self, forKey: .httpAcknowledged) ?? false
        self.trust = trust
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(trust.pins.map(\.description), forKey: .pins)
        if let accepted = trust.accepted {
            var nested = container.nestedContainer(keyedBy: AcceptedKey.self, forKey: .accepted)
            try nested.encode(accepted.fingerprint.description, forKey: .fingerprint)
            try nested.encode(accepted.subject, forKey: .subject)
            try nested.encode(accepted.notBefore, forKey: .notBefore)
            try nested.encode(accepted.notAfter, forKey: .notAfter)
            try nested.encode(accepted.acceptedAt, forKey: .acceptedAt)
            try nested.encodeIfPresent(accepted.issuer, forKey: .issuer)
            try nested.encodeIfPresent(accepted.names?.map(\.description), forKey: .names)
            try nested.encodeIfPresent(accepted.issuerKey?.description, forKey: .issuerKey)
        }
        try container.encodeIfPresent(trust.caFile, forKey: .caFile)
        try container.encode(trust.httpAcknowledged, forKey: .httpAcknowledged)
    }
}
