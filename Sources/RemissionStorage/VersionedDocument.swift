/// A JSON file whose top level is `{"version": N, …}` (PRODUCT.md §4): `servers.json`, `trust.json`.
///
/// The conforming type encodes only its own members; `VersionedFile` adds and checks `version`, so the
/// type never sees a version it does not understand.
public protocol VersionedDocument: Codable, Equatable, Sendable {
    /// The newest version this remission reads and writes. Files with a larger version are refused.
    static var currentVersion: Int { get }
    /// Steps from older versions, one version each: the step `from: 1` turns a version-1 document into
    /// version 2. A file older than `currentVersion` is brought up to date through every step in turn.
    static var migrations: [DocumentMigration] { get }
    /// The document used when the file does not exist yet.
    init()
}

extension VersionedDocument {
    public static var migrations: [DocumentMigration] { [] }
}

/// Turns the top-level object of a version-`from` document into a version-`from + 1` one.
/// Throw (any error; its text becomes the detail of `StorageError.corrupt`) when the document cannot be
/// migrated. The `version` member is set by `VersionedFile`, not by the step.
public struct DocumentMigration: Sendable {
    public var from: Int
    public var migrate: @Sendable (inout DocumentJSON) throws -> Void

    public init(from version: Int, _ migrate: @escaping @Sendable (inout DocumentJSON) throws -> Void) {
        self.from = version
        self.migrate = migrate
    }
}
