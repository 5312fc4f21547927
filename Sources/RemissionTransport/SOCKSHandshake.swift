/// SOCKS as `SocketConnection+Proxy.swift` speaks it: the bytes of each request, and each reply
/// read by a pure function, so every rule is tested without a socket (SOCKSHandshakeTests, the
/// `proxy-reply` fuzz harness).
///
/// SOCKS4 (local resolve, IPv4 only), SOCKS4a (the name is sent), SOCKS5 (RFC 1928; local resolve)
/// and SOCKS5h (the name is sent), user and password by RFC 1929. Every reply byte is checked: its
/// version, its reserved byte, its address type and length. A reply is read to its exact length
/// (`needed`), so nothing of what follows the handshake is ever taken, and nothing unbounded is held.
enum SOCKSHandshake {
    /// The server as a SOCKS request names it.
    enum Destination: Equatable {
        case ipv4([UInt8])
        case ipv6([UInt8])
        /// A host name the proxy resolves (SOCKS4a, SOCKS5h): 1 to 255 bytes.
        case name(String)
    }

    /// What a reply said, once all of its bytes were read.
    enum Outcome: Equatable {
        /// The step succeeded: go on.
        case granted
        /// The proxy refused, in its own words.
        case refused(SOCKSReply)
    }

    /// Why a reply (or a request we would have to send) is not SOCKS as it must be.
    enum Violation: Error, Equatable {
        case wrongVersion(expected: UInt8, got: UInt8)
        case malformed(String)
        /// A user name, password or host name over the 255 bytes SOCKS5 can carry (or empty, or with
        /// a NUL byte in SOCKS4's NUL-terminated fields).
        case unsendable(String)
    }

    // MARK: SOCKS4 and SOCKS4a

    /// CONNECT to an IPv4 address (SOCKS4) or to a name (SOCKS4a: the address 0.0.0.1, the name after
    /// the user). The user id is NUL-terminated, so it cannot hold a NUL.
    static func socks4Request(_ destination: Destination, port: Int, user: String?) throws(Violation) -> [UInt8] {
        let userBytes = Array((user ?? "").utf8)
        guard !userBytes.contains(0), userBytes.count <= 255 else { throw .unsendable("the SOCKS4 user id") }
        var bytes: [UInt8] = [4, 1, UInt8(port >> 8 & 0xFF), UInt8(port & 0xFF)]
        switch destination {
        case .ipv4(let address) where address.count == 4:
            bytes += address + userBytes + [0]
        case .name(let name):
            let nameBytes = Array(name.utf8)
            guard !nameBytes.isEmpty, nameBytes.count <= 255, !nameBytes.contains(0) else {
                throw .unsendable("the host name")
            }
            bytes += [0, 0, 0, 1] + userBytes + [0] + nameBytes + [0]
        default:
            throw .unsendable("an address SOCKS4 cannot carry (IPv4 only)")
        }
        return bytes
    }

    /// SOCKS4's reply is always 8 bytes: VN 0, CD, then a port and address we do not use.
    static let socks4ReplyLength = 8

    static func socks4Reply(_ bytes: [UInt8]) throws(Violation) -> Outcome {
        guard bytes.count == socks4ReplyLength else { throw .malformed("a SOCKS4 reply of \(bytes.count) bytes") }
        // RFC-less SOCKS4: VN is 0 in a reply; a proxy answering with 4 is common enough and harmless.
        guard bytes[0] == 0 || bytes[0] == 4 else { throw .wrongVersion(expected: 0, got: bytes[0]) }
        switch bytes[1] {
        case 90: return .granted
        case 91: return .refused(.socks4Rejected)
        case 92: return .refused(.socks4NoIdentd)
        case 93: return .refused(.socks4IdentdMismatch)
        default: throw .malformed("a SOCKS4 reply code \(bytes[1])")
        }
    }

    // MARK: SOCKS5 (RFC 1928, RFC 1929)

    /// The methods we offer: none, and user/password when we have a user.
    static func socks5Greeting(offersPassword: Bool) -> [UInt8] {
        offersPassword ? [5, 2, 0, 2] : [5, 1, 0]
    }

    static let socks5ChoiceLength = 2

    /// The method the proxy chose: 0 (none) or 2 (user/password, only when offered).
    static func socks5Choice(_ bytes: [UInt8], offeredPassword: Bool) throws(Violation) -> SOCKS5Method {
        guard bytes.count == socks5ChoiceLength else {
            throw .malformed("a SOCKS5 method reply of \(bytes.count) bytes")
        }
        guard bytes[0] == 5 else { throw .wrongVersion(expected: 5, got: bytes[0]) }
        switch bytes[1] {
        case 0: return .none
        case 2 where offeredPassword: return .password
        case 0xFF: return .noneAcceptable
        default: throw .malformed("the SOCKS5 proxy chose method \(bytes[1]), which was not offered")
        }
    }

    enum SOCKS5Method: Equatable { case none, password, noneAcceptable }

