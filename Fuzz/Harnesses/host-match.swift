import RemissionTrust

/// `HostMatch.matches`, fed a certificate name (what a server sends) and a host: the pattern before the
/// first newline, the host after it. Properties: case does not matter (ASCII); one trailing dot on the
/// pattern does not matter; a pattern without a wildcard matches only the same name; a wildcard match
/// has as many labels as the pattern and never matches an address.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = text(start, count)
    let parts = input.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { return 0 }
    let (pattern, host) = (String(parts[0]), String(parts[1]))
    let matched = HostMatch.matches(pattern: pattern, host: host)
    let upper = String(
        String.UnicodeScalarView(
            host.unicodeScalars.map { ("a"..."z").contains($0) ? Unicode.Scalar($0.value - 32)! : $0 }))
    check(HostMatch.matches(pattern: pattern, host: upper) == matched, "case changes '\(pattern)' vs '\(host)'")
    if !pattern.hasSuffix(".") {
        check(HostMatch.matches(pattern: pattern + ".", host: host) == matched, "a trailing dot changes '\(pattern)'")
    }
    guard matched else { return 0 }
    // A match takes printable ASCII on both sides, so Unicode lower-casing is ASCII's here.
    let name = { (text: String) in text.lowercased().trimmingTrailingDot() }
    if !pattern.hasPrefix("*.") {
        check(name(pattern) == name(host), "'\(pattern)' matched another name '\(host)'")
    } else {
        check(PeerName.addressBytes(name(host)) == nil, "wildcard '\(pattern)' matched an address '\(host)'")
        check(
            name(pattern).split(separator: ".", omittingEmptySubsequences: false).count
                == name(host).split(separator: ".", omittingEmptySubsequences: false).count,
            "wildcard '\(pattern)' matched '\(host)' with other labels")
    }
    return 0
}

extension String {
    fileprivate func trimmingTrailingDot() -> String { hasSuffix(".") ? String(dropLast()) : self }
}
