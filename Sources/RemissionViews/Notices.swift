import RemissionCredentials
import RemissionModel
import RemissionSession
import RemissionTrust

/// Warnings and questions the commands show on stderr.
public enum Warnings {
    /// `connect` when the check failed and --save-offline was not given.
    public static var nothingSaved: String {
        tr("Nothing was saved: fix the problem above and run it again, or add --save-offline.")
    }

    /// Plain HTTP to a host that is not loopback, until the user acknowledges it (PRODUCT.md §2).
    public static func plainHTTP(_ target: ServerTarget, terminal: Terminal) -> String {
        terminal.styled(tr("warning:"), .yellow)
            + tr(
                " \(TerminalText.safe(target.endpoint.authority)) is reached over plain HTTP: the password and all data",
                " travel unencrypted. Use https://, or acknowledge with: remission trust http",
                " \(quotedForShell(target.label)) --acknowledge")
    }
}

public enum Prompts {
    /// "Password for alice@nas:443: ".
    public static func password(user: String, endpoint: ServerEndpoint) -> String {
        tr("Password for \(TerminalText.safe(user))@\(TerminalText.safe(endpoint.authority)): ")
    }

    /// "Passphrase for the client key /home/ann/me.key: ".
    public static func passphrase(keyFile: String) -> String {
        tr("Passphrase for the client key \(TerminalText.safe(keyFile)): ")
    }

    /// Before the passphrase is asked again: the one typed was wrong, and how many tries are left.
    public static func wrongPassphrase(keyFile: String, triesLeft: Int) -> String {
        let tries = triesLeft == 1 ? tr("last try") : tr("\(count: triesLeft, "try", "tries") left")
        return tr("Wrong passphrase for \(TerminalText.safe(keyFile)); try again (\(tries)).")
    }
}

/// The exit-code table of `--help` and README (PRODUCT.md §1).
public enum ExitStatusText {
    /// What each exit code means, one short phrase each.
    public static func meaning(_ status: ExitStatus) -> String {
        switch status {
        case .ok: return tr("ok / online")
        case .failure: return tr("general failure")
        case .usage: return tr("usage error")
        case .offline: return tr("offline (dns, refused, unreachable, timeout)")
        case .authentication: return tr("authentication failed (401)")
        case .trustRefused: return tr("trust refused (certificate, pin, HTTP)")
        case .serverRefused: return tr("server refused or RPC error (403, 421, rpc-version)")
        case .keyring: return tr("keyring unavailable or locked")
        case .clientCertificate: return tr("client certificate required, refused or unusable")
        case .certificateExpiring:
            return tr("online, but a certificate's renewal is overdue (--warn-expiry DAYS)")
        }
    }

    /// The longer meaning, as README's exit-code table gives it (a test keeps the two equal).
    public static func detail(_ status: ExitStatus) -> String {
        switch status {
        case .ok: return tr("ok / online")
        case .failure:
            return tr("general failure (unexpected HTTP status, malformed reply, TLS handshake, local files)")
        case .usage: return tr("usage error (unknown option, malformed URL, IDS, pin or fingerprint, missing flag)")
        case .offline:
            return tr("offline: DNS, connection refused, unreachable, timeout, or a proxy answering 502/503/504")
        case .authentication: return tr("authentication failed (401), or an authentication gateway answered")
        case .trustRefused:
            return tr(
                "trust refused: untrusted certificate, pin mismatch, certificate changed, ",
                "plain HTTP not acknowledged")
        case .serverRefused:
            return tr(
                "server refused or RPC error: 403 (rpc-whitelist), 421 (rpc-host-whitelist), RPC error, ",
                "rpc-version too old, 409 loop")
        case .keyring: return tr("keyring unavailable or locked")
        case .clientCertificate:
            return tr(
                "client certificate: the server asks for one and none is configured, it refused the one ",
                "offered, or it cannot be used (file missing or unreadable, key mismatched, expired, ",
                "passphrase missing or wrong)")
        case .certificateExpiring:
            return tr(
                "`check --warn-expiry DAYS`: every server checked is otherwise online, and a certificate it ",
                "presents (or the client certificate) expires within DAYS and its renewal is overdue")
        }
    }

    /// README's exit-code table, row by row.
    public static var markdownTable: String {
        (["| code | meaning |", "| --- | --- |"] + ExitStatus.allCases.map { "| \($0.rawValue) | \(detail($0)) |" })
            .joined(separator: "\n")
    }

