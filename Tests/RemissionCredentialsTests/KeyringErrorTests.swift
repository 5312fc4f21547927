import CSecret
import Glibc
import Testing

@testable import RemissionCredentials

@Suite("Keyring errors")
struct KeyringErrorTests {
    /// Real GErrors, as libsecret 0.20.5 / GLib 2.74 / gnome-keyring 42 report them
    /// (shared/reference/openssl-libsecret-notes.md §2, peers-and-trust.md part C).
    static let realErrors: [(domain: String, code: Int32, message: String, expected: KeyringError)] = [
        // No DBUS_SESSION_BUS_ADDRESS: GLib tries X11 autolaunch.
        (
            "g-io-error-quark", 0, "Cannot autolaunch D-Bus without X11 $DISPLAY",
            .noSessionBus(reason: "Cannot autolaunch D-Bus without X11 $DISPLAY")
        ),
        // The address names a socket that is gone.
        (
            "g-io-error-quark", 1, "Could not connect: No such file or directory",
            .sessionBusUnreachable(reason: "Could not connect: No such file or directory")
        ),
        // A socket nobody listens on (seen with a stale $XDG_RUNTIME_DIR/bus).
        (
            "g-io-error-quark", 39, "Could not connect: Connection refused",
            .sessionBusUnreachable(reason: "Could not connect: Connection refused")
        ),
        // A bus without any Secret Service provider.
        (
            "g-dbus-error-quark", 2, "The name org.freedesktop.secrets was not provided by any .service files",
            .noProvider(reason: "The name org.freedesktop.secrets was not provided by any .service files")
        ),
        // The same, with the remote error name GLib keeps when nobody strips it.
        (
            "g-dbus-error-quark", 2,
            "GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided by any .service files",
            .noProvider(reason: "The name org.freedesktop.secrets was not provided by any .service files")
        ),
        // gnome-keyring activatable, but no login keyring and no display for its prompt.
        (
            "g-dbus-error-quark", 19,
            "Object does not exist at path \u{201C}/org/freedesktop/secrets/collection/login\u{201D}",
            .noDefaultCollection(
                reason: "Object does not exist at path \u{201C}/org/freedesktop/secrets/collection/login\u{201D}")
        ),
        (
            "g-dbus-error-quark", 19, "Object does not exist at path \"/org/freedesktop/secrets/collection/login\"",
            .noDefaultCollection(reason: "Object does not exist at path \"/org/freedesktop/secrets/collection/login\"")
        ),
        // Storing into a collection unlocked with the wrong password.
        ("secret-error", 2, "Cannot create an item in a locked collection", .locked(collection: nil)),
        (
            "g-dbus-error-quark", 0, "GDBus.Error:org.freedesktop.Secret.Error.IsLocked: Item is locked",
            .locked(collection: nil)
        ),
        // D-Bus call timeouts.
        ("g-io-error-quark", 24, "Timeout was reached", .timedOut(operation: .lookup)),
        ("g-dbus-error-quark", 4, "Did not receive a reply.", .timedOut(operation: .lookup)),
        // Anything else keeps the GError for the message.
        (
            "g-io-error-quark", 19, "Operation was cancelled",
            .failure(operation: .lookup, domain: "g-io-error-quark", code: 19, message: "Operation was cancelled")
        ),
        (
            "secret-error", 1, "Received invalid secret from the secret storage",
            .failure(
                operation: .lookup, domain: "secret-error", code: 1,
                message: "Received invalid secret from the secret storage")
        ),
        (
            "g-dbus-error-quark", 9, "GDBus.Error:org.freedesktop.DBus.Error.AccessDenied: Rejected",
            .failure(operation: .lookup, domain: "g-dbus-error-quark", code: 9, message: "Rejected")
        ),
    ]

    @Test("real GErrors map to the cause", arguments: realErrors)
    func mapsRealErrors(_ row: (domain: String, code: Int32, message: String, expected: KeyringError)) {
        #expect(KeyringError(domain: row.domain, code: row.code, message: row.message, during: .lookup) == row.expected)
    }

    /// The domain and code of a GError that the loaded GLib makes, freed.
    private func domainAndCode(_ error: UnsafeMutablePointer<GError>?) -> (String, Int32)? {
        guard let error else { return nil }
        defer { libsecret.g_error_free(error) }
        return (String(cString: libsecret.g_quark_to_string(error.pointee.domain)!), error.pointee.code)
    }

