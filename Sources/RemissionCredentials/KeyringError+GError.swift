/// GError domains and codes the mapping needs (GLib's enums, by value, so that this file
/// stays pure and testable without a bus).
enum GErrorDomain {
    static let io = "g-io-error-quark"
    static let dbus = "g-dbus-error-quark"
    static let secret = "secret-error"

    // GIOErrorEnum
    static let ioCancelled: Int32 = 19
    static let ioTimedOut: Int32 = 24
    // GDBusError
    static let dbusServiceUnknown: Int32 = 2
    static let dbusNameHasNoOwner: Int32 = 3
    static let dbusNoReply: Int32 = 4
    static let dbusTimeout: Int32 = 12
    static let dbusTimedOut: Int32 = 20
    // SecretError
    static let secretIsLocked: Int32 = 2
    static let secretNoSuchObject: Int32 = 3
}

extension KeyringError {
    /// Classifies a GError reported by libsecret or GIO.
    ///
    /// Pure: the domain is the quark's string (`g_quark_to_string`), so the real messages
    /// seen on Debian 12 (libsecret 0.20.5, GLib 2.74, gnome-keyring 42) can be tested as data.
    /// A remote D-Bus error's `GDBus.Error:NAME: ` prefix is stripped and its name used.
    public init(domain: String, code: Int32, message rawMessage: String, during operation: KeyringOperation) {
        let (remoteName, message) = Self.splitRemoteError(rawMessage)
        let isIO = domain == GErrorDomain.io
        let isDBus = domain == GErrorDomain.dbus
        let isSecret = domain == GErrorDomain.secret

        if message.contains("autolaunch") || (isIO && message.contains("$DISPLAY")) {
            // "Cannot autolaunch D-Bus without X11 $DISPLAY": no DBUS_SESSION_BUS_ADDRESS.
            self = .noSessionBus(reason: message)
        } else if isIO && message.hasPrefix("Could not connect") {
            // "Could not connect: No such file or directory" / "...: Connection refused".
            self = .sessionBusUnreachable(reason: message)
        } else if (isDBus && code == GErrorDomain.dbusServiceUnknown)
            || remoteName == "org.freedesktop.DBus.Error.ServiceUnknown"
            || (isDBus && code == GErrorDomain.dbusNameHasNoOwner && message.contains("org.freedesktop.secrets"))
        {
            // "The name org.freedesktop.secrets was not provided by any .service files".
            self = .noProvider(reason: message)
        } else if message.contains("/collection/")
            && (message.contains("does not exist") || (isSecret && code == GErrorDomain.secretNoSuchObject)
                || message.contains("No such secret collection"))
        {
            // gnome-keyring without a login keyring: "Object does not exist at path
            // "/org/freedesktop/secrets/collection/login"" (UnknownMethod, code 19).
            self = .noDefaultCollection(reason: message)
        } else if (isSecret && code == GErrorDomain.secretIsLocked)
            || remoteName == "org.freedesktop.Secret.Error.IsLocked"
            || message.contains("locked collection")
        {
            // "Cannot create an item in a locked collection".
            self = .locked(collection: nil)
        } else if (isIO && code == GErrorDomain.ioTimedOut)
            || (isDBus
                && [GErrorDomain.dbusNoReply, GErrorDomain.dbusTimeout, GErrorDomain.dbusTimedOut].contains(code))
        {
            self = .timedOut(operation: operation)
        } else {
            self = .failure(operation: operation, domain: domain, code: code, message: message)
        }
    }

    /// Splits `GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: text` into the remote
    /// error name and the text; other messages come back unchanged with no name.
    static func splitRemoteError(_ message: String) -> (name: String?, message: String) {
        let prefix = "GDBus.Error:"
        guard message.hasPrefix(prefix), let separator = message.firstRange(of: ": ") else {
            return (nil, message)
        }
        let name = message[message.index(message.startIndex, offsetBy: prefix.count)..<separator.lowerBound]
        return (String(name), String(message[separator.upperBound...]))
    }
}
