import RemissionModel

/// `--tls-name NAME`: the name a server's certificate is checked against and sent as SNI, while the
/// connection goes to the URL's address (curl's `--connect-to`). A host name or an address, read as
/// a URL's host is (an ambiguous IPv4 form is refused the same way).
public enum TLSName {
    /// The name lower-cased, or nil for none; a name no URL could hold is a usage failure.
    public static func validated(_ text: String?) throws(Failure) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingASCIIWhitespace()
        let host = trimmed.hasPrefix("[") && trimmed.hasSuffix("]") ? String(trimmed.dropFirst().dropLast()) : trimmed
        let authority = host.contains(":") ? "[\(host)]" : host
        do { return try ServerEndpoint.parse("https://\(authority)/").host } catch {
            throw Failure(.endpoint(error))
        }
    }
}
