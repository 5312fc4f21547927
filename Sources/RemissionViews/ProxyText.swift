import RemissionModel
import RemissionSession
import RemissionTransport
import RemissionTrust

/// The words of proxies: why one failed, the next step, and `check`'s proxy step. Proxy URLs are
/// shown without credentials, through `TerminalText.safe`.
public enum ProxyText {
    public static func reason(_ failure: ProxyFailure) -> String {
        switch failure {
        case .unreachable(let proxy, let detail): return tr("cannot reach the proxy \(safe(proxy)) (\(safe(detail)))")
        case .tunnelRefused(let proxy, let status?, _):
            return tr("the proxy \(safe(proxy)) refused the tunnel (CONNECT answered \(status))")
        case .tunnelRefused(let proxy, nil, let detail):
            return tr("the proxy \(safe(proxy)) refused the tunnel (\(safe(detail)))")
        case .authenticationRequired(let proxy): return tr("the proxy \(safe(proxy)) asks for credentials (407)")
        case .untrusted(let proxy, _, _): return tr("the proxy's certificate is not trusted (\(safe(proxy)))")
        case .handshake(let proxy, let detail):
            return tr("TLS handshake with the proxy \(safe(proxy)) failed: \(safe(detail))")
        case .socks(let proxy, let reply): return socksReason(reply, proxy: safe(proxy))
        case .malformedAnswer(let proxy, let detail):
            return tr("the proxy \(safe(proxy)) answered outside its protocol (\(safe(detail)))")
        }
    }

    public static func hint(_ failure: ProxyFailure, server: String) -> String {
        switch failure {
        case .unreachable:
            return tr(
                "Is the proxy running, and its address right? Without it: unset https_proxy/all_proxy, ",
                "or add the host to no_proxy.")
        case .tunnelRefused:
            return tr(
                "The proxy could not or would not reach the server: check that it may connect to the server's ",
                "host and port.")
        case .authenticationRequired:
            return tr(
                "Give the proxy's user and password: remission connect URL --server \(server) --proxy ",
                "http://USER:PASSWORD@HOST:PORT (the password goes to the keyring).")
        case .untrusted(_, _, let chain):
            let pin = chain.leaf.map { $0.spkiPin.description } ?? "sha256//…"
            return tr(
                "The proxy's certificate is judged by its own rule, not the server's: give it with ",
                "remission connect URL --server \(quotedForShell(server)) --proxy-ca-file FILE or --proxy-pin \(pin)")
        case .handshake: return tr("Is this an https:// proxy? A plain one is http://.")
        case .socks(_, let reply) where reply.wantsCredentials:
            return tr(
                "Give the proxy's user and password: remission connect URL --server \(quotedForShell(server)) --proxy ",
                "socks5h://USER:PASSWORD@HOST:PORT (the password goes to the keyring).")
        case .socks(_, let reply) where reply.serverUnreachable:
            return tr("The proxy could not reach the server: is the server running, and reachable from the proxy?")
        case .socks:
            return tr(
                "The proxy would not carry this connection: check its rules, and try socks5h:// or socks4a:// ",
                "to let it resolve the name.")
        case .malformedAnswer:
            return tr("Is the proxy's scheme right? http:// and https:// speak CONNECT, socks4/4a/5/5h:// SOCKS.")
        }
    }

    public static func parseReason(_ error: ProxyParseError) -> String {
        switch error {
        case .empty: return tr("the proxy URL is empty")
        case .unsupportedScheme(let scheme):
            return tr("proxy scheme '\(safe(scheme))' is not supported (http, https, socks5, socks5h, socks4, socks4a)")
        case .invalidHost(let host): return tr("'\(safe(host))' is not a proxy host[:port]")
        case .path: return tr("a proxy URL has no path: scheme://host:port")
        }
    }

    /// A SOCKS proxy's refusal, one phrase per reply code.
    static func socksReason(_ reply: SOCKSReply, proxy: String) -> String {
        switch reply {
        case .generalFailure: return tr("the SOCKS proxy \(proxy) failed to open the tunnel (general failure)")
        case .notAllowed: return tr("the SOCKS proxy \(proxy) does not allow this connection by its rules")
        case .networkUnreachable: return tr("the SOCKS proxy \(proxy) cannot reach the server's network")
        case .hostUnreachable: return tr("the SOCKS proxy \(proxy) cannot reach the server's host")
        case .connectionRefused: return tr("the server refused the connection from the SOCKS proxy \(proxy)")
        case .ttlExpired: return tr("the SOCKS proxy \(proxy) gave up on the server (TTL expired)")
        case .commandNotSupported: return tr("the SOCKS proxy \(proxy) does not support CONNECT")
        case .addressTypeNotSupported:
            return tr("the SOCKS proxy \(proxy) does not take this kind of address (try socks5h:// or socks5://)")
        case .unassigned(let code): return tr("the SOCKS proxy \(proxy) refused with an unknown code \(Int(code))")
        case .noAcceptableMethod: return tr("the SOCKS proxy \(proxy) wants credentials remission did not give")
        case .credentialsRejected: return tr("the SOCKS proxy \(proxy) refused the user name and password")
        case .socks4Rejected: return tr("the SOCKS4 proxy \(proxy) rejected the request")
        case .socks4NoIdentd: return tr("the SOCKS4 proxy \(proxy) could not reach an identd on this machine")
        case .socks4IdentdMismatch: return tr("the SOCKS4 proxy \(proxy) refused the user id (identd disagrees)")
        }
    }

    /// `check`'s proxy step: where the proxy came from, the tunnel's time, and an https proxy's
    /// trust decision.
    static func step(
        url: String, server: String, source: ProxySource, report: ProxyReport?, milliseconds: Double?, failed: Bool,
        reason: String, now: Int64
    ) -> CheckStep {
        let origin =
            switch source {
            case .configured: tr("configured")
            case .environment(let variable): tr("from \(variable)")
            }
        var details: [String] = []
        if let tls = report?.tls, let decision = tls.decision {
            details += CheckText.trustLines(decision, chain: tls.chain, server: server, now: now, place: .proxy)
            if let leaf = tls.chain?.leaf { details.append(CheckText.expiryLine(leaf, now: now)) }
        }
        let summary = failed ? reason : tr("through \(safe(url)) (\(origin))")
        return CheckStep(
            .proxy, failed ? .failed : .ok, summary, details: details, milliseconds: failed ? nil : milliseconds)
    }

    static func safe(_ text: String) -> String { TerminalText.safe(text) }
}
