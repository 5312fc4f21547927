import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionTrust

/// The words of a `KnownCause`: the line `check` shows after the failed step and the hint that fixes it
/// at its origin (the proxy's configuration, the clock, the URL), never "trust this certificate".
public enum KnownCauseText {
    /// The reason line; `now` for the clock's own time.
    public static func reason(_ cause: KnownCause, now: Int64) -> String {
        switch cause {
        case .placeholderCertificate(.traefik):
            return tr(
                "Traefik served its default certificate: no router matches this host, ",
                "or its certificate resolver failed")
        case .stagingCertificate(let issuer):
            return tr("a staging (test) certificate from Let's Encrypt (issued by \(safe(issuer)))")
        case .missingIntermediate(let issuer):
            return tr(
                "the server sends only its own certificate and its issuer (\(safe(issuer))) is unknown here: ",
                "the server does not send its intermediate certificate, or the issuer is a private CA")
        case .clock(let leaf, let notYetValid):
            let from = Units.dateTime(WallClock(unixSeconds: leaf.notBefore, .local), seconds: false)
            let until = Units.dateTime(WallClock(unixSeconds: leaf.notAfter, .local), seconds: false)
            let clock = Units.dateTime(WallClock(unixSeconds: now, .local), seconds: false)
            return notYetValid
                ? tr(
                    "the certificate is not valid yet (valid from \(from) to \(until)): is this computer's ",
                    "clock right? It is \(clock) here")
                : tr(
                    "the certificate expired less than a day ago (valid from \(from) to \(until)): is this ",
                    "computer's clock right? It is \(clock) here")
        case .noCertificateForName(let alert):
            return tr(
                "the server has no certificate for this name or address: it refused the TLS handshake ",
                "(alert \(alert))")
        case .plainHTTPPort: return tr("this port speaks plain HTTP, not HTTPS")
        case .tlsPort: return tr("this port speaks HTTPS, not plain HTTP")
        case .authenticationGateway(let gateway): return GatewayText.reason(gateway)
        }
    }

    /// The hint; `endpoint` (when known: `check`, `connect`) makes it name the URL to use.
    public static func hint(_ cause: KnownCause, endpoint: ServerEndpoint?) -> String {
        switch cause {
        case .placeholderCertificate(.traefik):
            return tr(
                "This certificate is not the server's: do not trust it. Check Traefik's router rule for this ",
                "host (Host(`…`)) and its certificate resolver's log (ACME).")
        case .stagingCertificate:
            return tr(
                "Switch the proxy to the production ACME endpoint ",
                "(https://acme-v02.api.letsencrypt.org/directory) and get a new certificate.")
        case .missingIntermediate:
            return tr(
                "If the issuer is an intermediate, configure the full chain on the server: nginx ssl_certificate ",
                "fullchain.pem (not cert.pem); Caddy sends it itself. If it is your own CA, give its file with --ca-file."
            )
        case .clock:
            return tr(
                "Check this computer's date, time and time zone (timedatectl); if they are right, the ",
                "certificate must be renewed on the server.")
        case .noCertificateForName:
            guard let endpoint else {
                return tr(
                    "Connect by the name its certificate is for, or give the proxy a site and certificate for this name."
                )
            }
            return tr(
                "Connect by the name its certificate is for (https://NAME:\(endpoint.port)\(safe(endpoint.path))), ",
                "or keep this address and add --tls-name NAME (the name is sent to the server and checked in its ",
                "certificate), or give the proxy a site and certificate for \(safe(endpoint.urlHost)).")
        case .plainHTTPPort:
            guard var plain = endpoint else {
                return tr(
                    "Use the proxy's HTTPS port; http:// in the server's URL would work but is insecure unless ",
                    "the host is this computer: the password and all data would travel unencrypted.")
            }
            plain.scheme = .http
            if plain.isLoopback { return tr("Use \(safe(plain.url)) (loopback: nothing leaves this computer).") }
            return tr(
                "Use the proxy's HTTPS port; \(safe(plain.url)) would work but is insecure: the password and all ",
                "data would travel unencrypted.")
        case .tlsPort:
            guard var secure = endpoint else { return tr("Use https:// in the server's URL.") }
            secure.scheme = .https
            return tr("Use \(safe(secure.url)).")
        case .authenticationGateway(let gateway): return GatewayText.hint(gateway, server: nil, place: .command)
        }
    }

    static func safe(_ text: String) -> String { TerminalText.safe(text) }
}
