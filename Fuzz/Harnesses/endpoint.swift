import RemissionModel

/// `ServerEndpoint.parse`, the server URL a user types or a profile stores. Properties: the canonical
/// URL of what it accepts parses back to the same endpoint; the trust identity parses to the same
/// scheme, host and port; hosts are lower-case and ports in range; nothing it accepts holds a user,
/// a query or a fragment.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = text(start, count)
    guard let endpoint = try? ServerEndpoint.parse(input) else { return 0 }
    check((1...65535).contains(endpoint.port), "port \(endpoint.port) out of range")
    check(endpoint.host == endpoint.host.lowercased(), "host '\(endpoint.host)' is not lower-case")
    check(!endpoint.host.isEmpty, "empty host")
    check(endpoint.path.hasPrefix("/"), "path '\(endpoint.path)' does not start with /")
    check(!endpoint.url.contains("@") || endpoint.path.contains("@"), "credentials in \(endpoint.url)")
    let again = try? ServerEndpoint.parse(endpoint.url)
    check(again == endpoint, "\(endpoint.url) parses to \(String(describing: again))")
    let identity = try? ServerEndpoint.parse(endpoint.trustIdentity)
    check(
        identity?.scheme == endpoint.scheme && identity?.host == endpoint.host && identity?.port == endpoint.port,
        "\(endpoint.trustIdentity) parses to \(String(describing: identity))")
    _ = endpoint.isLoopback
    return 0
}
