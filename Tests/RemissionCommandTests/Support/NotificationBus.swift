import Foundation
import TestSupport

/// A private D-Bus session bus (dbus-daemon with a minimal configuration: no service activation, so
/// nothing of the machine answers) and, unless asked otherwise, a fake notification server on it
/// (`scripts/lib/fake_notifications.py`) that records each Notify call as a JSON line. Stopped by
/// PID at the end of the test.
struct NotificationBus {
    let directory: String
    let daemonPID: pid_t
    let serverPID: pid_t?

    var address: String { "unix:path=\(directory)/bus" }
    var recordFile: String { directory + "/notifications.jsonl" }

    static func start(withServer: Bool = true) throws -> NotificationBus {
        let directory = NSTemporaryDirectory() + "remission-bus-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(directory)/bus</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        try config.write(toFile: directory + "/bus.conf", atomically: true, encoding: .utf8)
        _ = try ProcessRunner.run(
            "bash",
            args: [
                "-c",
                "setsid dbus-daemon --config-file=\"$1/bus.conf\" --nofork --print-pid=1 </dev/null >\"$1/pid\" 2>/dev/null &",
                "bash", directory,
            ], timeout: .seconds(10))
        let deadline = Date().addingTimeInterval(10)
        var daemon: pid_t?
        while Date() < deadline {
            if let text = try? String(contentsOfFile: directory + "/pid", encoding: .utf8),
                let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)),
                FileManager.default.fileExists(atPath: directory + "/bus")
            {
                daemon = pid
                break
            }
            usleep(20_000)
        }
        guard let daemon else { throw HostileServerError.notStarted }
        guard withServer else { return NotificationBus(directory: directory, daemonPID: daemon, serverPID: nil) }
        let script = TestBed.repositoryRoot + "/scripts/lib/fake_notifications.py"
        _ = try ProcessRunner.run(
            "bash",
            args: [
                "-c",
                "setsid /usr/bin/python3 \"$1\" \"$2/notifications.jsonl\" \"$2/ready\" </dev/null >/dev/null 2>&1 &",
                "bash", script, directory,
            ], env: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(directory)/bus"], timeout: .seconds(10))
        var server: pid_t?
        while Date() < deadline.addingTimeInterval(10), server == nil {
            let text = (try? String(contentsOfFile: directory + "/ready", encoding: .utf8)) ?? ""
            server = text.split(separator: "\n").first { $0.hasPrefix("pid=") }.flatMap { Int32($0.dropFirst(4)) }
            if server == nil { usleep(20_000) }
        }
        guard let server else {
            kill(daemon, SIGTERM)
            throw HostileServerError.notStarted
        }
        return NotificationBus(directory: directory, daemonPID: daemon, serverPID: server)
    }

    /// Every Notify call so far: `app`, `summary`, `body`, `urgency`.
    func notifications() -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: recordFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    func stop() {
        if let serverPID { kill(serverPID, SIGTERM) }
        kill(daemonPID, SIGTERM)
        try? FileManager.default.removeItem(atPath: directory)
    }
}