    /// A further code (beside PRODUCT.md §1's), one command's: what it means.
    public static func meaning(_ status: FurtherExitStatus) -> String {
        switch status {
        case .portClosed: return tr("port-test: the peer port is closed")
        }
    }

    /// README's table of further codes, row by row (a test keeps it equal to this).
    public static var furtherMarkdownTable: String {
        (["| code | meaning |", "| --- | --- |"]
            + FurtherExitStatus.allCases.map { "| \($0.rawValue) | \(meaning($0)) |" })
            .joined(separator: "\n")
    }

    /// The table in `remission --help`: one code a line, so it reads at 80 columns; the further
    /// codes after.
    public static var help: String {
        tr("Exit codes:") + "\n"
            + (ExitStatus.allCases.map { "  \($0.rawValue)  \(meaning($0))" }
            + FurtherExitStatus.allCases.map { " \($0.rawValue)  \(meaning($0))" }).joined(separator: "\n")
    }
}

extension Warnings {
    /// Before `connect` asks whether plain HTTP may be used.
    public static func plainHTTPQuestion(_ endpoint: ServerEndpoint, terminal: Terminal) -> String {
        terminal.styled(tr("warning:"), .yellow)
            + tr(
                " \(TerminalText.safe(endpoint.authority)) is reached over plain HTTP:",
                " the password and all data travel unencrypted.")
    }

    /// Before a terminal asks for a password that the keyring could not give (no D-Bus session…).
    public static func keyringUnusable(_ error: KeyringError) -> String {
        tr("The keyring cannot be used, so the password is asked here and will not be stored. ")
            + FailureText.keyringReason(error)
    }

    /// `connect nas.local`: which URL a bare host[:port] became; `foundTLS`: the port answered a TLS
    /// handshake, so https was used (`Onboarding.findScheme`).
    public static func assumedURL(_ endpoint: ServerEndpoint, foundTLS: Bool = false) -> String {
        if foundTLS {
            return tr(
                "No scheme given: \(TerminalText.safe(endpoint.authority)) speaks TLS, so using ",
                "\(TerminalText.safe(endpoint.url)).")
        }
        return endpoint.scheme == .http
            ? tr("No scheme given: using \(TerminalText.safe(endpoint.url)) (plain HTTP; give https://… for TLS).")
            : tr("No scheme given: using \(TerminalText.safe(endpoint.url)).")
    }

    /// After connect re-pointed a server: what its old address kept, and how to forget it.
    public static func leftBehind(_ left: LeftBehind) -> String {
        var commands: [String] = []
        if left.trustIdentity != nil {
            commands.append("remission trust forget \(quotedForShell(left.oldURL)) --yes")  // verbatim
        }
        if let key = left.keyring {
            commands.append(
                "secret-tool clear "  // verbatim
                    + key.attributes.map { "\($0.name) \(quotedForShell($0.value))" }.joined(separator: " "))
        }
        let (old, kept, how) = (TerminalText.safe(left.oldURL), keptThings(left), commands.joined(separator: "; "))
        return commands.count == 1
            ? tr(
                "The old address \(old) kept \(kept); nothing is deleted implicitly (--forget-old forgets at once). ",
                "Forget it now with: \(how)")
            : tr(
                "The old address \(old) kept \(kept); nothing is deleted implicitly (--forget-old forgets at once). ",
                "Forget them now with: \(how)")
    }

    /// After the old address's trust entry and keyring item were forgotten.
    public static func forgotOld(_ removed: LeftBehind) -> String {
        tr("Forgot what the old address \(TerminalText.safe(removed.oldURL)) kept: \(keptThings(removed)).")
    }

    static func keptThings(_ left: LeftBehind) -> String {
        var kept: [String] = []
        if let identity = left.trustIdentity { kept.append(tr("its trust settings (\(TerminalText.safe(identity)))")) }
        if let key = left.keyring {
            kept.append(tr("its password in the keyring (\"\(TerminalText.safe(key.label))\")"))
        }
        return kept.joined(separator: tr(" and "))
    }