    /// RFC 1929: version 1, the user (1–255 bytes), the password (0–255 bytes).
    static func socks5Credentials(user: String, password: String) throws(Violation) -> [UInt8] {
        let userBytes = Array(user.utf8)
        let passwordBytes = Array(password.utf8)
        guard (1...255).contains(userBytes.count), passwordBytes.count <= 255 else {
            throw .unsendable("a SOCKS5 user name or password (1 to 255 bytes)")
        }
        return [1, UInt8(userBytes.count)] + userBytes + [UInt8(passwordBytes.count)] + passwordBytes
    }

    static let socks5CredentialsReplyLength = 2

    /// RFC 1929's reply: version 1, status 0 for success. Some proxies answer version 5; accepted.
    static func socks5CredentialsReply(_ bytes: [UInt8]) throws(Violation) -> Outcome {
        guard bytes.count == socks5CredentialsReplyLength else {
            throw .malformed("a SOCKS5 authentication reply of \(bytes.count) bytes")
        }
        guard bytes[0] == 1 || bytes[0] == 5 else { throw .wrongVersion(expected: 1, got: bytes[0]) }
        return bytes[1] == 0 ? .granted : .refused(.credentialsRejected)
    }

    static func socks5Request(_ destination: Destination, port: Int) throws(Violation) -> [UInt8] {
        var bytes: [UInt8] = [5, 1, 0]
        switch destination {
        case .ipv4(let address) where address.count == 4: bytes += [1] + address
        case .ipv6(let address) where address.count == 16: bytes += [4] + address
        case .name(let name):
            let nameBytes = Array(name.utf8)
            guard (1...255).contains(nameBytes.count) else { throw .unsendable("the host name (1 to 255 bytes)") }
            bytes += [3, UInt8(nameBytes.count)] + nameBytes
        default: throw .unsendable("an address of the wrong length")
        }
        return bytes + [UInt8(port >> 8 & 0xFF), UInt8(port & 0xFF)]
    }

    /// How many bytes the SOCKS5 CONNECT reply has in all, from what was read of it so far: 5 are
    /// read first (up to the address's first byte, which for a name is its length), then the rest.
    static func socks5ReplyLength(_ prefix: [UInt8]) throws(Violation) -> Int {
        guard prefix.count >= 5 else { return 5 }
        switch prefix[3] {
        case 1: return 4 + 4 + 2
        case 3: return 4 + 1 + Int(prefix[4]) + 2
        case 4: return 4 + 16 + 2
        default: throw .malformed("a SOCKS5 reply with address type \(prefix[3])")
        }
    }

    static func socks5Reply(_ bytes: [UInt8]) throws(Violation) -> Outcome {
        guard bytes.count >= 5 else { throw .malformed("a SOCKS5 reply of \(bytes.count) bytes") }
        guard bytes[0] == 5 else { throw .wrongVersion(expected: 5, got: bytes[0]) }
        guard bytes[2] == 0 else { throw .malformed("a SOCKS5 reply whose reserved byte is \(bytes[2])") }
        guard try socks5ReplyLength(bytes) == bytes.count else {
            throw .malformed("a SOCKS5 reply of \(bytes.count) bytes for its address type")
        }
        switch bytes[1] {
        case 0: return .granted
        case 1: return .refused(.generalFailure)
        case 2: return .refused(.notAllowed)
        case 3: return .refused(.networkUnreachable)
        case 4: return .refused(.hostUnreachable)
        case 5: return .refused(.connectionRefused)
        case 6: return .refused(.ttlExpired)
        case 7: return .refused(.commandNotSupported)
        case 8: return .refused(.addressTypeNotSupported)
        default: return .refused(.unassigned(bytes[1]))
        }
    }
}

/// Why a SOCKS proxy would not open the tunnel, one case per reply code, worded by the view layer.
public enum SOCKSReply: Sendable, Equatable {
    // SOCKS5 (RFC 1928 §6).
    case generalFailure
    case notAllowed
    case networkUnreachable
    case hostUnreachable
    case connectionRefused
    case ttlExpired
    case commandNotSupported
    case addressTypeNotSupported
    /// A code RFC 1928 does not assign.
    case unassigned(UInt8)
    // SOCKS5 authentication (RFC 1928 §3, RFC 1929).
    /// The proxy accepts none of the methods offered: it wants credentials we did not give.
    case noAcceptableMethod
    /// The proxy refused the user and password.
    case credentialsRejected
    // SOCKS4 and SOCKS4a.
    case socks4Rejected
    case socks4NoIdentd
    case socks4IdentdMismatch

    /// Whether giving (other) credentials is the way on.
    public var wantsCredentials: Bool {
        switch self {
        case .noAcceptableMethod, .credentialsRejected, .socks4NoIdentd, .socks4IdentdMismatch: true
        default: false
        }
    }

    /// The proxy tried and could not reach the server: the server is offline as far as we can tell.
    public var serverUnreachable: Bool {
        switch self {
        case .networkUnreachable, .hostUnreachable, .connectionRefused, .ttlExpired, .generalFailure: true
        default: false
        }
    }
}
