import Foundation
import TestSupport

/// A test bed of one test's own (`scripts/testbed start`), stopped at the end even when the test fails;
/// its watchdog stops it should the test process die.
struct PrivateBed {
    let bed: TestBed
    let directory: String
    static let script = TestBed.repositoryRoot + "/scripts/testbed"

    static func start() throws -> PrivateBed {
        let directory = NSTemporaryDirectory() + "remission-private-bed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var args = [script, "start", directory, "--watch-pid", String(getpid())]
        if let certs = ProcessInfo.processInfo.environment["REMISSION_TESTBED_CERTS"], !certs.isEmpty {
            args += ["--certs", certs]
        }
        let result = try ProcessRunner.run("/bin/bash", args: args, timeout: .seconds(90))
        guard result.status == 0 else {
            _ = try? ProcessRunner.run("/bin/bash", args: [script, "stop", directory])
            throw TestBedError.scriptFailed(args.joined(separator: " "), result)
        }
        return PrivateBed(bed: try TestBed(directory: directory), directory: directory)
    }

    func stop() {
        _ = try? ProcessRunner.run("/bin/bash", args: [Self.script, "stop", directory], timeout: .seconds(60))
        try? FileManager.default.removeItem(atPath: directory)
    }
}
