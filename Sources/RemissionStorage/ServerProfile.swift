import Glibc
import RemissionModel

/// A saved server: a name the user types instead of a URL, where the server is, and who to log in as.
///
/// A profile never holds a secret: the password lives in the keyring (PRODUCT.md §3). Its file form is
/// documented on `ServersDocument`.
public struct ServerProfile: Sendable, Hashable {
    /// Unique (case-sensitive) among saved servers; valid per `ServerProfile.validateName`.
    public var name: String
    /// Scheme, host, port and RPC path; stored as separate members in the file.
    public var endpoint: ServerEndpoint
    /// The RPC user name, if the server asks for one.
    public var user: String?
    public var options: ServerOptions
    /// When the profile was first saved, in Unix seconds (UTC). 0 when unknown (imported without a date).
    public var createdAt: Int64
    /// The `id` of the server in the original Remission app's list, when the profile was imported from it.
    public var legacyID: String?
    /// True when a password must be asked for before the first connection: set for imported profiles that
    /// have a user, since their passwords were never imported (nothing is guessed).
    public var needsPassword: Bool

    public init(
        name: String,
        endpoint: ServerEndpoint,
        user: String? = nil,
        options: ServerOptions = ServerOptions(),
        createdAt: Int64 = SystemClock().now,
        legacyID: String? = nil,
        needsPassword: Bool = false
    ) {
        self.name = name
        self.endpoint = endpoint
        self.user = user
        self.options = options
        self.createdAt = createdAt
        self.legacyID = legacyID
        self.needsPassword = needsPassword
    }
}

/// Per-server settings. Options this remission does not know (written by a newer one, or by hand) are
/// kept in `unknown` and written back unchanged, so an older remission does not erase them.
public struct ServerOptions: Sendable, Hashable {
    /// How long one RPC request may take before it counts as a timeout; `nil` for the built-in default.
    /// Must be a finite number above zero.
    public var timeoutSeconds: Double?
    /// The client certificate offered to this server (mutual TLS): an absolute path to a PEM file
    /// (certificate, maybe with its key) or a PKCS#12 file; never a copy. Nil: none.
    public var clientCertificate: String?
    /// The client certificate's private key (PEM), when it is not in the certificate's file.
    public var clientKey: String?
    /// The proxy to reach this server through (`http://`, `https://`, `socks5h://`…), without
    /// credentials; nil: none saved (the environment's applies, except to loopback).
    public var proxy: String?
    /// An `https://` proxy's own trust: a CA file (absolute path) and SPKI pins (`sha256//…`).
    public var proxyCAFile: String?
    public var proxyPins: [String] = []
    /// The name the server's certificate is checked against and sent as SNI, when it differs from the
    /// URL's host (`--tls-name`, as curl's `--connect-to`): the connection still goes to the URL's address.
    public var tlsName: String?
    /// Headers an authentication gateway in front of the server wants (`connect --header`), in the
    /// order given; a secret one's value is in the keyring, not here.
    public var headers: [SavedHeader] = []
    /// The SSH host the server is reached through, `ssh://[user@]host[:port]` (`connect --via`); the
    /// URL is as that host sees it. Nil: none.
    public var via: String?
    /// The unix socket the daemon listens on, an absolute path (`connect --unix-socket`). Nil: none.
    public var unixSocket: String?
    /// Options by name that this remission does not understand, kept as they were.
    public var unknown: [String: DocumentJSON]

    public init(
        timeoutSeconds: Double? = nil, clientCertificate: String? = nil, clientKey: String? = nil,
        unknown: [String: DocumentJSON] = [:]
    ) {
        self.timeoutSeconds = timeoutSeconds
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
        self.unknown = unknown
    }
}

/// Why a text is not a valid server name. See `ServerProfile.validateName`.
public enum ProfileNameProblem: Sendable, Hashable, CustomStringConvertible {
    case empty
    case tooLong(maximum: Int)
    case whitespace
    case controlCharacter
    case slash
    case looksLikeURL
    case leadingDash
    case dots

