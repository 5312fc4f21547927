/// Whether a certificate covers the name or address asked for: RFC 6125 with curl's rules, so that
/// Remission accepts exactly the names `curl` accepts for the same certificate.
///
/// - A DNS name is matched against the dNSName entries of subjectAltName, an address against the
///   iPAddress entries (by bytes, so `::1` and `0:0::1` are one address).
/// - The subject's common name is read only when the certificate has no dNSName and no iPAddress
///   entry at all (curl's rule; OpenSSL ignores the iPAddress entries here). Then its last CN counts.
/// - A wildcard is a whole left-most label (`*.example.com`), matches exactly one non-empty label, needs
///   two more labels after it (never `*.com`) and never matches an address; `*` anywhere else is a
///   literal character no host name has.
/// - Names compare in ASCII without case; one trailing dot on either side is ignored; a pattern with a
///   NUL, a space or a non-ASCII byte matches nothing.
public enum HostMatch {
    public static func covers(_ certificate: CertificateFacts, _ peer: PeerName) -> Bool {
        var hasDNS = false
        var hasIP = false
        for name in certificate.subjectAltNames {
            switch (name, peer) {
            case (.dns(let pattern), .dns(let host)):
                hasDNS = true
                if matches(pattern: pattern, host: host) { return true }
            case (.dns, .ip):
                hasDNS = true
            case (.ip(let text), .ip(let bytes)):
                hasIP = true
                if PeerName.addressBytes(text) == bytes { return true }
            case (.ip, .dns):
                hasIP = true
            }
        }
        guard !hasDNS, !hasIP, let commonName = certificate.commonNames.last else { return false }
        switch peer {
        case .dns(let host): return matches(pattern: commonName, host: host)
        case .ip(let bytes): return PeerName.addressBytes(commonName) == bytes
        }
    }

    /// One certificate name pattern against one host name (both as written; normalised here).
    public static func matches(pattern rawPattern: String, host rawHost: String) -> Bool {
        guard let pattern = normalised(rawPattern), let host = normalised(rawHost), !host.isEmpty else {
            return false
        }
        guard pattern.hasPrefix("*."), PeerName.addressBytes(host) == nil else { return pattern == host }
        let patternLabels = pattern.split(separator: ".", omittingEmptySubsequences: false)
        // At least two labels after the wildcard (curl: two dots in the pattern).
        guard patternLabels.count >= 3, !patternLabels.contains(where: \.isEmpty) else { return pattern == host }
        let hostLabels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard hostLabels.count == patternLabels.count, let first = hostLabels.first, !first.isEmpty else {
            return false
        }
        return hostLabels.dropFirst().elementsEqual(patternLabels.dropFirst())
    }

    /// Lower-cased, one trailing dot dropped; nil for text no certificate name may hold.
    private static func normalised(_ text: String) -> String? {
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) else {
            return nil
        }
        var result = text.lowercasedASCII()
        if result.hasSuffix(".") { result.removeLast() }
        return result
    }
}
