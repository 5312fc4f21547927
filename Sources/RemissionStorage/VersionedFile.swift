import FoundationEssentials
import RemissionModel

/// Loads and updates one `VersionedDocument` file.
///
/// - A missing file reads as the empty document `Document()`; reading never creates it.
/// - Invalid JSON, a top level without an integer `version`, or content that does not decode is
///   `StorageError.corrupt`, and the file is left exactly as it was.
/// - A `version` above `Document.currentVersion` is `StorageError.newerVersion`: refused, never rewritten.
/// - An older version is migrated in memory; it is written back (as the current version) only by an
///   `update` that changes something, and then the original bytes are first kept as `NAME.vN.bak`.
/// - A top-level JSON array is "version 0" when `Document.migrations` has a step `from: 0` (for a legacy
///   format that had no version, such as the original Remission app's `servers.json`); that step receives
///   the array and must turn it into an object. It is backed up as `NAME.v0.bak` like any older version.
///   Without such a step an array is `corrupt`, as before.
///
/// Written files are pretty-printed JSON with sorted keys, so they are stable and diff well.
public struct VersionedFile<Document: VersionedDocument>: Sendable {
    public let path: String
    /// How long `update` waits for another process to finish its own update. Default 10 seconds.
    public var lockTimeout: Duration
    /// Refuse the file when another user may write it or its directory (`StrictModes`): for the
    /// configuration, which decides trust and where passwords go.
    public var strictModes: Bool
    /// A step of migration that needs more than the document (trust.json's from version 1 needs the
    /// saved servers' routes): run on the decoded document after `Document.migrations`, whenever the
    /// file was older than the current version, with that version. Pure over what it is given, so a
    /// file read twice migrates the same way; what it changes is written only with an update.
    public var migrationWithSurroundings: (@Sendable (inout Document, _ fromVersion: Int) throws(StorageError) -> Void)?

    public init(path: String, lockTimeout: Duration = .seconds(10), strictModes: Bool = false) {
        self.path = path
        self.lockTimeout = lockTimeout
        self.strictModes = strictModes
    }

    /// The document in the file, migrated to the current version; `Document()` when there is no file.
    public func load() throws(StorageError) -> Document {
        try read().document
    }

    /// Locks the file, loads it, lets `body` change the document, and writes it back atomically if it
    /// changed; returns what `body` returns. Nothing is written when `body` throws or changes nothing,
    /// so a missing file is not created by an update that adds nothing.
    public func update<Result>(_ body: (inout Document) throws -> Result) throws -> Result {
        try FileLock.withLock(protecting: path, timeout: lockTimeout) {
            let loaded = try read()
            var document = loaded.document
            let result = try body(&document)
            if document != loaded.document {
                if let original = loaded.olderOriginal {
                    try AtomicFile.write(original.bytes, to: "\(path).v\(original.version).bak")
                }
                try AtomicFile.write(try encode(document), to: path)
            }
            return result
        }
    }

    /// The document and, when it was migrated from an older version, the original bytes and version.
    private func read() throws(StorageError) -> (document: Document, olderOriginal: (bytes: [UInt8], version: Int)?) {
        if strictModes { try StrictModes.check(file: path) }
        guard let bytes = try AtomicFile.read(path) else { return (Document(), nil) }
        let top: DocumentJSON
        do { top = DocumentJSON(try JSONValue.parse(bytes)) } catch {
            throw .corrupt(path: path, detail: "it is not valid JSON")
        }
        let found: Int
        switch top {
        case .array where Document.migrations.contains(where: { $0.from == 0 }):
            found = 0  // The unversioned format that came before version 1 (see the type's doc comment).
        case .object:
            guard case .integer(let version) = top["version"], version >= 1, let value = Int(exactly: version) else {
                throw .corrupt(path: path, detail: "it has no valid \"version\" (a whole number from 1 up)")
            }
            found = value
        default:
            throw .corrupt(path: path, detail: "the top level is not a JSON object")
        }
        if found > Document.currentVersion {
            throw .newerVersion(path: path, found: found, supported: Document.currentVersion)
        }
        if found == Document.currentVersion {
            return (try decode(top), nil)
        }
        var document = try decode(try migrate(top, from: found))
        try migrationWithSurroundings?(&document, found)
        return (document, (bytes, found))
    }

    private func migrate(_ top: DocumentJSON, from found: Int) throws(StorageError) -> DocumentJSON {
        var document = top
        for version in found..<Document.currentVersion {
            guard let step = Document.migrations.first(where: { $0.from == version }) else {
                throw .corrupt(path: path, detail: "version \(version) is not one this remission can read")
            }
            do { try step.migrate(&document) } catch {
                throw .corrupt(path: path, detail: "it could not be upgraded from version \(version): \(error)")
            }
            document["version"] = .integer(Int64(version + 1))
        }
        return document
    }

    private func decode(_ document: DocumentJSON) throws(StorageError) -> Document {
        do {
            return try DocumentDecoder.decode(Document.self, from: document)
        } catch let error as DecodingError {
            throw .corrupt(path: path, detail: describe(error))
        } catch {
            throw .corrupt(path: path, detail: "\(error)")
        }
    }

    /// The document's own members plus `version`, pretty-printed with sorted keys and a final newline.
    private func encode(_ document: Document) throws(StorageError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            var top = DocumentJSON(try JSONValue.parse(Array(JSONEncoder().encode(document))))
            guard case .object = top else {
                throw StorageError.corrupt(path: path, detail: "\(Document.self) does not encode as a JSON object")
            }
            top["version"] = .integer(Int64(Document.currentVersion))
            return Array(try encoder.encode(top)) + [UInt8(ascii: "\n")]
        } catch let error as StorageError {
            throw error
        } catch {
            throw .corrupt(path: path, detail: "it could not be encoded: \(error)")
        }
    }
}

/// "at servers.https://nas:443.pins[0]: expected a string" — where and what, without quoting file content.
func describe(_ error: DecodingError) -> String {
    func location(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "" }
        let text = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        return " at " + (text.hasPrefix(".") ? String(text.dropFirst()) : text)
    }
    switch error {
    case .keyNotFound(let key, let context):
        return "\"\(key.stringValue)\" is missing\(location(context.codingPath))"
    case .valueNotFound(_, let context), .typeMismatch(_, let context), .dataCorrupted(let context):
        return "\(context.debugDescription.trimmingSuffix("."))\(location(context.codingPath))"
    @unknown default:
        return "\(error)"
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
