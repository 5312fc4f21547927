import RemissionCredentials
import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// The words of the module errors that are plain data (`ProfileError`, `StorageError`,
/// `KeyringError`, `CredentialKeyError`, `SnapshotError`, `EndpointParseError`, `TrustInputError`,
/// `TorrentSelectionError`): each names what is at fault and says what to do. Text a person typed or
/// a file held passes through `TerminalText.safe`.
extension FailureText {
    public static func profileReason(_ error: ProfileError) -> String {
        switch error {
        case .invalidName(let name, let problem):
            return tr(
                "'\(safe(name))' is not a valid server name: \(problem). Use a short label without spaces, ",
                "'/' or ':', such as 'nas' or 'seedbox-2'.")
        case .notFound(let name, let saved):
            let next = tr(
                "Add one with: remission connect URL --name \(ServerProfile.nameProblem(name) == nil ? name : "NAME")")
            guard !saved.isEmpty else {
                return tr("No server named '\(safe(name))': no servers are saved yet. \(next)")
            }
            return tr(
                "No server named '\(safe(name))'. Saved servers: \(saved.map(safe).joined(separator: ", ")). \(next)")
        case .alreadyExists(let name):
            return tr(
                "A server named '\(safe(name))' already exists. Choose another name, or remove it first with: ",
                "remission servers remove \(quotedForShell(name))")
        case .invalidProfile(let name, let detail):
            return tr("The server '\(safe(name))' cannot be saved: \(safe(detail)).")
        case .storage(let error):
            return storageReason(error)
        }
    }

    public static func storageReason(_ error: StorageError) -> String {
        switch error {
        case .corrupt(let path, let detail):
            return tr(
                "\(safe(path)) could not be read: \(safe(detail)). The file was left untouched; ",
                "fix it or move it away, then try again.")
        case .newerVersion(let path, let found, let supported):
            return tr(
                "\(safe(path)) was written by a newer remission (version \(found); this one understands up to ",
                "\(supported)). Upgrade remission; the file was left untouched.")
        case .lockTimeout(let lockPath, let timeout):
            return tr(
                "Gave up after \(timeout) waiting for the lock \(safe(lockPath)): another remission process is ",
                "still using it. Try again; `fuser \(quotedForShell(lockPath))` shows who holds it.")
        case .io(let path, let operation, let code):
            return tr("\(safe(path)): \(operation) failed: \(errorText(code)).")
        case .noHomeDirectory(let variable):
            return tr(
                "Cannot find the home directory: HOME is not set to an absolute path. ",
                "Set HOME, or set \(variable) to the directory remission should use.")
        case .relativeOverride(let variable, let value):
            return tr("\(variable) must be an absolute path, not '\(safe(value))'.")
        case .unsafePermissions(let path, let mode, let ownedByOther, let isDirectory):
            let octal = String(mode, radix: 8)
            if ownedByOther {
                return tr(
                    "\(safe(path)) belongs to another user, who could change which servers and certificates ",
                    "remission trusts; it was not read. Make it yours: chown \"$USER\" \(safe(path))")
            }
            return isDirectory
                ? tr(
                    "\(safe(path)) may be written by other users (mode \(octal)), who could change which servers and ",
                    "certificates remission trusts; nothing in it was read. Fix it with: chmod go-w \(safe(path))")
                : tr(
                    "\(safe(path)) may be written by other users (mode \(octal)), who could change which servers and ",
                    "certificates remission trusts; it was not read. Fix it with: chmod 600 \(safe(path))")
        }
    }

    public static func snapshotReason(_ error: SnapshotError) -> String {
        switch error {
        case .tooLarge(let path, let bytes, let limit):
            return tr(
                "snapshot for \(safe(path)) not saved: \(bytes) bytes is over the \(limit)-byte limit; ",
                "the previous one was kept")
        case .storage(let error): return storageReason(error)
        }
    }

    /// The ways to go on without the keyring, ending most keyring messages.
    static var keyringAlternatives: String {
        tr(
            "pass the password with --password-stdin or TR_AUTH=user:password; ",
            "remission never stores passwords in plain text.")
    }

