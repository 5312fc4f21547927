import RemissionModel
import RemissionSession
import RemissionTransport
import RemissionTrust

/// The words of a `TransportError`: why a request got no HTTP answer (name, connection, timeout
/// phase, TLS, trust, proxy, route) and what to do next.
extension FailureText {
    /// The transport's reason, e.g. "cannot resolve nas.local", "CERTIFICATE CHANGED".
    public static func transportReason(_ error: TransportError) -> String {
        switch error {
        case .dns(let host, _): return tr("cannot resolve \(safe(host))")
        case .refused: return tr("connection refused")
        case .unreachable(let detail): return tr("host unreachable (\(safe(detail)))")
        case .timeout(let phase, _): return timeoutReason(phase)
        case .clientCertificateRefused(let offered, let alert):
            return ClientCertificateText.reason(.refused(offered: offered, alert: alert))
        case .proxy(let failure): return ProxyText.reason(failure)
        case .route(let failure): return RouteText.reason(failure)
        case .trustRefused(let decision, _):
            if decision.hasProblem({ if case .certificateChanged = $0 { true } else { false } }) {
                return tr("CERTIFICATE CHANGED")
            }
            if decision.hasProblem({ if case .pinMismatch = $0 { true } else { false } }) {
                return tr("certificate not trusted: no pinned key matches")
            }
            return tr("certificate not trusted")
        case .tlsHandshake(let detail): return tr("TLS handshake failed: \(safe(detail))")
        case .caFile(let path, let detail): return tr("CA file \(safe(path)) \(safe(detail))")
        case .connection(let detail): return tr("connection failed: \(safe(detail))")
        case .responseTooLarge(let limit, let announced):
            guard let announced else {
                return tr("the answer is larger than \(Units.bytes(limit)), remission's limit; reading stopped there")
            }
            return tr(
                "the answer is larger than \(Units.bytes(limit)), remission's limit ",
                "(it announced \(Units.bytes(announced))); it was not read")
        case .other(_, let detail): return safe(detail)
        }
    }

    /// Where a request stalled, as a reason: "timed out waiting for the TLS handshake".
    static func timeoutReason(_ phase: TimeoutPhase) -> String {
        switch phase {
        case .connect: tr("timed out waiting for the connection")
        case .proxyHandshake: tr("timed out waiting for the proxy's TLS handshake")
        case .proxyTunnel: tr("timed out waiting for the proxy to open the tunnel")
        case .tlsHandshake: tr("timed out waiting for the TLS handshake")
        case .request: tr("timed out waiting for the response")
        case .response: tr("timed out while the response was arriving")
        case .commandDeadline: tr("the time --timeout allows ran out before the request was sent")
        }
    }

    static func timeoutHint(_ phase: TimeoutPhase) -> String {
        switch phase {
        case .connect: tr("The host does not answer: a firewall may drop the packets, or the host is down.")
        case .proxyHandshake, .proxyTunnel:
            tr("The proxy accepted the connection but did not answer: is it a proxy of this kind (the URL's scheme)?")
        case .tlsHandshake, .request:
            tr(
                "The server accepted the connection but did not answer in time: is it overloaded, ",
                "or is this the right port (HTTP vs HTTPS)? Allow more time with --timeout.")
        case .response:
            tr("The server began to answer but stalled: is it overloaded? Allow more time with --timeout.")
        case .commandDeadline: tr("The calls before this one used the time up: allow more time with --timeout.")
        }
    }

    public static func transportHint(_ error: TransportError, server: String) -> String? {
        switch error {
        case .dns: return tr("Check the host name, or your DNS / /etc/hosts.")
        case .refused:
            return tr(
                "Nothing listens on that port: is transmission-daemon (or the proxy) running, and is the port right?")
        case .unreachable: return tr("Check the network path to the host (VPN, firewall, routing).")
        case .timeout(let phase, _): return timeoutHint(phase)
        case .trustRefused(let decision, _):
            if decision.hasProblem({ if case .certificateChanged = $0 { true } else { false } }) {
                return tr(
                    "If the server's certificate was renewed on purpose, run: remission trust show \(server), ",
                    "then remission trust accept \(server) --fingerprint SHA256:…")
            }
            return tr(
                "Inspect it with: remission trust show \(server); then trust it with trust accept, trust pin ",
                "or trust ca.")
        case .tlsHandshake: return tr("Is this an HTTPS port? The server must offer TLS 1.2 or later.")
        case .clientCertificateRefused(let offered, let alert):
            return ClientCertificateText.hint(.refused(offered: offered, alert: alert), server: server, place: .command)
        case .proxy(let failure): return ProxyText.hint(failure, server: server)
        case .route(let failure): return RouteText.hint(failure)
        case .caFile: return tr("Point --ca-file (or remission trust ca) at a readable PEM file of CA certificates.")
        case .connection, .other: return tr("The connection broke: try again, or run `remission check` to diagnose.")
        case .responseTooLarge: return oversizeHint
        }
    }

    /// Real answers are far smaller (a list of 10,000 torrents is ~2 MB): not worth a retry.
    static var oversizeHint: String {
        tr(
            "Transmission's answers are far smaller: is the URL really a Transmission daemon, ",
            "and can this server be trusted? Run with -v to see the exchange.")
    }
}
