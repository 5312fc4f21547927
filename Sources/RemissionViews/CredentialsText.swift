import RemissionCredentials
import RemissionModel
import RemissionSession

/// The words of `credentials …`: what `set` and `forget` did, and the `status` report (text and JSON).
public enum CredentialsText {
    public static var again: String { tr("Again: ") }

    /// What `credentials set` did, one line each.
    public static func stored(_ stored: StoredPassword) -> [String] {
        var lines = [
            tr(
                "Stored the password for \(safe(stored.user))@\(safe(stored.authority)) in the keyring as ",
                "\"\(safe(stored.label))\".")
        ]
        guard let (server, previous) = stored.previousUser else { return lines }
        lines.append(tr("'\(safe(server))' now logs in as '\(safe(stored.user))' (was '\(safe(previous))')."))
        switch stored.previousItem {
        case .shared(let label, let servers):
            lines.append(tr("Kept the keyring item \"\(safe(label))\": also used by \(ServersText.names(servers))."))
        case .removed(let label):
            lines.append(tr("Removed the previous user's password \"\(safe(label))\" from the keyring."))
        case .notStored: lines.append(tr("No password was stored for the previous user."))
        case nil: break
        }
        return lines
    }

    public static func forgotten(_ outcome: ForgottenPassword) -> String {
        switch outcome {
        case .noUser(let label): return tr("'\(safe(label))' has no user, so no password is stored for it.")
        case .removed(let label): return tr("Removed the password \"\(safe(label))\" from the keyring.")
        case .notStored(let user, let authority):
            return tr("No password for \(safe(user))@\(safe(authority)) was stored in the keyring; nothing changed.")
        }
    }

    /// `TR_AUTH`, `netrc`, `keyring`, …, as `--json`'s "source".
    static func sourceName(_ status: PasswordStatus) -> String {
        switch status.source {
        case .environment: return "TR_AUTH"
        case .netrc: return "netrc"
        case .keyring: return "keyring"
        case .standardInput: return "stdin"
        case .prompt: return "prompt"
        case .some(.none), nil: return status.keyringFailure != nil ? "keyring-unusable" : "none"
        }
    }

    /// `available`, `locked`, `no-session-bus`, `no-provider` or `error`, as `--json`'s keyring state.
    static func keyringState(_ keyring: KeyringStatus) -> String {
        switch keyring {
        case .available: return "available"
        case .locked: return "locked"
        case .noSessionBus: return "no-session-bus"
        case .noProvider: return "no-provider"
        case .error(let error):
            switch error {
            case .locked: return "locked"
            case .noSessionBus, .sessionBusUnreachable: return "no-session-bus"
            case .noProvider: return "no-provider"
            default: return "error"
            }
        }
    }

    static func keyringWords(_ keyring: KeyringStatus) -> String {
        switch keyringState(keyring) {
        case "available": return tr("available")
        case "locked": return tr("locked")
        case "no-session-bus": return tr("no D-Bus session")
        case "no-provider": return tr("no provider")
        default: return tr("unavailable")
        }
    }

    /// Server, user, where the password comes from, and the keyring's state.
    public static func status(_ status: PasswordStatus) -> String {
        let user = status.user
        let password: String
        switch status.source {
        case .environment: password = tr("from TR_AUTH (the environment); the keyring is not asked")
        case .netrc(let path): password = tr("from the netrc file \(safe(path)); the keyring is not asked")
        case .keyring:
            let item = user.flatMap { try? CredentialKey(endpoint: status.endpoint, route: status.route, user: $0) }
            password = item.map { tr("from the keyring (item \"\(safe($0.label))\")") } ?? tr("from the keyring")
        case .standardInput: password = tr("from --password-stdin")
        case .prompt: password = tr("from the prompt")
        case .some(.none), nil:
            if status.keyringFailure != nil {
                password = tr("would come from the keyring, which cannot be used now (see below)")
            } else if user == nil {
                password = tr("none: the server has no user, so none is sent")
            } else {
                let store = tr("Store one with: remission credentials set \(safe(status.label))")
                password =
                    status.needsPassword
                    ? tr("none stored (a terminal would be asked); imported server, never given one. \(store)")
                    : tr("none stored (a terminal would be asked). \(store)")
            }
        }
        return ChainText.aligned([
            (tr("Server:"), "\(safe(status.label)) (\(safe(status.endpoint.url)))"),
            (tr("User:"), user.map(safe) ?? tr("none")),
            (tr("Password:"), password),
            (tr("Keyring:"), "\(keyringWords(status.keyring)) — \(FailureText.keyringStatus(status.keyring))"),
        ]).joined(separator: "\n")

    }

    /// `{"server", "url", "user", "source", "netrcFile", "keyring": {"state", "message"}}`, exact.
    public static func statusJSON(_ status: PasswordStatus) -> String {
        var netrcFile: JSONValue = .null
        if case .netrc(let path) = status.source { netrcFile = .string(path) }
        let keyring = JSONObject([
            ("state", .string(keyringState(status.keyring))),
            ("message", .string(FailureText.keyringStatus(status.keyring))),
        ])
        let object = JSONObject([
            ("server", .string(status.label)),
            ("url", .string(status.endpoint.url)),
            ("user", status.user.map { .string($0) } ?? .null),
            ("source", .string(sourceName(status))),
            ("netrcFile", netrcFile),
            ("keyring", .object(keyring)),
        ])
        return JSONValue.object(object).serializedString(pretty: false)
    }

    static func safe(_ text: String) -> String { TerminalText.safe(text) }
}
