import Foundation

/// A fresh directory for one test, removed with everything in it when the value is dropped.
/// (Tests may use Foundation; the library avoids it for start-up time.)
public final class TemporaryDirectory {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "remission-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    public func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The permission bits of `path`, or nil when it does not exist.
public func permissions(of path: String) -> Int? {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    return (attributes?[.posixPermissions] as? NSNumber)?.intValue
}

public func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

/// Names in `directory`, sorted.
public func directoryEntries(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
}

public func writeRaw(_ text: String, to path: String, permissions: Int = 0o644) {
    _ = FileManager.default.createFile(
        atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: permissions])
}

public func readRaw(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
}

public func readText(_ path: String) -> String? {
    readRaw(path).map { String(decoding: $0, as: UTF8.self) }
}
