import Glibc
import RemissionModel
import RemissionTrust

/// The trust store: `trust.json` in the configuration directory, one `ServerTrust` per identity
/// (`ServerIdentity`: `scheme://host:port`, and its route when it has one). The file format is
/// documented on `TrustDocument`.
///
/// - Warning: Nothing is ever changed implicitly. Evaluating trust only reads; the store changes only
///   through `update` and `remove`, which the CLI calls when the user asks (`trust accept`, `trust pin`,
///   `trust forget`, …). Each change is a locked read-modify-write with an atomic write, so concurrent
///   remission processes lose nothing.
public struct TrustStore: Sendable {
    private var file: VersionedFile<TrustDocument>

    /// The `trust.json` this store reads and writes.
    public var path: String { file.path }

    /// - Parameter savedServers: the identities of the saved servers, read only to migrate a
    ///   version-1 file (`TrustDocument.separatingRoutes`); none by default.
    public init(
        path: String, lockTimeout: Duration = .seconds(10),
        savedServers: @escaping @Sendable () throws(StorageError) -> [ServerIdentity] = { [] }
    ) {
        file = VersionedFile(path: path, lockTimeout: lockTimeout, strictModes: true)
        file.migrationWithSurroundings = { document, version throws(StorageError) in
            if version < 2 { document = document.separatingRoutes(servers: try savedServers()) }
        }
    }

    /// The store at `paths.trustFile`; a version-1 file is migrated with servers.json's routes.
    public init(paths: StoragePaths) {
        let servers = ProfileStore(paths: paths)
        let serversFile = paths.serversFile
        self.init(path: paths.trustFile) { () throws(StorageError) in
            do throws(ProfileError) { return try servers.all().profiles.map(\.identity) } catch {
                if case .storage(let error) = error { throw error }
                throw .corrupt(path: serversFile, detail: "\(error)")
            }
        }
    }

    /// What is stored for `identity`; `ServerTrust.none` when nothing is. Never creates the file.
    public func trust(for identity: String) throws(StorageError) -> ServerTrust {
        try file.load().servers[identity] ?? .none
    }

    /// Changes what is stored for `identity` under the file lock and writes it atomically; returns what
    /// `body` returns. `body` starts from `ServerTrust.none` for an unknown identity. An entry that ends
    /// up empty (`.none`) is removed; nothing is written when nothing changed or `body` throws.
    @discardableResult
    public func update<Result>(_ identity: String, _ body: (inout ServerTrust) throws -> Result) throws -> Result {
        try file.update { document in
            var trust = document.servers[identity] ?? .none
            let result = try body(&trust)
            document.servers[identity] = trust == .none ? nil : trust
            return result
        }
    }

    /// Forgets everything stored for `identity`. Returns whether there was anything.
    @discardableResult
    public func remove(_ identity: String) throws(StorageError) -> Bool {
        try change { document in document.servers.removeValue(forKey: identity) != nil }
    }

    /// `file.update` with a body that cannot fail, so the only errors are the file's own.
    private func change<Result>(_ body: (inout TrustDocument) -> Result) throws(StorageError) -> Result {
        do { return try file.update(body) } catch let error as StorageError { throw error } catch {
            // Unreachable: the lock and the file throw only StorageError, and `body` does not throw.
            throw .io(path: path, operation: "update", errno: EIO)
        }
    }

    /// Every stored identity with its trust, sorted by identity.
    public func all() throws(StorageError) -> [(identity: String, trust: ServerTrust)] {
        try file.load().servers.sorted { $0.key < $1.key }.map { (identity: $0.key, trust: $0.value) }
    }
}

extension TrustStore {
    /// What is stored for the server's identity (its address and its route's part).
    public func trust(for identity: ServerIdentity) throws(StorageError) -> ServerTrust {
        try trust(for: identity.key)
    }

    @discardableResult
    public func update<Result>(_ identity: ServerIdentity, _ body: (inout ServerTrust) throws -> Result) throws
        -> Result
    {
        try update(identity.key, body)
    }

    /// `update` for a change that cannot fail: the only errors are the file's.
    @discardableResult
    public func change<Result>(_ identity: ServerIdentity, _ body: (inout ServerTrust) -> Result) throws(StorageError)
        -> Result
    {
        let key = identity.key
        return try change { document in
            var trust = document.servers[key] ?? .none
            let result = body(&trust)
            document.servers[key] = trust == .none ? nil : trust
            return result
        }
    }

    @discardableResult
    public func remove(_ identity: ServerIdentity) throws(StorageError) -> Bool {
        try remove(identity.key)
    }
}
