extension ServerEndpoint {
    /// `host[:port][/path]` without a scheme, as transmission-remote takes it (`nas.local`,
    /// `localhost:9091`, `[::1]:9091`): https when the port is 443, otherwise http (port 9091 when none
    /// is given). nil when `text` names a scheme or is not a host. `connect` says which URL it used and
    /// asks before plain HTTP to another host; where a saved name or URL is accepted
    /// (`SessionContext.locate`) plain HTTP to another host is refused unless already known, so no
    /// password leaves in clear unasked.
    public static func parseBare(_ text: String) -> ServerEndpoint? {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty, !trimmed.contains("://"), let guess = try? parse("http://" + trimmed) else {
            return nil
        }
        guard guess.port == 443 else { return guess }
        return ServerEndpoint(scheme: .https, host: guess.host, port: 443, path: guess.path)
    }
}
