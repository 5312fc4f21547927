import Glibc
import RemissionModel
import RemissionTrust

/// The trust store: `trust.json` in the configuration directory, one `ServerTrust` per identity
/// (`scheme://host:port`). The file format is documented on `TrustDocument`.
///
/// - Warning: Nothing is ever changed implicitly. Evaluating trust only reads; the store changes only
///   through `update` and `remove`, which the CLI calls when the user asks (`trust accept`, `trust pin`,
///   `trust forget`, …). Each change is a locked read-modify-write with an atomic write, so concurrent
///   remission processes lose nothing.
public struct TrustStore: Sendable {
    private let file: VersionedFile<TrustDocument>

    /// The `trust.json` this store reads and writes.
    public var path: String { file.path }

    public init(path: String, lockTimeout: Duration = .seconds(10)) {
        file = VersionedFile(path: path, lockTimeout: lockTimeout, strictModes: true)
    }

    /// The store at `paths.trustFile`.
    public init(paths: StoragePaths) {
        self.init(path: paths.trustFile)
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
    /// What is stored for the endpoint's trust identity (scheme, lower-cased host, port).
    public func trust(for endpoint: ServerEndpoint) throws(StorageError) -> ServerTrust {
        try trust(for: endpoint.trustIdentity)
    }

    @discardableResult
    public func update<Result>(_ endpoint: ServerEndpoint, _ body: (inout ServerTrust) throws -> Result) throws
        -> Result
    {
        try update(endpoint.trustIdentity, body)
    }

    /// `update` for a change that cannot fail: the only errors are the file's.
    @discardableResult
    public func change<Result>(_ endpoint: ServerEndpoint, _ body: (inout ServerTrust) -> Result) throws(StorageError)
        -> Result
    {
        let identity = endpoint.trustIdentity
        return try change { document in
            var trust = document.servers[identity] ?? .none
            let result = body(&trust)
            document.servers[identity] = trust == .none ? nil : trust
            return result
        }
    }

    @discardableResult
    public func remove(_ endpoint: ServerEndpoint) throws(StorageError) -> Bool {
        try remove(endpoint.trustIdentity)
    }
}
