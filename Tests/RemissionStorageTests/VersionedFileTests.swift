import TestSupport
import Testing

@testable import RemissionStorage

/// A document at version 3. Version 1 kept `"items": ["a", …]`; version 2 turned it into
/// `"entries": {"a": "", …}`; version 3 renamed `"entries"` to `"notes"`.
struct Notebook: VersionedDocument {
    static let currentVersion = 3
    static let migrations = [
        DocumentMigration(from: 1) { document in
            guard case .array(let items)? = document["items"] else { throw MigrationFailure() }
            var entries: [String: DocumentJSON] = [:]
            for case .string(let item) in items { entries[item] = .string("") }
            document["items"] = nil
            document["entries"] = .object(entries)
        },
        DocumentMigration(from: 2) { document in
            document["notes"] = document["entries"]
            document["entries"] = nil
        },
    ]

    var notes: [String: String] = [:]

    init() {}
    init(notes: [String: String]) { self.notes = notes }
}

struct MigrationFailure: Error, CustomStringConvertible {
    var description: String { "no items list" }
}

/// A document whose newest version is 1, for files written by a newer remission.
struct Ledger: VersionedDocument {
    static let currentVersion = 1
    var lines: [String] = []
}

@Suite("VersionedFile")
struct VersionedFileTests {
    @Test("a missing file loads as the empty document and is not created")
    func missing() throws {
        let directory = TemporaryDirectory()
        let file = VersionedFile<Notebook>(path: directory.file("notes.json"))
        #expect(try file.load() == Notebook())
        #expect(directoryEntries(directory.path) == [])
    }

    @Test("update writes pretty, sorted JSON with the version, mode 0600")
    func writes() throws {
        let directory = TemporaryDirectory()
        let file = VersionedFile<Notebook>(path: directory.file("notes.json"))
        try file.update {
            $0.notes["b"] = "2"
            $0.notes["a"] = "1"
        }
        let expected = """
            {
              "notes" : {
                "a" : "1",
                "b" : "2"
              },
              "version" : 3
            }

            """
        #expect(readText(file.path) == expected)
        #expect(permissions(of: file.path) == 0o600)
        #expect(try file.load() == Notebook(notes: ["a": "1", "b": "2"]))
    }

    @Test("update returns the body's result and writes nothing when nothing changed")
    func unchanged() throws {
        let directory = TemporaryDirectory()
        let file = VersionedFile<Notebook>(path: directory.file("notes.json"))
        let count = try file.update { $0.notes.count }
        #expect(count == 0)
        #expect(!exists(file.path))
    }

    @Test("update writes nothing when the body throws")
    func bodyThrows() throws {
        struct Refused: Error {}
        let directory = TemporaryDirectory()
        let file = VersionedFile<Notebook>(path: directory.file("notes.json"))
        try file.update { $0.notes["kept"] = "yes" }
        let before = readRaw(file.path)
        #expect(throws: Refused.self) {
            try file.update { document in
                document.notes["lost"] = "no"
                throw Refused()
            }
        }
        #expect(readRaw(file.path) == before)
    }

    @Test(
        "corrupt files are refused with their path and left byte-identical",
        arguments: [
            ("{\"notes\": {", "it is not valid JSON"),
            ("", "it is not valid JSON"),
            ("[1, 2]", "the top level is not a JSON object"),
            ("{\"notes\": {}}", "it has no valid \"version\" (a whole number from 1 up)"),
            ("{\"version\": \"3\", \"notes\": {}}", "it has no valid \"version\" (a whole number from 1 up)"),
            ("{\"version\": 0, \"notes\": {}}", "it has no valid \"version\" (a whole number from 1 up)"),
            ("{\"version\": 3, \"notes\": [1]}", "at notes"),
            ("{\"version\": 3, \"notes\": {\"a\": 1}}", "at notes.a"),
            ("{\"version\": 1, \"other\": 1}", "could not be upgraded from version 1: no items list"),
        ])
    func corrupt(content: String, detail: String) throws {
        let directory = TemporaryDirectory()
        let file = VersionedFile<Notebook>(path: directory.file("notes.json"))
        writeRaw(content, to: file.path)
        let before = readRaw(file.path)

        for attempt in [{ _ = try file.load() }, { try file.update { $0.notes["x"] = "y" } }] {
            do {
                try attempt()
                Issue.record("a corrupt file was accepted")
            } catch let StorageError.corrupt(path, found) {
                #expect(path == file.path)
                #expect(found.contains(detail), "detail was: \(found)")
            }
        }
        #expect(readRaw(file.path) == before)
        #expect(!exists(file.path + ".v1.bak"))
    }

    @Test("a newer version is refused, never rewritten")
    func newerVersion() throws {
        let directory = TemporaryDirectory()
        let file = VersionedFile<Ledger>(path: directory.file("ledger.json"))
        writeRaw("{\"version\": 3, \"lines\": [\"x\"], \"future\": true}", to: file.path)
        let before = readRaw(file.path)
        let expected = StorageError.newerVersion(path: file.path, found: 3, supported: 1)
        #expect(throws: expected) { try file.load() }
        #expect(throws: expected) { try file.update { $0.lines.append("y") } }
        #expect(readRaw(file.path) == before)
    }

    @Test("an older version is migrated step by step; load alone does not rewrite it")
    func migrates() throws {
        let directory = TemporaryDirectory()
        let file = VersionedFile<Notebook>(path: directory.file("notes.json"))
        let original = "{\"version\": 1, \"items\": [\"a\", \"b\"]}"
        writeRaw(original, to: file.path)

        #expect(try file.load() == Notebook(notes: ["a": "", "b": ""]))
        #expect(readText(file.path) == original)

        try file.update { $0.notes["c"] = "new" }
        #expect(try file.load() == Notebook(notes: ["a": "", "b": "", "c": "new"]))
        #expect(readText(file.path)?.contains("\"version\" : 3") == true)
        // The version-1 original is kept for an older remission to go back to.
        #expect(readText(file.path + ".v1.bak") == original)
    }

    @Test("a version 2 file runs only the last step")
    func migratesFromTwo() throws {
        let directory = TemporaryDirectory()
        let file = VersionedFile<Notebook>(path: directory.file("notes.json"))
        writeRaw("{\"version\": 2, \"entries\": {\"k\": \"v\"}}", to: file.path)
        #expect(try file.load() == Notebook(notes: ["k": "v"]))
    }

    @Test("an old version without a migration step is refused")
    func noMigration() throws {
        let directory = TemporaryDirectory()
        let file = VersionedFile<Ledger>(path: directory.file("ledger.json"))
        writeRaw("{\"version\": 1, \"lines\": []}", to: file.path)
        #expect(try file.load() == Ledger())
        struct Ledger2: VersionedDocument {
            static let currentVersion = 2
            var lines: [String] = []
        }
        #expect(throws: StorageError.corrupt(path: file.path, detail: "version 1 is not one this remission can read")) {
            try VersionedFile<Ledger2>(path: file.path).load()
        }
    }
}
