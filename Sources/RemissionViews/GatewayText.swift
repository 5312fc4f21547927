import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionStorage

/// The words of authentication gateways: the headers given to `connect` (refused, stored, listed),
/// and a gateway answering instead of Transmission. A header's value never appears in any of them;
/// names and hosts from a server or servers.json pass through `TerminalText.safe`, cut short.
public enum GatewayText {
    /// "an authentication gateway (Cloudflare Access) answered instead of Transmission: a redirect to
    /// team.cloudflareaccess.com".
    public static func reason(_ gateway: AuthenticationGateway) -> String {
        let name = gateway.product?.rawValue ?? tr(context: "gateway", "unknown")
        let first = tr("an authentication gateway (\(name)) answered instead of Transmission")
        if let host = gateway.loginHost { return first + tr(": a redirect to \(safe(host))") }
        if (300...399).contains(gateway.status) { return first + tr(": a redirect to its login") }
        return first + tr(" (HTTP \(gateway.status))")
    }

    /// The header command that lets Remission through, where it is shown: connect's own flags during
    /// connect, else a whole `remission connect URL --server SERVER …`; and what it did with the
    /// headers that were sent.
    /// `options`: a server not saved's trust options (` --tls-name N …`), which the command carries.
    public static func hint(
        _ gateway: AuthenticationGateway, server: String?, place: HintPlace, options: String = ""
    ) -> String {
        let flags =
            gateway.product == .cloudflareAccess
            ? "--header 'CF-Access-Client-Id: ID' --secret-header CF-Access-Client-Secret"
            : "--secret-header Cookie"  // verbatim
        let command: String
        if place == .connect {
            command = flags
        } else {
            let url = quotedForShell(gateway.serverURL ?? "URL")
            let saved = server.map { !$0.contains("://") } ?? false
            let name = saved ? " --server \(quotedForShell(server ?? ""))" : ""
            command = "remission connect \(url)\(options)\(name) \(flags)"  // verbatim
        }
        let sent = gateway.sentHeaders.prefix(8).map { safe($0) }.joined(separator: ", ")
        let value = tr("the value is asked without echo, or read from standard input")
        if !sent.isEmpty {
            return tr(
                "It did not accept the headers sent (\(sent)): give the right values with \(command) ",
                "(\(value)).")
        }
        return tr(
            "Give Remission the gateway's service token or session cookie: \(command) (\(value)); ",
            "or let the gateway pass the RPC path through to Transmission.")
    }

    /// Why a header given to `connect` (or saved) was refused; never its value.
    public static func problem(_ problem: GatewayHeaderProblem) -> String {
        switch problem {
        case .noColon(let name):
            return tr("--header '\(safe(name))…' is not 'Name: value' (no colon)")
        case .notToken(let name):
            return tr(
                "'\(safe(name))' is not a header name (letters, digits and !#$%&'*+-.^_`|~ only, 1 to 64 of them)")
        case .reserved(let name):
            return tr("Remission writes the header \(safe(name)) itself; it cannot be given")
        case .emptyValue(let name): return tr("the header \(safe(name)) has no value")
        case .valueTooLong(let name, let maximum):
            return tr("the value of the header \(safe(name)) is longer than \(maximum) bytes")
        case .controlCharacter(let name):
            return tr("the value of the header \(safe(name)) holds a line break, NUL or another control character")
        case .authorizationWithPassword:
            return tr(
                "an Authorization header cannot go with Transmission's user and password (both are the same ",
                "header): give the gateway a cookie or its own token header instead, or remove the user")
        case .tooMany(let maximum): return tr("more than \(maximum) headers for one server")
        case .duplicate(let name): return tr("the header \(safe(name)) is given twice")
        case .notSaved(let name): return tr("the server has no header \(safe(name)) to remove")
        case .notInKeyring(let name):
            return tr("the value of the secret header \(safe(name)) is not in the keyring")
        }
    }

    /// The hint for a missing secret value; nil for the others (the reason says what to do).
    public static func problemHint(_ problem: GatewayHeaderProblem, server: String?) -> String? {
        guard case .notInKeyring(let name) = problem else { return nil }
        let target = server.map { quotedForShell($0) } ?? "SERVER"
        return tr(
            "Give it again: remission connect URL --server \(target) --secret-header \(quotedForShell(name)) ",
            "(or run the command on a terminal to be asked).")
    }

    /// "Value of the header CF-Access-Client-Secret for https://nas:443 (not shown): ".
    public static func valuePrompt(name: String, server: String) -> String {
        tr("Value of the header \(safe(name)) for \(safe(server)) (not shown): ")
    }

    /// `--header` with a value that is secret by its name: it stood in the command line.
    public static func secretInArguments(_ name: String) -> String {
        tr(
            "note: the header \(safe(name)) is secret: its value goes to the keyring, not servers.json; ",
            "other users may have seen it in the process list while connect ran. --secret-header ",
            "\(quotedForShell(name)) asks for it instead.")
    }

    /// After `save`: "the value of CF-Access-Client-Secret stored in the keyring".
    public static func stored(_ names: [String]) -> String? {
        guard !names.isEmpty else { return nil }
        let list = names.map { safe($0) }.joined(separator: ", ")
        return tr("the \(plural: names.count, "value", "values") of \(list) stored in the keyring")
    }

    /// After `save`, when the keyring could not keep the values (a leading space; empty otherwise);
    /// the reason is said once, with the password's when that failed too.
    public static func notStored(_ saved: Onboarding.Saved) -> String {
        guard let reason = saved.headersNotStoredReason, !saved.headersNotStored.isEmpty else { return "" }
        let list = saved.headersNotStored.map { safe($0) }.joined(separator: ", ")
        let count = saved.headersNotStored.count
        let why = saved.passwordNotStored == nil ? " " + FailureText.keyringReason(reason) : ""
        return " "
            + tr(
                "The \(plural: count, "value", "values") of \(list) \(plural: count, "was", "were") not stored.\(why) ",
                "On a terminal remission asks for \(plural: count, "it", "them") when needed; once the keyring works, ",
                "connect again with --secret-header.")
    }

    /// After `servers remove`: "Removed the keyring value of CF-Access-Client-Secret."
    public static func removed(_ names: [String]) -> String? {
        guard !names.isEmpty else { return nil }
        let list = names.map { safe($0) }.joined(separator: ", ")
        return tr("Removed the keyring \(plural: names.count, "value", "values") of \(list).")
    }

    /// The line under a server in `servers`: "Headers: CF-Access-Client-Id, CF-Access-Client-Secret (keyring)".
    public static func listed(_ headers: [SavedHeader]) -> String? {
        guard !headers.isEmpty else { return nil }
        let names = headers.map { $0.isSecret ? safe($0.name) + " " + tr("(keyring)") : safe($0.name) }
        return tr("Headers: ") + names.joined(separator: ", ")
    }

    static func safe(_ text: String) -> String { TerminalText.safe(String(text.prefix(64))) }
}
