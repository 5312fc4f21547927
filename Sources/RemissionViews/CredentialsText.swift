import RemissionCredentials
import RemissionModel
import RemissionSession

/// The words of `credentials …`: what `set` and `forget` did, and the `status` report (text and JSON).
public enum CredentialsText {
    public static let again = "Again: "

    /// What `credentials set` did, one line each.
    public static func stored(_ stored: StoredPassword) -> [String] {
        var lines = [
            "Stored the password for \(safe(stored.user))@\(safe(stored.authority)) in the keyring as "
                + "\"\(safe(stored.label))\"."
        ]
        guard let (server, previous) = stored.previousUser else { return lines }
        lines.append("'\(safe(server))' now logs in as '\(safe(stored.user))' (was '\(safe(previous))').")
        switch stored.previousItem {
        case .shared(let label, let servers):
            lines.append("Kept the keyring item \"\(safe(label))\": also used by \(ServersText.names(servers)).")
        case .removed(let label):
            lines.append("Removed the previous user's password \"\(safe(label))\" from the keyring.")
        case .notStored: lines.append("No password was stored for the previous user.")
        case nil: break
        }
        return lines
    }

    public static func forgotten(_ outcome: ForgottenPassword) -> String {
        switch outcome {
        case .noUser(let label): return "'\(safe(label))' has no user, so no password is stored for it."
        case .removed(let label): return "Removed the password \"\(safe(label))\" from the keyring."
        case .notStored(let user, let authority):
            return "No password for \(safe(user))@\(safe(authority)) was stored in the keyring; nothing changed."
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
        case "available": return "available"
        case "locked": return "locked"
        case "no-session-bus": return "no D-Bus session"
        case "no-provider": return "no provider"
        default: return "unavailable"
        }
    }

    /// Server, user, where the password comes from, and the keyring's state.
    public static func status(_ status: PasswordStatus) -> String {
        let user = status.user
        var lines = [
            "Server:   \(safe(status.label)) (\(safe(status.endpoint.url)))",
            "User:     \(user.map(safe) ?? "none")",
        ]
        let password: String
        switch status.source {
        case .environment: password = "from TR_AUTH (the environment); the keyring is not asked"
        case .netrc(let path): password = "from the netrc file \(safe(path)); the keyring is not asked"
        case .keyring:
            let item = user.flatMap { try? CredentialKey(endpoint: status.endpoint, user: $0) }.map {
                " (item \"\(safe($0.label))\")"
            }
            password = "from the keyring\(item ?? "")"
        case .standardInput: password = "from --password-stdin"
        case .prompt: password = "from the prompt"
        case .some(.none), nil:
            if status.keyringFailure != nil {
                password = "would come from the keyring, which cannot be used now (see below)"
            } else if user == nil {
                password = "none: the server has no user, so none is sent"
            } else {
                password =
                    "none stored (a terminal would be asked)"
                    + "\(status.needsPassword ? "; imported server, never given one" : "")."
                    + " Store one with: remission credentials set \(safe(status.label))"
            }
        }
        lines.append("Password: \(password)")
        lines.append("Keyring:  \(keyringWords(status.keyring)) — \(FailureText.keyringStatus(status.keyring))")
        return lines.joined(separator: "\n")
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