    public static func keyringReason(_ error: KeyringError) -> String {
        let instead = keyringAlternatives
        switch error {
        case .noSessionBus(let reason):
            return tr("No D-Bus session bus (\(safe(reason))). Run remission inside a desktop session, or \(instead)")
        case .sessionBusUnreachable(let reason):
            return tr(
                "The D-Bus session bus cannot be reached (\(safe(reason))); its address (DBUS_SESSION_BUS_ADDRESS ",
                "or $XDG_RUNTIME_DIR/bus) may be stale. ",
                "Run remission inside the desktop session that owns your keyring, or \(instead)")
        case .noProvider:
            return tr(
                "No Secret Service on the D-Bus session bus (org.freedesktop.secrets is not provided). ",
                "Install and start gnome-keyring or KeePassXC's Secret Service, or \(instead)")
        case .noDefaultCollection(let reason):
            return tr(
                "The Secret Service has no default keyring (\(safe(reason))). ",
                "Create or unlock your login keyring, e.g. with your desktop's keyring tool, or \(instead)")
        case .locked(let collection):
            guard let collection else {
                return tr(
                    "The keyring is locked. Unlock it, e.g. with your desktop's keyring tool, and try again, ",
                    "or \(instead)")
            }
            return tr(
                "The keyring '\(safe(collection))' is locked. Unlock it, e.g. with your desktop's keyring tool, ",
                "and try again, or \(instead)")
        case .promptDismissed:
            return tr(
                "The keyring prompt was dismissed, so the keyring stayed locked. Try again and unlock it, ",
                "or \(instead)")
        case .timedOut(let operation):
            return tr(
                "The Secret Service did not answer in time when asked to \(operation.rawValue); it may be hung ",
                "or showing a prompt nobody can see. Restart it (gnome-keyring-daemon, KeePassXC), or \(instead)")
        case .passwordContainsNul:
            return tr(
                "The password contains a NUL character, which the keyring cannot store as text. Nothing was stored.")
        case .failure(let operation, let domain, let code, let message):
            return tr(
                "The keyring failed when asked to \(operation.rawValue): \(safe(message)) [\(safe(domain)) \(code)]. ",
                "Check the keyring, or \(instead)")
        }
    }

    /// One line for `credentials status`: where passwords go, or why they cannot.
    public static func keyringStatus(_ status: KeyringStatus) -> String {
        if case .available(let collection) = status {
            return tr("Secret Service keyring available (collection '\(safe(collection))', unlocked).")
        }
        return status.error.map(keyringReason) ?? ""
    }

    public static func credentialKeyReason(_ error: CredentialKeyError) -> String {
        switch error {
        case .emptyServer:
            return tr("No server host for the keyring item: remission never looks up or removes passwords by wildcard.")
        case .emptyUser:
            return tr(
                "No user name for the keyring item: pass --user (remission never looks up or removes passwords ",
                "by wildcard).")
        case .invalidPort(let port): return tr("'\(port)' is not a valid port (1-65535).")
        case .containsNul(let field):
            return tr("The \(field) contains a NUL character, which the keyring cannot store.")
        }
    }

    public static func endpointReason(_ error: EndpointParseError) -> String {
        switch error {
        case .empty:
            return tr(
                "The server URL is empty. Use http(s)://host[:port][/path], e.g. https://nas.local/transmission/rpc.")
        case .unsupportedScheme(let scheme): return tr("Unsupported scheme '\(safe(scheme))': use http:// or https://.")
        case .missingHost: return tr("The server URL has no host. Use http(s)://host[:port][/path].")
        case .invalidHost(let host): return tr("'\(safe(host))' is not a valid host name or IP address.")
        case .invalidPort(let port): return tr("'\(safe(port))' is not a valid port (1-65535).")
        case .containsCredentials:
            return tr(
                "Do not put a user or password in the URL: use --user and --password-stdin ",
                "(the password goes to the keyring).")
        case .containsQueryOrFragment: return tr("The server URL must not contain '?' or '#'.")
        case .invalidPath: return tr("The server URL's path must not contain spaces or control characters.")
        case .ambiguousIPv4(let host, let meaning?):
            return tr(
                "'\(safe(host))' is not a plain IPv4 address: the system would connect to \(meaning) (a leading ",
                "zero means octal, 0x hex, and fewer than four parts fill the last). Write the address you mean ",
                "as four decimal numbers without leading zeros.")
        case .ambiguousIPv4(let host, nil):
            return tr(
                "'\(safe(host))' ends in a number, so it is read as an IPv4 address, and it is not one. Write the ",
                "address as four decimal numbers without leading zeros (e.g. 192.168.1.10), or give a host name.")
        }
    }

