/// What the keyring was asked to do when it failed; messages name the step.
public enum KeyringOperation: String, Sendable, Hashable, CaseIterable {
    case connect = "connect to the Secret Service"
    case openDefaultCollection = "open the default keyring"
    case lookup = "look up the password"
    case store = "store the password"
    case remove = "remove the password"
}

/// Why the Secret Service keyring could not be used.
///
/// Every message names the cause and the ways around it; none contains a password (no case
/// carries one). The exit code is `Failure.status`'s decision (7, "keyring unavailable or locked",
/// except ``passwordContainsNul``, a usage error).
public enum KeyringError: Error, Equatable, Sendable {
    /// No session bus: `DBUS_SESSION_BUS_ADDRESS` unset (and no `$XDG_RUNTIME_DIR/bus`), or
    /// GLib could not autolaunch one.
    case noSessionBus(reason: String)
    /// `DBUS_SESSION_BUS_ADDRESS` is set but nothing answers there (a stale address).
    case sessionBusUnreachable(reason: String)
    /// A bus, but nothing provides `org.freedesktop.secrets` on it.
    case noProvider(reason: String)
    /// The service has no `default` collection (e.g. gnome-keyring started without a login
    /// keyring and unable to show its "create keyring" prompt).
    case noDefaultCollection(reason: String)
    /// The collection that holds (or would hold) the password is locked. Never reported as
    /// "no password".
    case locked(collection: String?)
    /// An unlock prompt was dismissed, so nothing was stored.
    case promptDismissed
    /// The Secret Service did not answer in time (a hung or prompting provider).
    case timedOut(operation: KeyringOperation)
    /// The password has a NUL character: the Secret Service text interface would cut it there.
    case passwordContainsNul
    /// Anything else, with the GError that libsecret reported.
    case failure(operation: KeyringOperation, domain: String, code: Int32, message: String)
}

extension KeyringError: CustomStringConvertible {
    /// The ways to go on without the keyring, ending every message.
    static let alternatives =
        "pass the password with --password-stdin or TR_AUTH=user:password; remission never stores passwords in plain text."

    public var description: String {
        let instead = Self.alternatives
        switch self {
        case .noSessionBus(let reason):
            return "No D-Bus session bus (\(reason)). Run remission inside a desktop session, or \(instead)"
        case .sessionBusUnreachable(let reason):
            return
                "The D-Bus session bus cannot be reached (\(reason)); its address (DBUS_SESSION_BUS_ADDRESS or $XDG_RUNTIME_DIR/bus) may be stale. "
                + "Run remission inside the desktop session that owns your keyring, or \(instead)"
        case .noProvider:
            return "No Secret Service on the D-Bus session bus (org.freedesktop.secrets is not provided). "
                + "Install and start gnome-keyring or KeePassXC's Secret Service, or \(instead)"
        case .noDefaultCollection(let reason):
            return "The Secret Service has no default keyring (\(reason)). "
                + "Create or unlock your login keyring, e.g. with your desktop's keyring tool, or \(instead)"
        case .locked(let collection):
            let name = collection.map { "The keyring '\($0)'" } ?? "The keyring"
            return "\(name) is locked. Unlock it, e.g. with your desktop's keyring tool, and try again, or \(instead)"
        case .promptDismissed:
            return
                "The keyring prompt was dismissed, so the keyring stayed locked. Try again and unlock it, or \(instead)"
        case .timedOut(let operation):
            return "The Secret Service did not answer in time when asked to \(operation.rawValue); it may be hung "
                + "or showing a prompt nobody can see. Restart it (gnome-keyring-daemon, KeePassXC), or \(instead)"
        case .passwordContainsNul:
            return "The password contains a NUL character, which the keyring cannot store as text. Nothing was stored."
        case .failure(let operation, let domain, let code, let message):
            return "The keyring failed when asked to \(operation.rawValue): \(message) [\(domain) \(code)]. "
                + "Check the keyring, or \(instead)"
        }
    }
}
