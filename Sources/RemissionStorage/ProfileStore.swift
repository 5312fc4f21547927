import RemissionModel

/// The saved servers: `servers.json` in the configuration directory (format on `ServersDocument`).
///
/// Reading never creates or changes the file; a legacy file from the original Remission app is imported
/// in memory and written (as version 1, with `servers.json.v0.bak` kept) by the first change. Each
/// change is a locked read-modify-write with an atomic write, so concurrent remission processes lose
/// nothing, and nothing is written when nothing changes.
///
/// The default server is never chosen silently: it is set by the first profile added, by
/// `upsert(_:makeDefault: true)` and by `setDefault`, follows a `rename`, and when the default profile
/// is removed becomes the one profile left, if exactly one is (`servers remove` says so), else `nil`
/// (like ssh or git, remission then asks the user to name a server rather than picking one of several).
public struct ProfileStore: Sendable {
    private let file: VersionedFile<ServersDocument>

    /// The `servers.json` this store reads and writes.
    public var path: String { file.path }

    public init(path: String, lockTimeout: Duration = .seconds(10)) {
        file = VersionedFile(path: path, lockTimeout: lockTimeout, strictModes: true)
    }

    /// The store at `paths.serversFile`.
    public init(paths: StoragePaths) {
        self.init(path: paths.serversFile)
    }

    /// The default server's name (or `nil`) and every profile, in the order they were added.
    public func all() throws(ProfileError) -> (default: String?, profiles: [ServerProfile]) {
        let document = try load()
        return (document.defaultName, document.profiles)
    }

    /// The profile called `name` (exactly); `ProfileError.notFound` listing the saved names otherwise.
    public func profile(named name: String) throws(ProfileError) -> ServerProfile {
        let document = try load()
        guard let index = document.index(of: name) else { throw Self.notFound(name, in: document) }
        return document.profiles[index]
    }

    /// The first profile (in file order) with the same scheme, host, port and path; `nil` when none.
    public func profile(for endpoint: ServerEndpoint) throws(ProfileError) -> ServerProfile? {
        try load().profiles.first { $0.endpoint == endpoint }
    }

    /// Adds `profile`, or updates the one with the same name in place (same position). An update keeps
    /// the stored `createdAt`, keeps the stored `legacyID` when `profile` has none, and keeps stored
    /// unknown options that `profile` does not set; everything else comes from `profile`. The profile
    /// becomes the default when `makeDefault` is true or when there is no default yet and it is new
    /// (so the first server added is the default). Returns the profile as stored.
    @discardableResult
    public func upsert(_ profile: ServerProfile, makeDefault: Bool = false) throws(ProfileError) -> ServerProfile {
        try ServerProfile.validateName(profile.name)
        if let problem = profile.problem() { throw .invalidProfile(profile.name, detail: problem.text) }
        return try change { document in
            var stored = profile
            if let index = document.index(of: profile.name) {
                let existing = document.profiles[index]
                stored.createdAt = existing.createdAt
                stored.legacyID = profile.legacyID ?? existing.legacyID
                stored.options.unknown = existing.options.unknown.merging(profile.options.unknown) { $1 }
                document.profiles[index] = stored
            } else {
                document.profiles.append(stored)
                if document.defaultName == nil { document.defaultName = stored.name }
            }
            if makeDefault { document.defaultName = stored.name }
            return stored
        }
    }

    /// Removes the profile called `name` and returns it; `nil` (and nothing written) when there is none.
    /// When it was the default, the one profile left becomes the default; with several left, none does.
    @discardableResult
    public func remove(named name: String) throws(ProfileError) -> ServerProfile? {
        try change { document in
            guard let index = document.index(of: name) else { return nil }
            let removed = document.profiles.remove(at: index)
            if document.defaultName == name {
                document.defaultName = document.profiles.count == 1 ? document.profiles[0].name : nil
            }
            return removed
        }
    }

    /// Makes `name` the default server, or clears the default with `nil`. `ProfileError.notFound` when
    /// there is no such profile.
    public func setDefault(_ name: String?) throws(ProfileError) {
        try change { (document) throws(ProfileError) in
            if let name, document.index(of: name) == nil { throw Self.notFound(name, in: document) }
            document.defaultName = name
        }
    }

    /// Renames the profile `old` to `new`, keeping everything else and its position; the default follows.
    /// Errors: `invalidName` for `new`, `notFound` for `old`, `alreadyExists` when `new` is taken.
    /// Renaming to the same name changes nothing.
    @discardableResult
    public func rename(_ old: String, to new: String) throws(ProfileError) -> ServerProfile {
        try ServerProfile.validateName(new)
        return try change { (document) throws(ProfileError) in
            guard let index = document.index(of: old) else { throw Self.notFound(old, in: document) }
            guard old != new else { return document.profiles[index] }
            if document.index(of: new) != nil { throw .alreadyExists(new) }
            document.profiles[index].name = new
            if document.defaultName == old { document.defaultName = new }
            return document.profiles[index]
        }
    }

    private func load() throws(ProfileError) -> ServersDocument {
        do { return try file.load() } catch { throw .storage(error) }
    }

    private func change<Result>(_ body: (inout ServersDocument) throws(ProfileError) -> Result) throws(ProfileError)
        -> Result
    {
        do {
            return try file.update { document in try body(&document) }
        } catch let error as ProfileError {
            throw error
        } catch let error as StorageError {
            throw .storage(error)
        } catch {
            throw .storage(.corrupt(path: path, detail: "\(error)"))
        }
    }

    private static func notFound(_ name: String, in document: ServersDocument) -> ProfileError {
        .notFound(name, saved: document.profiles.map(\.name))
    }
}