    static var fingerprintForm: String {
        tr("Expected SHA256: and 64 hex digits, colons allowed, as `remission trust show` prints it.")
    }
    static var pinForm: String {
        tr(
            "Expected sha256// and 44 base64 characters, as `remission trust show` prints it ",
            "and `curl --pinnedpubkey` takes it.")
    }

    public static func trustInputReason(_ error: TrustInputError) -> String {
        switch error {
        case .unsupportedFingerprintAlgorithm(let input, let algorithm):
            return tr("'\(safe(input))' is a \(safe(algorithm)) fingerprint; only SHA-256 fingerprints are accepted. ")
                + fingerprintForm
        case .fingerprintNotHex(let input, let character):
            return tr(
                "'\(safe(input))' is not a SHA-256 fingerprint: '\(safe(String(character)))' is not a hex digit ",
                "(remission fingerprints are hex, not the base64 ssh prints). ") + fingerprintForm
        case .fingerprintLength(let input, let digits):
            return tr("'\(safe(input))' is not a SHA-256 fingerprint: it has \(digits) hex digits, not 64. ")
                + fingerprintForm
        case .pinPrefix(let input):
            return tr("'\(safe(input))' is not an SPKI pin: it must start with sha256//. ") + pinForm
        case .pinNotBase64(let input):
            return tr("'\(safe(input))' is not an SPKI pin: the text after sha256// is not valid base64. ") + pinForm
        case .pinLength(let input, let bytes):
            return tr(
                "'\(safe(input))' is not an SPKI pin: it decodes to \(bytes) bytes, not the 32 of a SHA-256 ",
                "digest. ") + pinForm
        }
    }

    public static func selectionReason(_ error: TorrentSelectionError) -> String {
        let forms = tr("Use all, active, ids such as 1,3,5-7, or a 40-character info hash.")
        switch error {
        case .empty: return tr("No torrents given. \(forms)")
        case .emptyItem(let text):
            return tr("\"\(safe(text))\" has an empty item between commas. Remove the extra comma.")
        case .reversedRange(let text):
            let parts = text.split(separator: "-")
            guard parts.count == 2 else { return tr("\"\(safe(text))\" is a reversed range.") }
            return tr(
                "\"\(safe(text))\" is a reversed range. ",
                "Write it low to high: \(safe(String(parts[1])))-\(safe(String(parts[0]))).")

        case .rangeTooLarge(let text):
            return tr(
                "\"\(safe(text))\" spans more than \(TorrentSelection.maximumRangeLength) ids. ",
                "Use all, or a smaller range.")
        case .zeroId(let text):
            return tr("\"\(safe(text))\": torrent ids start at 1. Run `remission list` to see them.")
        case .invalidHash(let text):
            return tr(
                "\"\(safe(text))\" looks like an info hash but has \(text.utf8.count) characters; ",
                "an info hash has 40 hex digits.")
        case .notAnId(let text): return tr("\"\(safe(text))\" is not a torrent id, range or info hash. \(forms)")
        case .keywordInList(let text): return tr("\"\(safe(text))\" cannot be combined with other ids. Give it alone.")
        }
    }

    /// The C library's text for an errno value ("Permission denied").
    static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return tr("error \(code)") }
        return String(cString: text)
    }
}