    /// What `connect` saved.
    public static func saved(_ saved: Onboarding.Saved) -> String {
        let name = TerminalText.safe(saved.name)
        let first =
            switch (saved.updated, saved.isDefault) {
            case (true, true): tr("updated server '\(name)' (default)")
            case (true, false): tr("updated server '\(name)'")
            case (false, true): tr("saved server '\(name)' (default)")
            case (false, false): tr("saved server '\(name)'")
            }
        var notes = [first]
        if let label = saved.keyringLabel { notes.append(tr("password stored in the keyring as \"\(label)\"")) }
        if let keyFile = saved.passphraseKeyFile {
            notes.append(tr("the passphrase of \(TerminalText.safe(keyFile)) stored in the keyring"))
        }
        if let headers = GatewayText.stored(saved.headersInKeyring) { notes.append(headers) }
        let headers = GatewayText.notStored(saved)
        guard let unusable = saved.passwordNotStored else { return notes.joined(separator: "; ") + "." + headers }
        return notes.joined(separator: "; ") + tr("; the password was not stored. ")
            + FailureText.keyringReason(unusable)
            + tr(
                " On a terminal remission asks for it when it is needed; once the keyring works, ",
                "`remission credentials set \(quotedForShell(saved.name))` stores it.") + headers
    }
}

extension Prompts {
    /// The question after a re-point, when the old address kept something (`LeftBehind`).
    public static func forgetOldQuestion(_ left: LeftBehind) -> String {
        tr("Forget what the old address \(TerminalText.safe(left.oldURL)) kept (\(Warnings.keptThings(left)))? ")
            + Answers.choices + " "
    }

    /// After a command worked with a typed password (git's credential approve).
    public static func storePassword(_ offer: PasswordOffer) -> String {
        tr("Store this password in the keyring as \"\(TerminalText.safe(offer.target.key.label))\"? ")
            + Answers.choices + " "
    }

    public static var trustCertificate: String { tr("Trust this certificate? (yes/no/[fingerprint]) ") }

    /// The question with the other choices first contact offers (`TrustChoices`), e.g.
    /// "Trust? (yes/root/no/[fingerprint]) "; the plain question when there are none.
    public static func trust(_ choices: TrustChoices) -> String {
        guard choices.offered.count > 1 else { return trustCertificate }
        let words = choices.offered.compactMap { choice -> String? in
            switch choice {
            case .certificate: return tr("yes")
            case .issuerKey: return tr("issuer")
            case .rootKey: return tr("root")
            case .caFile: return tr("FILE")
            }
        }
        return tr("Trust? (\(words.joined(separator: "/"))/\(tr("no"))/[fingerprint]) ")
    }
    public static var trustCertificateAgain: String {
        tr("Please type 'yes', 'no', or the fingerprint you expect (SHA256:…).")
    }

    /// After an answer that is none of the choices: every word the question offered.
    public static func trustAgain(_ choices: TrustChoices) -> String {
        guard choices.offered.count > 1 else { return trustCertificateAgain }
        func quoted(_ word: String) -> String { tr("'\(word)'") }
        let words = choices.offered.map { choice -> String in
            switch choice {
            case .certificate: return quoted(tr("yes"))
            case .issuerKey: return quoted(tr("issuer"))
            case .rootKey: return quoted(tr("root"))
            case .caFile: return tr("the path of a CA file")
            }
        }
        return tr(
            "Please type \(words.joined(separator: ", ")), \(quoted(tr("no"))), or the fingerprint you expect ",
            "(SHA256:…).")
    }
    public static var usePlainHTTP: String { tr("Use plain HTTP for this server anyway? (yes/no) ") }
}

extension Prompts {
    /// "User name for nas:443: " (connect, when the daemon asks for one and none was given).
    public static func userName(endpoint: ServerEndpoint) -> String {
        tr("User name for \(TerminalText.safe(endpoint.authority)): ")
    }

    /// The sentence before connect asks for a user or a password after a 401, saying why it asks.
    public static func credentialsNeeded(_ question: CredentialQuestion, endpoint: ServerEndpoint) -> String? {
        let authority = TerminalText.safe(endpoint.authority)
        switch question {
        case .user: return tr("\(authority) asks for a user name and password (401).")
        case .password(_, let attempt, let refused):
            let left = Onboarding.passwordTries - attempt + 1
            let tries = left == 1 ? tr("last try") : tr("\(count: left, "try", "tries") left")
            switch refused {
            case .none: return attempt == 1 ? nil : tr("No password was typed (\(tries)).")

            case .keyring: return tr("The password stored in the keyring was refused (401); type it (\(tries)).")
            default: return tr("Wrong user name or password (401); try again (\(tries)).")
            }
        }
    }
}
