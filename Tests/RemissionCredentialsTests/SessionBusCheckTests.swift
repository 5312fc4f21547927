import CSecret
import Foundation
import Testing

@testable import RemissionCredentials

/// The up-front check for a session bus, with an injected environment: no D-Bus call is made,
/// so these run anywhere, inside or outside scripts/with-keyring.
@Suite("No session bus")
struct SessionBusCheckTests {
    static let key = try! CredentialKey(server: "nas.local", port: 9091, scheme: .http, user: "admin")
    static let noBus = KeyringError.noSessionBus(reason: "DBUS_SESSION_BUS_ADDRESS is not set")

    @Test("without DBUS_SESSION_BUS_ADDRESS every operation fails fast with the clear message")
    func failsFast() {
        let keyring = SecretServiceKeyring(environment: ["HOME": "/root"])
        #expect(keyring.status() == .noSessionBus(reason: "DBUS_SESSION_BUS_ADDRESS is not set"))
        #expect(throws: Self.noBus) { try keyring.lookup(Self.key) }
        #expect(throws: Self.noBus) { try keyring.store("s3cret", for: Self.key) }
        #expect(throws: Self.noBus) { try keyring.remove(Self.key) }
    }

    @Test("an empty address counts as none")
    func emptyAddress() {
        let keyring = SecretServiceKeyring(environment: ["DBUS_SESSION_BUS_ADDRESS": ""])
        #expect(throws: Self.noBus) { try keyring.checkSessionBus() }
    }

    @Test("an address is enough for the check")
    func address() throws {
        let keyring = SecretServiceKeyring(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"])
        try keyring.checkSessionBus()
    }

    @Test("without an address, a socket at $XDG_RUNTIME_DIR/bus (systemd's user bus) is enough")
    func systemdUserBus() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "remission-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyring = SecretServiceKeyring(environment: ["XDG_RUNTIME_DIR": directory.path])

        #expect(throws: Self.noBus) { try keyring.checkSessionBus() }  // no bus there yet
        #expect(FileManager.default.createFile(atPath: directory.path + "/bus", contents: Data()))
        #expect(throws: Self.noBus) { try keyring.checkSessionBus() }  // a plain file is not a bus
        try FileManager.default.removeItem(atPath: directory.path + "/bus")

        let listener = try UnixSocket(path: directory.path + "/bus")
        defer { listener.close() }
        try keyring.checkSessionBus()
    }
}

@Suite("Deadline")
struct DeadlineTests {
    @Test("cancels the operation when the timeout passes")
    func expires() async throws {
        let deadline = Deadline(timeout: .milliseconds(50))
        defer { deadline.finish() }
        let start = ContinuousClock.now
        while !deadline.expired, ContinuousClock.now - start < .seconds(5) {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(deadline.expired)
        #expect(libsecret.g_cancellable_is_cancelled(deadline.cancellable) != 0)
        #expect(ContinuousClock.now - start >= .milliseconds(45))
    }

    @Test("finishing first stops the thread at once and cancels nothing")
    func finishesFirst() {
        let start = ContinuousClock.now
        let deadline = Deadline(timeout: .seconds(30))
        deadline.finish()
        deadline.finish()  // idempotent
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(!deadline.expired)
        #expect(libsecret.g_cancellable_is_cancelled(deadline.cancellable) == 0)
    }

    @Test("a zero timeout is over before the first call")
    func zero() {
        let deadline = Deadline(timeout: .zero)
        defer { deadline.finish() }
        #expect(deadline.expired)
        #expect(libsecret.g_cancellable_is_cancelled(deadline.cancellable) != 0)
    }

    @Test(
        "durations become GLib microseconds",
        arguments: [
            (Duration.seconds(10), 10_000_000), (.milliseconds(1500), 1_500_000), (.microseconds(7), 7),
            (.seconds(-1), 0),
        ])
    func microseconds(duration: Duration, expected: Int) {
        #expect(Deadline.microseconds(duration) == expected)
    }
}

/// A listening Unix socket, for the `$XDG_RUNTIME_DIR/bus` check.
struct UnixSocket {
    let descriptor: Int32

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: path.utf8.prefix(buffer.count - 1))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard descriptor >= 0, bound == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
    }

    func close() { _ = Glibc.close(descriptor) }
}
