import Foundation
import TestSupport
import Testing

/// ssh's StrictModes for Remission's configuration, and a process that leaves no core behind.
@Suite("configuration others may write is refused; no core dumps (process)")
struct StrictModesTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    @Test(
        "servers.json or trust.json writable by others, or their directory, is refused with the fix",
        arguments: [("servers.json", 0o666 as mode_t), ("trust.json", 0o620), ("", 0o777)])
    func refused(file: String, mode: mode_t) throws {
        let home = CLIHome(bed: bed)
        try home.saveOfflineServers(["nas"])
        let trust = try home.run(["trust", "http", "nas", "--acknowledge"])
        try #require(trust.status == 0, "\(trust.all)")
        let path = file.isEmpty ? home.configDirectory : home.configDirectory + "/" + file
        try #require(chmod(path, mode) == 0)
        let run = try home.run(["list", "--server", "nas"])
        #expect(run.status == 1, "\(run.all)")
        #expect(run.err.contains(path), "\(run.all)")
        #expect(run.err.contains(file.isEmpty ? "chmod go-w" : "chmod 600"), "\(run.all)")
        let russian = try home.run(["list", "--server", "nas"], env: ["LANG": "ru_RU.UTF-8"])
        #expect(russian.err.contains("Исправьте"), "\(russian.all)")
        // Fixed as the message says, the same command reads the file again.
        try #require(chmod(path, file.isEmpty ? 0o700 : 0o600) == 0)
        let fixed = try home.run(["servers", "list"])
        #expect(fixed.status == 0, "\(fixed.all)")
        #expect(fixed.out.contains("nas"), "\(fixed.all)")
    }

    /// ssh's `secure_path`: the file is judged where its link leads, and so is every directory above
    /// it. A link in the user's own 0700 directory to a 0600 file in a directory others may write (or
    /// under one) is refused, naming that directory; fixed, the same command reads it.
    @Test(
        "trust.json or servers.json linked into a directory others may write, or one under it, is refused",
        arguments: [("trust.json", false), ("servers.json", false), ("trust.json", true)])
    func linkedIntoSharedDirectory(file: String, nested: Bool) throws {
        let home = CLIHome(bed: bed)
        try home.saveOfflineServers(["nas"])
        let trust = try home.run(["trust", "http", "nas", "--acknowledge"])
        try #require(trust.status == 0, "\(trust.all)")
        let outside = TemporaryDirectory()
        let shared = outside.file("shared")
        let holder = nested ? shared + "/inner" : shared
        try FileManager.default.createDirectory(atPath: holder, withIntermediateDirectories: true)
        try #require(chmod(shared, 0o777) == 0)
        if nested { try #require(chmod(holder, 0o700) == 0) }
        let link = home.configDirectory + "/" + file
        try FileManager.default.moveItem(atPath: link, toPath: holder + "/" + file)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: holder + "/" + file)
        let run = try home.run(["list", "--server", "nas"])
        #expect(run.status == 1, "\(run.all)")
        #expect(run.err.contains("\(shared) may be written by other users (mode 777)"), "\(run.all)")
        #expect(run.err.contains("chmod go-w \(shared)"), "\(run.all)")
        try #require(chmod(shared, 0o755) == 0)
        let fixed = try home.run(["list", "--server", "nas"])
        #expect(fixed.status == 3, "read, and offline as saved: \(fixed.all)")
        // The link itself must be the user's: one another user made is refused, whatever it leads to.
        try #require(lchown(link, 65534, 65534) == 0)
        let foreign = try home.run(["list", "--server", "nas"])
        #expect(foreign.status == 1, "\(foreign.all)")
        #expect(foreign.err.contains("\(link) belongs to another user"), "\(foreign.all)")
    }

    @Test("a running remission has no core file limit (a core would hold the password)")
    func noCoreDumps() throws {
        let server = try HostileServer(scenario: ["methods": ["session-get": ["hang": true]]])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestBed.builtProduct("remission"))
        process.arguments = ["check", server.url(), "--timeout", "5"]
        let home = TemporaryDirectory()
        process.environment = [
            "HOME": home.path, "REMISSION_CONFIG_HOME": home.file("config"), "REMISSION_CACHE_HOME": home.file("cache"),
            "REMISSION_STATE_HOME": home.file("state"), "TR_AUTH": "user:secret",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        var limits = ""
        for _ in 0..<100 {
            limits = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/limits", encoding: .utf8)) ?? ""
            if String(decoding: server.receivedLog, as: UTF8.self).contains("session-get") { break }
            usleep(20_000)
        }
        limits = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/limits", encoding: .utf8)) ?? ""
        let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
        let fields = core?.split(separator: " ", omittingEmptySubsequences: true) ?? []
        #expect(fields.count >= 6 && fields[4] == "0" && fields[5] == "0", "\(core ?? "no line")")
    }
}