    /// What the loaded GLib and libsecret make of a D-Bus error name.
    private func fromDBus(_ name: String) -> (String, Int32)? {
        domainAndCode(libsecret.g_dbus_error_new_for_dbus_error(name, "message"))
    }

    @Test("the domains and codes the mapping uses are those the real GLib and libsecret produce")
    func codesMatchLibraries() throws {
        try SecretLibrary.load()
        _ = libsecret.secret_error_get_quark()  // registers the org.freedesktop.Secret.Error names
        let cancellable = libsecret.g_cancellable_new()
        defer { libsecret.g_object_unref(UnsafeMutableRawPointer(cancellable)) }
        libsecret.g_cancellable_cancel(cancellable)
        var error: UnsafeMutablePointer<GError>?
        #expect(libsecret.g_cancellable_set_error_if_cancelled(cancellable, &error) != 0)
        let cancelled = try #require(domainAndCode(error))
        #expect(cancelled.0 == GErrorDomain.io && cancelled.1 == GErrorDomain.ioCancelled)
        #expect(libsecret.g_io_error_from_errno(ETIMEDOUT) == GErrorDomain.ioTimedOut)

        let dbus: [(String, Int32)] = [
            ("org.freedesktop.DBus.Error.ServiceUnknown", GErrorDomain.dbusServiceUnknown),
            ("org.freedesktop.DBus.Error.NameHasNoOwner", GErrorDomain.dbusNameHasNoOwner),
            ("org.freedesktop.DBus.Error.NoReply", GErrorDomain.dbusNoReply),
            ("org.freedesktop.DBus.Error.Timeout", GErrorDomain.dbusTimeout),
            ("org.freedesktop.DBus.Error.TimedOut", GErrorDomain.dbusTimedOut),
        ]
        for (name, code) in dbus {
            let made = try #require(fromDBus(name))
            #expect(made.0 == GErrorDomain.dbus && made.1 == code, "\(name)")
        }
        let secret: [(String, Int32)] = [
            ("org.freedesktop.Secret.Error.IsLocked", GErrorDomain.secretIsLocked),
            ("org.freedesktop.Secret.Error.NoSuchObject", GErrorDomain.secretNoSuchObject),
        ]
        for (name, code) in secret {
            let made = try #require(fromDBus(name))
            #expect(made.0 == GErrorDomain.secret && made.1 == code, "\(name)")
        }
    }

    @Test("a libsecret that cannot be loaded is a keyring error, exit 7, naming the reason and the way around it")
    func libraryNotLoaded() {
        let error = SecretLibrary.notLoaded("libsecret-1.so.0: cannot open shared object file")
        guard case .failure(.connect, _, _, let message) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(message.contains("libsecret-1.so.0: cannot open shared object file"))
        #expect(message.contains("libsecret-1-0"))
    }

    @Test("the operation is kept as context")
    func keepsOperation() {
        let error = KeyringError(domain: "secret-error", code: 1, message: "bad", during: .store)
        #expect(error == .failure(operation: .store, domain: "secret-error", code: 1, message: "bad"))
    }

    @Test("remote D-Bus error names are split off")
    func splitsRemoteErrors() {
        #expect(KeyringError.splitRemoteError("GDBus.Error:org.x.Y: text: more") == ("org.x.Y", "text: more"))
        #expect(KeyringError.splitRemoteError("plain: text") == (nil, "plain: text"))
    }

    @Test("status follows from the error")
    func statusFromError() {
        #expect(KeyringStatus(.noSessionBus(reason: "r")) == .noSessionBus(reason: "r"))
        #expect(KeyringStatus(.noProvider(reason: "r")) == .noProvider(reason: "r"))
        #expect(KeyringStatus(.locked(collection: "Login")) == .locked(collection: "Login"))
        #expect(KeyringStatus(.locked(collection: nil)) == .error(.locked(collection: nil)))
        #expect(KeyringStatus(.promptDismissed) == .error(.promptDismissed))
        #expect(KeyringStatus.available(collection: "Login").error == nil)
        #expect(KeyringStatus.available(collection: "Login").isAvailable)
        #expect(KeyringStatus.locked(collection: "Login").error == .locked(collection: "Login"))
        #expect(!KeyringStatus.locked(collection: "Login").isAvailable)
        #expect(KeyringStatus.noProvider(reason: "r").error == .noProvider(reason: "r"))
    }
}
