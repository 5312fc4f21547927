#if canImport(Glibc)
    import Glibc
#endif

/// The name or address a server's certificate must cover: the one address that is connected, checked
/// against the certificate and keyed in `trust.json` (PRODUCT.md §2).
public enum PeerName: Sendable, Hashable, CustomStringConvertible {
    /// A DNS name, lower-cased ASCII, without a trailing dot.
    case dns(String)
    /// An IPv4 (4 bytes) or IPv6 (16 bytes) address.
    case ip([UInt8])

    /// Reads a host as the endpoint keeps it: an IPv6 literal (no brackets), a dotted-quad IPv4 address
    /// in its one strict form, or a DNS name (one trailing dot dropped, ASCII lower-cased).
    public init(host: String) {
        if let bytes = PeerName.addressBytes(host) {
            self = .ip(bytes)
        } else {
            var name = host.lowercasedASCII()
            if name.hasSuffix(".") { name.removeLast() }
            self = .dns(name)
        }
    }

    public var description: String {
        switch self {
        case .dns(let name): return name
        case .ip(let bytes): return PeerName.addressText(bytes) ?? "?"
        }
    }

    /// The 4 or 16 bytes of an address literal in its strict form (IPv4 dotted quad without leading
    /// zeros, IPv6 as inet_pton reads it), or nil.
    public static func addressBytes(_ text: String) -> [UInt8]? {
        if text.contains(":") {
            var address = in6_addr()
            guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
            return withUnsafeBytes(of: &address) { Array($0) }
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                part == "0" || !part.hasPrefix("0"), let value = UInt8(part)
            else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    /// The canonical text of 4 or 16 address bytes (inet_ntop), or nil for another length.
    public static func addressText(_ bytes: [UInt8]) -> String? {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        var buffer = [CChar](repeating: 0, count: 64)
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        guard inet_ntop(family, bytes, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

extension String {
    /// ASCII letters lower-cased, every other scalar kept (host names compare case-insensitively in
    /// ASCII only, RFC 6125 §6.4.1).
    func lowercasedASCII() -> String {
        String(
            String.UnicodeScalarView(
                unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
    }
}