    public var description: String {
        switch self {
        case .empty: return "it is empty"
        case .tooLong(let maximum): return "it is longer than \(maximum) characters"
        case .whitespace: return "it contains a space or other whitespace"
        case .controlCharacter: return "it contains a control or invisible character"
        case .slash: return "it contains '/' or '\\'"
        case .looksLikeURL: return "it contains ':', so it would look like a URL or host:port"
        case .leadingDash: return "it starts with '-', so it would be read as an option"
        case .dots: return "'.' and '..' are reserved"
        }
    }
}

extension ServerProfile {
    /// The longest name allowed, in characters.
    public static let maximumNameLength = 64

    /// Names are short labels typed on the command line (`remission list --server nas`), so they must not
    /// need quoting or be mistaken for something else. A valid name:
    /// - is 1 to 64 characters long;
    /// - has no whitespace, no control or invisible (format) characters, no `/` or `\`;
    /// - has no `:` (so it never looks like a URL or `host:port`; URLs are always given with their scheme);
    /// - does not start with `-` (it would be read as an option) and is not `.` or `..`.
    ///
    /// Any other Unicode letters, digits and punctuation are fine: `nas`, `Seedbox_2`, `дом`, `nas.lan`.
    /// Names are compared exactly (case-sensitive).
    public static func nameProblem(_ name: String) -> ProfileNameProblem? {
        if name.isEmpty { return .empty }
        if name.count > maximumNameLength { return .tooLong(maximum: maximumNameLength) }
        for scalar in name.unicodeScalars {
            if let problem = scalarProblem(scalar) { return problem }
        }
        if name.hasPrefix("-") { return .leadingDash }
        if name == "." || name == ".." { return .dots }
        return nil
    }

    private static func scalarProblem(_ scalar: Unicode.Scalar) -> ProfileNameProblem? {
        if scalar.properties.isWhitespace { return .whitespace }
        if isInvisible(scalar) { return .controlCharacter }
        if scalar == "/" || scalar == "\\" { return .slash }
        if scalar == ":" { return .looksLikeURL }
        return nil
    }

    /// Throws `ProfileError.invalidName` when `name` is not valid (see `nameProblem`).
    public static func validateName(_ name: String) throws(ProfileError) {
        if let problem = nameProblem(name) { throw .invalidName(name, problem) }
    }

    /// A valid name made from any text, used for names imported from the original app:
    /// every run of characters a name may not contain (whitespace, control, `/`, `\`, `:`), together with
    /// any `-` next to them, becomes one `-`;
    /// leading `-` and `.` and trailing `-` are dropped; the result is cut to `maximumNameLength`, and an empty result
    /// becomes `server`. `"My NAS"` → `My-NAS`, `"https://nas"` → `https-nas`, `"  "` → `server`.
    public static func sanitizedName(_ text: String) -> String {
        var result = ""
        var pendingDash = false
        for character in text {
            if character != "-" && character.unicodeScalars.allSatisfy({ scalarProblem($0) == nil }) {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.append(character)
            } else {
                pendingDash = true
            }
        }
        while result.hasPrefix(".") { result.removeFirst() }
        result = String(result.prefix(maximumNameLength))
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? "server" : result
    }

    /// `base` if it is not in `taken`, otherwise the first free `base-2`, `base-3`, … (cut so that the
    /// result stays within `maximumNameLength`). `base` must be a valid name.
    public static func uniqueName(_ base: String, notIn taken: Set<String>) -> String {
        guard taken.contains(base) else { return base }
        var number = 2
        while true {
            let suffix = "-\(number)"
            var stem = String(base.prefix(maximumNameLength - suffix.count))
            while stem.hasSuffix("-") { stem.removeLast() }
            let candidate = (stem.isEmpty ? "server" : stem) + suffix
            if !taken.contains(candidate) { return candidate }
            number += 1
        }
    }
}

/// `text` in single quotes with control and invisible characters escaped (`\u{7}`), safe to print.
func quoted(_ text: String) -> String {
    var result = "'"
    for scalar in text.unicodeScalars {
        if isInvisible(scalar) {
            result += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return result + "'"
}

/// Control, format (zero-width, bidirectional overrides), separator, private-use and unassigned scalars.
func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
        return true
    default:
        return false
    }
}
