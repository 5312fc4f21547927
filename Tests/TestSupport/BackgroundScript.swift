import Foundation

/// Starts one of scripts/lib's Python servers in its own session, detached, and waits (10 s at
/// most) until it has written `port=N` and `pid=N` to `portFile`: the port it listens on and the
/// PID its owner stops it by.
enum BackgroundScript {
    static func start(_ script: String, arguments: [String], portFile: String) throws -> (port: Int, pid: pid_t) {
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        _ = try ProcessRunner.run(
            "bash", args: ["-c", "setsid \"$@\" </dev/null >/dev/null 2>&1 &", "bash", python, script] + arguments,
            timeout: .seconds(10))
        let deadline = Date().addingTimeInterval(10)
        var fields: [String: Int] = [:]
        while Date() < deadline, fields["pid"] == nil {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8) {
                for line in text.split(separator: "\n") {
                    let parts = line.split(separator: "=")
                    if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
                }
            }
            usleep(20_000)
        }
        guard let port = fields["port"], let pid = fields["pid"] else { throw HostileServerError.notStarted }
        return (port, pid_t(pid))
    }
}
