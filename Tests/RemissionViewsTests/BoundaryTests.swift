import Foundation
import Testing

/// The boundary of issue 11, checked on the sources: only the executable parses command lines or
/// writes to the terminal; the use cases and the views return values.
@Suite("Module boundary")
struct BoundaryTests {
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    static func sources(_ module: String) throws -> [(String, String)] {
        let directory = root + "/Sources/" + module
        return try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".swift") }.map {
            ($0, try String(contentsOfFile: directory + "/" + $0, encoding: .utf8))
        }
    }

    @Test(
        "no module but the executable imports ArgumentParser",
        arguments: [
            "RemissionModel", "RemissionTrust", "RemissionStorage", "RemissionTransport", "RemissionRPC",
            "RemissionCredentials", "RemissionSession", "RemissionViews",
        ])
    func argumentParser(module: String) throws {
        for (file, text) in try Self.sources(module) {
            #expect(!text.contains("import ArgumentParser"), "\(module)/\(file)")
        }
    }

    @Test("use cases and views never write to stdout or stderr", arguments: ["RemissionSession", "RemissionViews"])
    func noOutput(module: String) throws {
        let writers = ["print(", "printError(", "writeStandardError(", "STDOUT_FILENO", "STDERR_FILENO", "fputs("]
        for (file, text) in try Self.sources(module) {
            for writer in writers where Self.calls(text, writer) {
                Issue.record("\(module)/\(file) uses \(writer)")
            }
        }
    }

    /// Whether `text` has `name` not preceded by an identifier character (`print(`, not `Fingerprint(`).
    static func calls(_ text: String, _ name: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: name) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            if !(before.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ?? false) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    @Test("the trust module is pure: no storage, no files, no words for people")
    func pureTrust() throws {
        for (file, text) in try Self.sources("RemissionTrust") {
            for forbidden in ["import RemissionStorage", "AtomicFile", "open(", "quotedForShell", "UTCDate"] {
                #expect(!text.contains(forbidden), "RemissionTrust/\(file) uses \(forbidden)")
            }
        }
    }
}
