/// Whether the DNS names a refused leaf covers resolve, on this computer (its resolver or
/// /etc/hosts, never the server), to the very address the connection reached. Only then is
/// `--tls-name NAME` offered: a certificate for a name of someone else's, presented at an address, must
/// not come with a ready-made command that trusts it (`TrustAdvice.tlsName`).
public struct LocalNames: Sendable, Hashable {
    /// One name the leaf covers, and whether it resolves here to `address`.
    public struct Name: Sendable, Hashable {
        public var name: String
        public var resolvesHere: Bool

        public init(name: String, resolvesHere: Bool) {
            self.name = name
            self.resolvesHere = resolvesHere
        }
    }

    /// The address connected to, as text; nil when it is not known (a name reached through a proxy
    /// or ssh): then no name counts as resolving here.
    public var address: String?
    /// The names looked up (DNS names without wildcards, at most `maximumLookedUp`), in the leaf's order.
    public var names: [Name]

    /// A hostile certificate may list thousands of names: at most this many are looked up.
    public static let maximumLookedUp = 4

    public init(address: String?, names: [Name]) {
        self.address = address
        self.names = names
    }

    /// The names a leaf covers that are worth a lookup: plain host names (letters, digits, dots,
    /// hyphens and underscores, not starting with a hyphen, at most 253 bytes; no wildcard, no
    /// address), in order, without repeats, at most `maximumLookedUp`. One of them may be printed as
    /// `--tls-name NAME`, a command people run: nothing a shell or a terminal would read otherwise.
    public static func candidates(_ leaf: CertificateFacts) -> [String] {
        var names: [String] = []
        for case .dns(let name) in leaf.subjectAltNames where isPlainHostName(name) && !names.contains(name) {
            names.append(name)
        }
        if leaf.subjectAltNames.isEmpty {
            names = leaf.commonNames.suffix(1).filter(isPlainHostName)
        }
        return Array(names.prefix(maximumLookedUp))
    }

    static func isPlainHostName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= 253, bytes.first != UInt8(ascii: "-"),
            PeerName.addressBytes(name) == nil
        else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"):
                return true
            default: return false
            }
        }
    }
}
