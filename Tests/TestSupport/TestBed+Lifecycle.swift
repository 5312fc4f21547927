import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

public enum TestBedError: Error, CustomStringConvertible {
    case repositoryNotFound(String)
    case temporaryDirectory(String)
    case noEnvironment(String)
    case missingKey(String, String)
    case unreadable(String)
    case scriptFailed(String, ProcessResult)

    public var description: String {
        switch self {
        case .repositoryNotFound(let start):
            "cannot find the repository (Package.swift and scripts/testbed) above \(start)"
        case .temporaryDirectory(let reason):
            "cannot make a directory for the test bed: \(reason)"
        case .noEnvironment(let file):
            "no test bed description at \(file)"
        case .missingKey(let key, let file):
            "\(file) lacks a valid \(key)"
        case .unreadable(let file):
            "cannot read \(file)"
        case .scriptFailed(let command, let result):
            """
            scripts/testbed \(command) failed with status \(result.status):
            \(result.stderrText)\(result.stdoutText)
            """
        }
    }
}

/// What to stop when this process exits.
private struct PendingCleanup: Sendable {
    var script: String
    var directory: String
    var removeDirectory: Bool
}

private let pendingCleanup = Mutex<PendingCleanup?>(nil)

extension TestBed {
    /// Attaches to the bed named by `REMISSION_TESTBED_DIR`, or starts a new one.
    static func attachOrStart() throws -> TestBed {
        let environment = ProcessInfo.processInfo.environment
        if let directory = environment["REMISSION_TESTBED_DIR"], !directory.isEmpty {
            if FileManager.default.fileExists(atPath: directory + "/testbed.env") {
                return try TestBed(directory: directory)  // someone else's: left running
            }
            return try start(in: directory, removeDirectory: false)
        }
        let keep = !(environment["REMISSION_TESTBED_KEEP"] ?? "").isEmpty
        return try start(in: makeTemporaryDirectory(), removeDirectory: !keep)
    }

    /// Starts a bed in `directory` and arranges for it to stop when this process exits.
    static func start(in directory: String, removeDirectory: Bool) throws -> TestBed {
        guard FileManager.default.isExecutableFile(atPath: script) else {
            throw TestBedError.repositoryNotFound(#filePath)
        }
        // Registered first, so that a bed that half started is stopped too.
        pendingCleanup.withLock {
            $0 = PendingCleanup(script: script, directory: directory, removeDirectory: removeDirectory)
        }
        atexit { TestBed.cleanUpAtExit() }

        // The watchdog stops the bed should this process die without running atexit.
        var args = ["start", directory, "--watch-pid", String(getpid())]
        if let certs = ProcessInfo.processInfo.environment["REMISSION_TESTBED_CERTS"], !certs.isEmpty {
            args += ["--certs", certs]
        }
        let result = try ProcessRunner.run("/bin/bash", args: [script] + args, timeout: .seconds(60))
        guard result.status == 0 else {
            throw TestBedError.scriptFailed(args.joined(separator: " "), result)
        }
        let summary = result.stdoutText.split(separator: "\n").first.map(String.init) ?? directory
        FileHandle.standardError.write(Data("TestBed: \(summary)\n".utf8))
        return try TestBed(directory: directory)
    }

    /// Stops the bed this process started. Waits on this thread: no helper threads at exit.
    static func cleanUpAtExit() {
        let cleanup = pendingCleanup.withLock { pending in
            defer { pending = nil }
            return pending
        }
        guard let cleanup else { return }
        spawnAndWait("/bin/bash", [cleanup.script, "stop", cleanup.directory])
        if cleanup.removeDirectory {
            try? FileManager.default.removeItem(atPath: cleanup.directory)
        }
    }

    private static func spawnAndWait(_ path: String, _ args: [String]) {
        guard
            let pid = try? ProcessRunner.spawn(
                path, args: args, environment: ProcessInfo.processInfo.environment,
                currentDirectory: nil, stdin: nil, stdout: 1, stderr: 2)
        else { return }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }

    /// A fresh private directory under the system's temporary directory.
    static func makeTemporaryDirectory() throws -> String {
        var base = NSTemporaryDirectory()
        if !base.hasSuffix("/") { base += "/" }
        var template = Array((base + "remission-testbed.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let path = mkdtemp(buffer.baseAddress!) else { return nil }
            return String(cString: path)
        }
        guard let made else {
            throw TestBedError.temporaryDirectory(String(cString: strerror(errno)))
        }
        return made
    }

    /// Walks up from `file` to the directory holding Package.swift and scripts/testbed.
    static func findRepositoryRoot(from file: String) -> String {
        var url = URL(fileURLWithPath: file).deletingLastPathComponent()
        while url.path != "/" {
            let candidate = url.path
            if FileManager.default.fileExists(atPath: candidate + "/Package.swift"),
                FileManager.default.fileExists(atPath: candidate + "/scripts/testbed")
            {
                return candidate
            }
            url.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: file).deletingLastPathComponent().path
    }
}
