import Foundation
import Testing

@testable import RemissionCredentials

/// The ways the keyring can be missing, end to end against real D-Bus sessions.
///
/// GLib connects a process to one session bus for its whole life, so each case runs in a
/// child process with its own environment: this test binary itself, re-run with a filter that
/// selects only ``FailureScenarioChild`` (Package.swift has no room for a helper executable).
/// The child checks what `status()` and `lookup` give against ``FailureScenario/expected``
/// and exits non-zero when they differ. The CLI's tests can do the same with the `remission`
/// binary. None of these touch a real keyring: every bus and keyring directory is private.
@Suite("Keyring failures, end to end")
struct FailureScenarioTests {
    @Test("no session bus: the up-front check says so")
    func noSessionBus() throws {
        try FailureScenario.noSessionBus.check(environment: ["DBUS_SESSION_BUS_ADDRESS": nil, "XDG_RUNTIME_DIR": nil])
    }

    @Test("no session bus, past the check: GLib's failed X11 autolaunch is recognised")
    func autolaunch() throws {
        try FailureScenario.autolaunch.check(environment: ["DBUS_SESSION_BUS_ADDRESS": nil, "XDG_RUNTIME_DIR": nil])
    }

    @Test("a stale bus address")
    func staleAddress() throws {
        let directory = try FailureScenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FailureScenario.staleAddress.check(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(directory)/gone"])
    }

    @Test("a bus without a Secret Service provider")
    func noProvider() throws {
        let directory = try FailureScenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FailureScenario.noProvider.check(
            busConfig: try FailureScenario.busConfig(in: directory, serviceDirectory: nil))
    }

    @Test("a provider that never answers: the deadline ends the wait")
    func hungProvider() throws {
        let directory = try FailureScenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Activation starts a "provider" that never takes the name; the bus would wait 25 s.
        // (No script file: one written just before it is run can fail with "Text file busy"
        // while a parallel test's child still holds it open.) It ends by itself after 5 s.
        let provider = "/bin/sh -c 'exec sleep 5 </dev/null >/dev/null 2>&1'"
        try FileManager.default.createDirectory(atPath: directory + "/services", withIntermediateDirectories: false)
        try "[D-BUS Service]\nName=org.freedesktop.secrets\nExec=\(provider)\n".write(
            toFile: directory + "/services/org.freedesktop.secrets.service", atomically: true, encoding: .utf8)

        let start = ContinuousClock.now
        try FailureScenario.hungProvider.check(
            busConfig: try FailureScenario.busConfig(in: directory, serviceDirectory: directory + "/services"))
        #expect(ContinuousClock.now - start < .seconds(4))  // two deadlines of 0.5 s, not 2 x 25 s
    }

    @Test("gnome-keyring activatable but without a login keyring")
    func noDefaultCollection() throws {
        let directory = try FailureScenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(
            atPath: directory + "/run", withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        // The system's session configuration: gnome-keyring is D-Bus-activated, not unlocked.
        try FailureScenario.noDefaultCollection.check(
            busConfig: "/usr/share/dbus-1/session.conf",
            environment: [
                "XDG_RUNTIME_DIR": directory + "/run", "XDG_DATA_HOME": directory + "/data", "HOME": directory,
            ])
    }
}

/// Runs only as the child of a ``FailureScenarioTests`` test.
@Suite("Keyring failure scenario (child process)")
struct FailureScenarioChild {
    @Test(.enabled(if: FailureScenario.current != nil, "runs only in the child process of an end-to-end failure test"))
    func check() throws {
        let scenario = try #require(FailureScenario.current)
        let (status, error) = scenario.expected
        let keyring = SecretServiceKeyring(
            environment: scenario == .autolaunch ? ["DBUS_SESSION_BUS_ADDRESS": "assumed"] : nil,
            timeout: scenario == .hungProvider ? .milliseconds(500) : .seconds(10))
        let key = try CredentialKey(server: "nas.test", port: 9091, scheme: .http, user: "admin")
        #expect(keyring.status() == status)
        // lookup asks for the password first, so a hung provider is caught while looking up.
        let lookupError = scenario == .hungProvider ? KeyringError.timedOut(operation: .lookup) : error
        #expect(throws: lookupError) { try keyring.lookup(key) }
        // Proof that this ran: a filter that matched nothing would also exit 0.
        try "checked \(scenario.rawValue)\n".write(
            toFile: ProcessInfo.processInfo.environment[FailureScenario.reportVariable] ?? "/dev/null",
            atomically: true,
            encoding: .utf8)
    }
}

enum FailureScenario: String {
    case noSessionBus, autolaunch, staleAddress, noProvider, hungProvider, noDefaultCollection

    static let variable = "REMISSION_KEYRING_SCENARIO"
    static let reportVariable = "REMISSION_KEYRING_SCENARIO_REPORT"

    static var current: FailureScenario? {
        ProcessInfo.processInfo.environment[variable].flatMap(FailureScenario.init(rawValue:))
    }

    /// What `status()` says and `lookup` throws, with the real messages of Debian 12's GLib,
    /// libsecret and gnome-keyring.
    var expected: (status: KeyringStatus, lookup: KeyringError) {
        let error: KeyringError
        switch self {
        case .noSessionBus: error = .noSessionBus(reason: "DBUS_SESSION_BUS_ADDRESS is not set")
        case .autolaunch: error = .noSessionBus(reason: "Cannot autolaunch D-Bus without X11 $DISPLAY")
        case .staleAddress: error = .sessionBusUnreachable(reason: "Could not connect: No such file or directory")
        case .noProvider:
            error = .noProvider(reason: "The name org.freedesktop.secrets was not provided by any .service files")
        case .hungProvider: error = .timedOut(operation: .connect)
        case .noDefaultCollection: error = .noDefaultCollection(reason: "no collection has the alias 'default'")
        }
        return (KeyringStatus(error), error)
    }

    /// Runs the child (inside `dbus-run-session --config-file=busConfig` when given) with the
    /// environment changed as listed (nil removes a variable); fails unless the child's checks
    /// ran and passed.
    func check(busConfig: String? = nil, environment changes: [String: String?] = [:]) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = directory + "/report"
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")

        // No display, no desktop keyring, no bus but the one given. `env` takes every -u first.
        var removed = ["DISPLAY", "WAYLAND_DISPLAY", "GNOME_KEYRING_CONTROL"]
        if busConfig != nil { removed.append("DBUS_SESSION_BUS_ADDRESS") }
        removed += changes.filter { $0.value == nil }.map(\.key)
        let assigned =
            changes.compactMap { name, value in value.map { "\(name)=\($0)" } }
            + ["\(Self.variable)=\(rawValue)", "\(Self.reportVariable)=\(report)"]
        var command = ["env"] + removed.flatMap { ["-u", $0] } + assigned.sorted()
        if let busConfig { command += ["dbus-run-session", "--config-file=\(busConfig)", "--"] }
        command += [executable, "--testing-library", "swift-testing", "--filter", "FailureScenarioChild"]

        let result = try Command.run(command, limit: 30)
        let proof = try? String(contentsOfFile: report, encoding: .utf8)
        #expect(
            result.status == 0 && proof == "checked \(rawValue)\n", "child output:\n\(result.output)\(result.errors)")
    }

    /// A session bus configuration that listens in `directory` and activates services only
    /// from `serviceDirectory` (none when nil): the system's services are not visible.
    static func busConfig(in directory: String, serviceDirectory: String?) throws -> String {
        let services = serviceDirectory.map { "<servicedir>\($0)</servicedir>" } ?? ""
        let text = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:dir=\(directory)</listen>
              <auth>EXTERNAL</auth>
              \(services)
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        let path = directory + "/session.conf"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "remission-scenario-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }
}
