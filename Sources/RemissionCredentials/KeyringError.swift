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
/// No case carries a password. `FailureText.keyringReason` (RemissionViews) words each with the
/// ways around it; the exit code is `Failure.status`'s decision (7, "keyring unavailable or locked",
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
