import RemissionModel
import RemissionSession
import RemissionStorage

/// The words of `servers …`: the table and JSON of the saved servers, and what a change did.
/// Names, URLs and users come from servers.json (which the user may have edited) and pass through
/// `TerminalText.safe` in the text forms.
public enum ServersText {
    public static var noneSaved: String { tr("No servers are saved yet. Add one with: remission connect URL") }
    public static var noDefault: String { tr("No default server: set one with: remission servers default NAME") }

    /// `default`, `needs password`.
    static func notes(_ profile: ServerProfile, isDefault: Bool) -> [String] {
        var notes: [String] = []
        if isDefault { notes.append(tr("default")) }
        if profile.needsPassword { notes.append(tr("needs password")) }
        return notes
    }

    /// NAME, URL, USER, NOTES; the default marked with `*`; the header bold on a terminal.
    public static func table(_ list: ServerList, terminal: Terminal) -> String {
        var rows = [["  " + tr("NAME"), tr("URL"), tr("USER"), tr("NOTES")]]
        for profile in list.profiles {
            let isDefault = profile.name == list.defaultName
            rows.append([
                (isDefault ? "* " : "  ") + TerminalText.safe(profile.name), TerminalText.safe(profile.endpoint.url),
                TerminalText.safe(profile.user ?? "-"), notes(profile, isDefault: isDefault).joined(separator: ", "),
            ])
        }
        var widths = [Int](repeating: 0, count: 4)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], TerminalText.width(cell)) }
        }
        return rows.enumerated().map { number, row in
            var line = ""
            for (index, cell) in row.enumerated() {
                line +=
                    index == row.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[index] - TerminalText.width(cell) + 2)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            guard number > 0 else { return terminal.styled(line, .bold) }
            let name = list.profiles[number - 1].name
            var details = list.clientCertificates[name].map { ClientCertificateText.status($0, now: list.now) } ?? []
            if let proxy = list.profiles[number - 1].options.proxy {
                details.append(tr("Proxy: \(TerminalText.safe(proxy))"))
            }
            if let headers = GatewayText.listed(list.profiles[number - 1].options.headers) { details.append(headers) }
            if let via = list.profiles[number - 1].options.via { details.append(tr("Via: \(TerminalText.safe(via))")) }
            if let socket = list.profiles[number - 1].options.unixSocket {
                details.append(tr("Unix socket: \(TerminalText.safe(socket))"))
            }
            if let tlsName = list.profiles[number - 1].options.tlsName {
                details.append(tr("TLS name: \(TerminalText.safe(tlsName))"))
            }
            return ([line] + details.map { "    " + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// `{"default": NAME|null, "servers": [{"name", "url", "scheme", "host", "port", "path", "user",
    /// "default", "needsPassword", "createdAt", "clientCertificate", "proxy", "via", "unixSocket",
    /// "tlsName", "headers": [{"name", "secret"}]}]}`, exact (JSON-escaped). A header's value is never
    /// in it, secret or not: servers.json's plain values stay in servers.json.
    public static func json(_ list: ServerList) -> String {
        let servers: [JSONValue] = list.profiles.map { profile in
            .object(
                JSONObject([
                    ("name", .string(profile.name)),
                    ("url", .string(profile.endpoint.url)),
                    ("scheme", .string(profile.endpoint.scheme.rawValue)),
                    ("host", .string(profile.endpoint.host)),
                    ("port", .int(Int64(profile.endpoint.port))),
                    ("path", .string(profile.endpoint.path)),
                    ("user", profile.user.map { .string($0) } ?? .null),
                    ("default", .bool(profile.name == list.defaultName)),
                    ("needsPassword", .bool(profile.needsPassword)),
                    ("createdAt", .int(profile.createdAt)),
                    ("clientCertificate", list.clientCertificates[profile.name].map(clientCertificateJSON) ?? .null),
                    ("proxy", profile.options.proxy.map { .string($0) } ?? .null),
                    ("via", profile.options.via.map { .string($0) } ?? .null),
                    ("unixSocket", profile.options.unixSocket.map { .string($0) } ?? .null),
                    ("tlsName", profile.options.tlsName.map { .string($0) } ?? .null),
                    (
                        "headers",
                        .array(
                            profile.options.headers.map {
                                .object(JSONObject([("name", .string($0.name)), ("secret", .bool($0.isSecret))]))
                            })
                    ),
                ]))
        }
        let document: JSONValue = .object(
            JSONObject([("default", list.defaultName.map { .string($0) } ?? .null), ("servers", .array(servers))]))
        return document.serializedString(pretty: false)
    }

    /// `{"path", "subject", "issuer", "notAfter"}`; the facts null when they cannot be read.
    static func clientCertificateJSON(_ status: ClientCertificateStatus) -> JSONValue {
        .object(
            JSONObject([
                ("path", .string(status.path)),
                ("subject", status.facts.map { .string($0.subject) } ?? .null),
                ("issuer", status.facts.map { .string($0.issuer) } ?? .null),
                ("notAfter", status.facts.map { .int($0.notAfter) } ?? .null),
            ]))
    }

    /// What `servers remove` did, one line each.
    public static func removed(_ removed: RemovedServer) -> [String] {
        var lines = [
            tr(
                "Removed server '\(TerminalText.safe(removed.profile.name))' ",
                "(\(TerminalText.safe(removed.profile.endpoint.url)))."),
            password(removed.password), trust(removed.trust),
        ]
        if let headers = GatewayText.removed(removed.headerValuesRemoved) { lines.append(headers) }
        if let now = removed.newDefault {
            lines.append(tr("'\(TerminalText.safe(now))' is the default server now: it is the only one left."))
        } else if removed.wasDefault {
            lines.append(tr("There is no default server now; set one with: remission servers default NAME"))
        }
        return lines
    }

    static func password(_ outcome: PasswordRemoval) -> String {
        switch outcome {
        case .noUser: return tr("No keyring item: the server has no user.")
        case .noKey(let error): return tr("No keyring item: ") + FailureText.credentialKeyReason(error)
        case .kept(let label): return tr("Kept the keyring item \"\(TerminalText.safe(label))\" (--keep-password).")
        case .shared(let label, let servers):
            return tr("Kept the keyring item \"\(TerminalText.safe(label))\": also used by \(names(servers)).")
        case .removed(let label): return tr("Removed the password \"\(TerminalText.safe(label))\" from the keyring.")
        case .notStored(let user, let authority):
            return tr(
                "No password for \(TerminalText.safe(user))@\(TerminalText.safe(authority)) was stored in the keyring.")
        }
    }

    static func trust(_ outcome: TrustRemoval) -> String {
        switch outcome {
        case .shared(let identity, let servers):
            return tr("Kept the trust settings for \(TerminalText.safe(identity)): also used by \(names(servers)).")
        case .removed(let identity): return tr("Removed the trust settings for \(TerminalText.safe(identity)).")
        case .notStored(let identity): return tr("No trust settings were stored for \(TerminalText.safe(identity)).")
        }
    }

    public static func defaultSet(_ name: String) -> String {
        tr("'\(TerminalText.safe(name))' is now the default server.")
    }

    public static func renamed(_ renamed: RenamedServer) -> String {
        let (old, new) = (TerminalText.safe(renamed.old), TerminalText.safe(renamed.new))
        let note = tr("Its keyring password and trust settings are keyed by its address, so they apply unchanged.")
        return renamed.isDefault
            ? tr("Renamed '\(old)' to '\(new)' (the default server). \(note)")
            : tr("Renamed '\(old)' to '\(new)'. \(note)")

    }

    /// `'a', 'b'`.
    public static func names(_ names: [String]) -> String {
        names.map { "'\(TerminalText.safe($0))'" }.joined(separator: ", ")
    }
}
