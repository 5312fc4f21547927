/// A header an authentication gateway in front of Transmission wants on every request (Cloudflare
/// Access's service token, an Authelia or oauth2-proxy session cookie): `connect --header 'Name: value'`
/// or `--secret-header NAME`, saved with the server.
///
/// A secret header's value lives in the keyring, never in servers.json; its description (and so every
/// log line made from it) shows `<secret>` instead of the value.
public struct GatewayHeader: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public var value: String
    public var isSecret: Bool

    public init(name: String, value: String, isSecret: Bool) {
        (self.name, self.value, self.isSecret) = (name, value, isSecret)
    }

    /// `Name: value`, with `<secret>` for a secret value.
    public var description: String { "\(name): \(isSecret ? "<secret>" : value)" }

    /// At most this many headers per server, and this many bytes of one value (nginx's default
    /// `large_client_header_buffers` is 8 KiB for a whole line).
    public static let maximumCount = 32
    public static let maximumValueBytes = 8 * 1024

    /// Headers Remission writes itself, which a gateway header may not replace (RFC 9110 framing,
    /// the session handshake, gzip, the client's name).
    public static let reservedNames: Set<String> = [
        "host", "content-length", "content-type", "transfer-encoding", "connection", "x-transmission-session-id",
        "accept", "accept-encoding", "user-agent", "expect", "te", "upgrade", "trailer", "keep-alive",
    ]

    /// Whether a header of this name is secret even when given with `--header`: a name holding
    /// `pass`, `auth`, `session`, `cookie`, `token`, `secret` or `key`, in any case
    /// (`Authorization`, `Proxy-Authorization`, `Cookie`, `X-Api-Password`, `X-Auth-Session`,
    /// `CF-Access-Client-Secret`, `X-Api-Key`). A value's secrecy cannot be told from the value; a
    /// name that says what it is for can, and a plain header wrongly kept in the keyring costs
    /// nothing, while a secret one in servers.json and `-v` is out.
    public static func isSecretByDefault(_ name: String) -> Bool {
        let lower = name.lowercased()
        return secretNameParts.contains { lower.contains($0) }
    }

    /// What makes a header name secret by default (`isSecretByDefault`).
    public static let secretNameParts = ["pass", "auth", "session", "cookie", "token", "secret", "key"]

    /// `Name: value` as `--header` takes it (curl's form): the name before the first colon, the value
    /// after it with surrounding spaces and tabs removed. The value is never part of an error.
    public static func parse(_ text: String) throws(GatewayHeaderProblem) -> (name: String, value: String) {
        guard let colon = text.firstIndex(of: ":") else {
            // Only what may be the name is kept (up to a blank, 32 characters): the rest may be a value.
            throw .noColon(name: String(text.prefix { $0 != " " && $0 != "\t" }.prefix(32)))
        }
        let name = String(text[..<colon])
        let value = String(text[text.index(after: colon)...]).trimmingSpacesAndTabs()
        try check(name: name)
        try check(value: value, of: name)
        return (name, value)
    }

    /// A header name must be an RFC 9110 token (`!#$%&'*+-.^_`|~`, digits, letters; 1 to 64 of them)
    /// and not one Remission writes itself.
    public static func check(name: String) throws(GatewayHeaderProblem) {
        guard !name.isEmpty, name.utf8.count <= 64, name.utf8.allSatisfy(isTokenByte) else {
            throw .notToken(name: String(name.prefix(64)))
        }
        if reservedNames.contains(name.lowercased()) { throw .reserved(name: name) }
    }

    /// A value may not be empty, over `maximumValueBytes`, or hold a control character other than a
    /// tab (CR, LF and NUL would end or cut the request's line).
    public static func check(value: String, of name: String) throws(GatewayHeaderProblem) {
        if value.isEmpty { throw .emptyValue(name: name) }
        if value.utf8.count > maximumValueBytes { throw .valueTooLong(name: name, maximum: maximumValueBytes) }
        if value.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
            throw .controlCharacter(name: name)
        }
    }

    /// An `Authorization` header would be replaced by (or replace) the Basic authentication of
    /// Transmission's own password: both cannot go.
    public static func collidesWithPassword(_ names: [String]) -> Bool {
        names.contains { $0.lowercased() == "authorization" }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}

/// Why a gateway header was refused. Only the header's name is kept (cut to 64 characters), never
/// its value: these end up in messages.
public enum GatewayHeaderProblem: Error, Sendable, Equatable {
    /// `--header` without `Name: value`'s colon.
    case noColon(name: String)
    /// The name is not an RFC 9110 token.
    case notToken(name: String)
    /// Remission writes this header itself.
    case reserved(name: String)
    case emptyValue(name: String)
    case valueTooLong(name: String, maximum: Int)
    /// CR, LF, NUL or another control character in the value.
    case controlCharacter(name: String)
    /// `Authorization` on a server that also has Transmission's user and password.
    case authorizationWithPassword
    /// More than `GatewayHeader.maximumCount` headers.
    case tooMany(maximum: Int)
    /// The same name twice in one command.
    case duplicate(name: String)
    /// `--remove-header` names a header the server does not have.
    case notSaved(name: String)
    /// A saved secret header's value is not in the keyring (and nobody could be asked for it).
    case notInKeyring(name: String)
}

extension String {
    func trimmingSpacesAndTabs() -> String {
        let bytes = Array(utf8)
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
