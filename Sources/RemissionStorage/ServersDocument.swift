import FoundationEssentials

/// The content of `servers.json` (PRODUCT.md §4), version 1:
///
///     {
///       "default" : "nas",
///       "servers" : [
///         {
///           "createdAt" : 1767225600,
///           "host" : "nas.lan",
///           "legacyID" : "5F1C2D3E-0000-4000-8000-000000000001",
///           "name" : "nas",
///           "needsPassword" : true,
///           "options" : {
///             "timeoutSeconds" : 30
///           },
///           "path" : "/transmission/rpc",
///           "port" : 443,
///           "scheme" : "https",
///           "user" : "ann"
///         }
///       ],
///       "version" : 1
///     }
///
/// - `default` is the name of the server used when none is given, or `null`. It always names one of
///   `servers`.
/// - `servers` keeps the order in which servers were added. `name` is unique (case-sensitive) and a valid
///   name (`ServerProfile.nameProblem`); `scheme` is `http` or `https`; `host` is lower-case, IPv6
///   without brackets; `port` is 1-65535; `path` starts with `/`.
/// - `name`, `scheme`, `host`, `port`, `path`, `options`, `createdAt` (Unix seconds, UTC; 0 when unknown)
///   and `needsPassword` are always written; `user` and `legacyID` (the `id` from the original Remission
///   app, for imported servers) only when set. Missing `options`, `createdAt` and `needsPassword` read as
///   `{}`, 0 and `false`.
/// - `options` may hold `clientCertificate` and `clientKey`: absolute paths of the client certificate
///   (PEM or PKCS#12) and of its key (PEM), offered to that server (mutual TLS). The files stay where
///   they are; an encrypted key's passphrase is in the keyring, never here.
/// - `options` may hold `proxy` (a URL without credentials), `proxyCAFile` (absolute path) and
///   `proxyPins` (an array of `sha256//…`): the proxy to reach that server through and the rule its own
///   certificate is judged by (an `https://` proxy).
/// - `options` may hold `headers`: an authentication gateway's headers, `{"name", "value"}` each, or
///   `{"name", "secret": true}` for one whose value is in the keyring (`SavedHeader`).
/// - `options` may hold members this remission does not know; they are kept when the file is rewritten.
/// - There are no passwords or other secrets in this file, ever.
///
/// Anything else (a duplicate name, an invalid host, a `default` naming no server, …) makes the file
/// `corrupt`: it is reported and left as it is, never repaired by dropping entries.
///
/// Version 0 is the original Remission app's `servers.json`, a bare JSON array; it is imported as
/// described on `LegacyServerList`.
struct ServersDocument: VersionedDocument {
    static let currentVersion = 1
    static var migrations: [DocumentMigration] { [LegacyServerList.migration] }

    var defaultName: String?
    var profiles: [ServerProfile] = []

    init() {}

    init(defaultName: String?, profiles: [ServerProfile]) {
        self.defaultName = defaultName
        self.profiles = profiles
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        defaultName = try container.decodeIfPresent(String.self, forKey: .default)
        profiles = try container.decodeIfPresent([ServerProfile].self, forKey: .servers) ?? []
        var seen: Set<String> = []
        for profile in profiles where !seen.insert(profile.name).inserted {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath, debugDescription: "two servers are named \(quoted(profile.name))")
            )
        }
        if let defaultName, !seen.contains(defaultName) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath,
                    debugDescription: "\"default\" names \(quoted(defaultName)), which is not one of the servers"))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        if let defaultName {
            try container.encode(defaultName, forKey: .default)
        } else {
            try container.encodeNil(forKey: .default)
        }
        try container.encode(profiles, forKey: .servers)
    }

    private enum Key: String, CodingKey {
        case `default`, servers
    }

    /// The index of the profile called `name`.
    func index(of name: String) -> Int? {
        profiles.firstIndex { $0.name == name }
    }
}
