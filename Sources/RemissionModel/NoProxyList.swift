#if canImport(Glibc)
    import Glibc
#endif

/// `no_proxy` / `NO_PROXY` as curl 8 reads them (CURLOPT_NOPROXY, `lib/noproxy.c`), so a server the
/// user excluded for curl is excluded here too: a LAN `http://` server that went through a proxy
/// would carry its Basic password past the proxy in clear.
///
/// - The whole value `*` covers every host; a `*` among other entries is only a name.
/// - Entries are separated by commas, with blanks (spaces, tabs) around them; a blank that is not
///   followed by a comma ends the list (curl stops there too).
/// - A server named by a host name: an entry covers the name itself and every name under it,
///   case-insensitively; one leading and one trailing dot of the entry, and one trailing dot of the
///   name, are ignored (`example.com`, `.example.com` and `example.com.` all cover `nas.example.com`
///   and `example.com`, never `notexample.com`). An address entry never covers a name (nothing is
///   resolved to compare).
/// - A server named by an IPv4 or IPv6 address: an entry is an address of the same family, with an
///   optional `/BITS` (CIDR, curl ≥ 7.86): `10.0.0.0/8`, `fd00::/8`, `::1`. Without bits, `/0` or a
///   `/BITS` that is not a number (read as curl's `atoi` reads it), the address must be equal. IPv6
///   entries are written without brackets, as curl's documentation says (`[::1]` covers nothing).
///   A name entry never covers an address.
/// - Ports: the server's port plays no part (`example.com` covers `example.com:8080`); an entry with a
///   port (`example.com:8080`) covers nothing, as in curl.
///
/// One deliberate difference: for an IPv6 prefix that is not a whole number of bytes (`fd00::/12`),
/// curl 8's code compares the remaining bits inverted; here they are compared as the documentation
/// says ("the number of network bits").
public enum NoProxyList {
    /// Whether `list` excludes `host` (as `ServerEndpoint.host` holds it: lower-cased, IPv6 without
    /// brackets) from the proxy.
    public static func covers(_ host: String, list: String) -> Bool {
        guard !host.isEmpty, !list.isEmpty else { return false }
        if list == "*" { return true }
        let kind = Kind(host)
        for entry in entries(list) where matches(entry, host: host, kind: kind) { return true }
        return false
    }

    /// What the server's host is, which decides how an entry is compared.
    enum Kind: Equatable {
        case name(String)  // without one trailing dot
        case ipv4([UInt8])
        case ipv6([UInt8])

        init(_ host: String) {
            if let bytes = NoProxyList.address(host, family: AF_INET) {
                self = .ipv4(bytes)
            } else if host.contains(":"), let bytes = NoProxyList.address(host, family: AF_INET6) {
                self = .ipv6(bytes)
            } else {
                let name = host.lowercased()
                self = .name(name.hasSuffix(".") ? String(name.dropLast()) : name)
            }
        }
    }

    /// The entries as curl's loop reads them: blanks skipped, an entry runs to a blank or a comma,
    /// blanks after it skipped, then a comma (any number) goes on to the next, anything else ends.
    static func entries(_ list: String) -> [Substring] {
        var result: [Substring] = []
        var rest = Substring(list)
        func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
        while !rest.isEmpty {
            rest = rest.drop(while: isBlank)
            let entry = rest.prefix { !isBlank($0) && $0 != "," }
            if !entry.isEmpty { result.append(entry) }
            rest = rest.dropFirst(entry.count).drop(while: isBlank)
            guard rest.first == "," else { break }
            rest = rest.drop { $0 == "," }
        }
        return result
    }

    static func matches(_ entry: Substring, host: String, kind: Kind) -> Bool {
        switch kind {
        case .name(let name):
            var pattern = entry
            if pattern.hasSuffix(".") { pattern = pattern.dropLast() }
            if pattern.hasPrefix(".") { pattern = pattern.dropFirst() }
            guard !pattern.isEmpty else { return false }
            let lowered = pattern.lowercased()
            return name == lowered || name.hasSuffix("." + lowered)
        case .ipv4(let address):
            return network(entry, family: AF_INET, bitsLimit: 32, zeroMeans: 32).map { within(address, $0, $1) }
                ?? false
        case .ipv6(let address):
            return network(entry, family: AF_INET6, bitsLimit: 128, zeroMeans: 128).map { within(address, $0, $1) }
                ?? false
        }
    }

    /// The entry's address and prefix length: `ADDRESS[/BITS]`, BITS read as C's `atoi` reads it
    /// (leading digits; none is 0, and 0 means the whole address). Nil when the address is not one
    /// of `family` or the bits exceed the address.
    static func network(_ entry: Substring, family: Int32, bitsLimit: Int, zeroMeans: Int) -> ([UInt8], Int)? {
        let parts = entry.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let bytes = address(String(parts[0]), family: family) else { return nil }
        var bits = 0
        if parts.count == 2 {
            var digits = parts[1].drop { $0 == " " }
            let negative = digits.first == "-"
            if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
            let number = digits.prefix { $0.isASCII && $0.isNumber }.prefix(12)
            bits = Int(number) ?? 0
            if negative, bits != 0 { return nil }  // atoi's negative, as unsigned: far over any limit
        }
        guard bits <= bitsLimit else { return nil }
        return (bytes, bits == 0 ? zeroMeans : bits)
    }

    /// Whether the first `bits` bits of `address` and `network` are equal.
    static func within(_ address: [UInt8], _ network: [UInt8], _ bits: Int) -> Bool {
        guard address.count == network.count else { return false }
        let whole = bits / 8
        guard address.prefix(whole) == network.prefix(whole) else { return false }
        let rest = bits % 8
        guard rest != 0 else { return true }
        let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - rest))
        return address[whole] & mask == network[whole] & mask
    }

    /// `text` as the bytes of an address of `family` (`inet_pton`: IPv4 only dotted quads).
    static func address(_ text: String, family: Int32) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: family == AF_INET ? 4 : 16)
        let parsed = bytes.withUnsafeMutableBytes { inet_pton(family, text, $0.baseAddress) }
        return parsed == 1 ? bytes : nil
    }
}
