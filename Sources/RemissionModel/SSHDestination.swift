/// The SSH host a server is reached through (`connect URL --via ssh://[user@]host[:port]`): the
/// user's own `ssh -W` connects to it, with their `~/.ssh/config`, agent and `known_hosts`.
///
/// Every part is checked so that it can only ever be one argument of ssh's, never an option: no
/// part starts with `-`, none holds whitespace or a control character, the host is a name, an
/// alias from `~/.ssh/config` or an address (letters, digits, `.`, `-`, `_`; IPv6 in brackets), and
/// the user has no `@` or `:` and none of the characters ssh 9.6 refuses in a user name from its
/// command line (`unsafeInUser`). The argument builder puts `--` before the host as well.
public struct SSHDestination: Sendable, Hashable, CustomStringConvertible {
    /// Nil: ssh's own choice (`User` in `~/.ssh/config`, else the local user).
    public var user: String?
    /// A name, an alias, or an address; IPv6 without brackets.
    public var host: String
    /// Nil: ssh's own choice (`Port` in `~/.ssh/config`, else 22).
    public var port: Int?

    public init(user: String? = nil, host: String, port: Int? = nil) {
        (self.user, self.host, self.port) = (user, host, port)
    }

    /// `ssh://[user@]host[:port]`, as it is saved and shown.
    public var url: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return "ssh://" + (user.map { "\($0)@" } ?? "") + name + (port.map { ":\($0)" } ?? "")
    }

    public var description: String { url }

    /// `ssh://[user@]host[:port]` with an optional trailing `/`. Nothing else: no path, no query, no
    /// password (ssh takes none on its command line, and Remission never handles ssh's secrets).
    public static func parse(_ text: String) throws(SSHDestinationError) -> SSHDestination {
        guard text.lowercased().hasPrefix("ssh://") else { throw .notSSH }
        var rest = Substring(text.dropFirst("ssh://".count))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.isEmpty else { throw .missingHost }
        guard !rest.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || $0.value > 0x7E })
        else { throw .invalidCharacter }
        guard !rest.contains("/"), !rest.contains("?"), !rest.contains("#") else { throw .path }
        var user: String?
        if let at = rest.lastIndex(of: "@") {
            let name = rest[..<at]
            guard !name.isEmpty, !name.hasPrefix("-"), !name.contains("@") else { throw .invalidUser }
            guard !name.contains(":") else { throw .password }
            if let unsafe = name.first(where: { unsafeInUser.contains($0) }) { throw .unsafeUser(unsafe) }
            user = String(name)
            rest = rest[rest.index(after: at)...]
        }
        var host = rest
        var port: Int?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw .invalidHost }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .invalidHost }
                port = try Self.port(after.dropFirst())
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw .invalidHost
            }
        } else {
            if let colon = rest.lastIndex(of: ":") {
                host = rest[..<colon]
                port = try Self.port(rest[rest.index(after: colon)...])
            }
            guard !host.isEmpty, !host.hasPrefix("-"), !host.hasPrefix("."),
                host.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." || $0 == "-" || $0 == "_" })
            else { throw .invalidHost }
        }
        return SSHDestination(user: user, host: String(host), port: port)
    }

    /// What a user name may not hold: the characters ssh 9.6 refuses in one from its command line
    /// (`valid_ruser`: quotes, backquote, `;`, `&`, `<`, `>`, `|`, parentheses and braces), because
    /// a shell reads them where `%r` is expanded into a `ProxyCommand` or `Match exec`, as older ssh
    /// did (CVE-2023-51385); and `$`, `%` and `\`, which start an expansion there or in ssh's own
    /// `%` tokens. Debian's ssh refuses most of them itself; an older one would not.
    public static let unsafeInUser: Set<Character> = [
        "'", "`", "\"", ";", "&", "<", ">", "|", "(", ")", "{", "}", "$", "%", "\\",
    ]

    private static func port(_ text: Substring) throws(SSHDestinationError) -> Int {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy(\.isASCII), let port = Int(text),
            (1...65535).contains(port)
        else { throw .invalidPort }
        return port
    }
}

/// Why a `--via` value is not an SSH destination.
public enum SSHDestinationError: Error, Sendable, Equatable {
    /// It does not start with `ssh://`.
    case notSSH
    case missingHost
    /// Whitespace, a control character or a non-ASCII character.
    case invalidCharacter
    /// A user that is empty, starts with `-`, or holds `@`.
    case invalidUser
    /// `user:password@`: ssh takes no password on its command line.
    case password
    /// A user holding a character a shell or ssh's `%` tokens would read (`unsafeInUser`).
    case unsafeUser(Character)
    case invalidHost
    case invalidPort
    /// A path, query or fragment.
    case path
}
