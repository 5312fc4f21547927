/// A parsed `.netrc` file (the format curl, ftp and transmission-remote read):
/// `machine HOST login USER password PASS`, `default …`, and `macdef` blocks, which are skipped.
public struct Netrc: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// nil for the `default` entry.
        public var machine: String?
        public var login: String?
        public var password: String?
    }

    public var entries: [Entry]

    /// Parses netrc text. Tokens are separated by white space; a token may be double-quoted
    /// (curl's extension) with `\"` and `\\` escapes.
    public init(parsing text: String) {
        var entries: [Entry] = []
        var tokens = Self.tokens(text)[...]
        var current: Entry?
        while let token = tokens.popFirst() {
            switch token {
            case "machine":
                if let current { entries.append(current) }
                current = Entry(machine: tokens.popFirst()?.lowercased())
            case "default":
                if let current { entries.append(current) }
                current = Entry(machine: nil)
            case "login": current?.login = tokens.popFirst()
            case "password": current?.password = tokens.popFirst()
            case "account": _ = tokens.popFirst()
            case "macdef":
                _ = tokens.popFirst()
                // A macro runs to the next blank line; the tokenizer marks it with an empty token.
                while let next = tokens.popFirst(), !next.isEmpty {}
            default: continue
            }
        }
        if let current { entries.append(current) }
        self.entries = entries
    }

    /// The entry for `host` (case-insensitive), else the `default` entry. When `user` is given, only an
    /// entry with that login (or none) matches.
    public func entry(host: String, user: String?) -> Entry? {
        let host = host.lowercased()
        let matchesUser: (Entry) -> Bool = { user == nil || $0.login == nil || $0.login == user }
        return entries.first { $0.machine == host && matchesUser($0) }
            ?? entries.first { $0.machine == nil && matchesUser($0) }
    }

    /// Splits into tokens; a blank line becomes an empty token (it ends a `macdef`).
    static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var token = ""
        var inQuotes = false
        var escaped = false
        var newlines = 0
        var hasToken = false
        for character in text.unicodeScalars {
            if inQuotes {
                if escaped {
                    token.unicodeScalars.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inQuotes = false
                } else {
                    token.unicodeScalars.append(character)
                }
                continue
            }
            if character == " " || character == "\t" || character == "\n" || character == "\r" {
                if hasToken {
                    result.append(token)
                    token = ""
                    hasToken = false
                }
                if character == "\n" {
                    newlines += 1
                    if newlines == 2 { result.append("") }
                }
                continue
            }
            newlines = 0
            hasToken = true
            if character == "\"" && token.isEmpty {
                inQuotes = true
            } else {
                token.unicodeScalars.append(character)
            }
        }
        if hasToken { result.append(token) }
        return result
    }
}
