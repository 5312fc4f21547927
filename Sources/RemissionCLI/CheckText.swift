import RemissionModel
import RemissionTransport
import RemissionTrust

/// Words for people: the reason a check failed and the one-line hint naming the likely cause.
enum CheckText {
    static func reason(_ failure: CheckFailure) -> String {
        switch failure {
        case .transport(let error): return transportReason(error)
        case .unauthorized(let source):
            return source == nil ? "authentication required (401), no password given" : "authentication failed (401)"
        case .forbidden: return "forbidden (403): this address is not in the daemon's rpc-whitelist"
        case .misdirected: return "misdirected request (421): the host name is not in the daemon's rpc-host-whitelist"
        case .sessionHandshakeLoop: return "session handshake loop (409 after 409)"
        case .httpStatus(let status, let detail):
            return detail.isEmpty ? "unexpected HTTP status \(status)" : "unexpected HTTP status \(status): \(detail)"
        case .rpcError(let message): return "RPC error: \(message)"
        case .unsupportedVersion(let found, let minimum):
            return "rpc-version \(found) is too old (remission needs \(minimum) or later)"
        case .malformedResponse(let detail): return "not a Transmission RPC answer: \(detail)"
        }
    }

    static func transportReason(_ error: TransportError) -> String {
        switch error {
        case .dns(let host, _): return "cannot resolve \(host)"
        case .refused: return "connection refused"
        case .unreachable(let detail): return "host unreachable (\(detail))"
        case .timeout(let phase, _):
            return
                "timed out waiting for the \(phase == "connect" ? "connection" : phase == "tls" ? "TLS handshake" : "response")"
        case .trustRefused(let decision, _):
            if case .refused(let problems) = decision,
                problems.contains(where: { if case .certificateChanged = $0 { true } else { false } })
            {
                return "CERTIFICATE CHANGED"
            }
            if case .refused(let problems) = decision,
                problems.contains(where: { if case .pinMismatch = $0 { true } else { false } })
            {
                return "certificate not trusted: no pinned key matches"
            }
            return "certificate not trusted"
        case .tlsHandshake(let detail): return "TLS handshake failed: \(detail)"
        case .caFile(let path, let detail): return "CA file \(path) \(detail)"
        case .connection(let detail): return "connection failed: \(detail)"
        case .engineUnavailable(let detail): return "libcurl could not be loaded: \(detail)"
        case .other(_, let detail): return detail
        }
    }

    static func hint(_ failure: CheckFailure, server: String, passwordSource: PasswordSource) -> String {
        switch failure {
        case .transport(let error):
            switch error {
            case .dns: return "Check the host name, or your DNS / /etc/hosts."
            case .refused:
                return
                    "Nothing listens on that port: is transmission-daemon (or the proxy) running, and is the port right?"
            case .unreachable: return "Check the network path to the host (VPN, firewall, routing)."
            case .timeout(let phase, _):
                return phase == "connect"
                    ? "The host does not answer: a firewall may drop the packets, or the host is down."
                    : "The server accepted the connection but did not answer in time: is it overloaded, or is this the right port (HTTP vs HTTPS)?"
            case .trustRefused(let decision, _):
                if case .refused(let problems) = decision,
                    problems.contains(where: { if case .certificateChanged = $0 { true } else { false } })
                {
                    return
                        "If the server's certificate was renewed on purpose, run: remission trust show \(server), then remission trust accept \(server) --fingerprint SHA256:…"
                }
                return
                    "Inspect it with: remission trust show \(server); then trust it with trust accept, trust pin or trust ca."
            case .tlsHandshake: return "Is this an HTTPS port? The server must offer TLS 1.2 or later."
            case .caFile: return "Point --ca-file (or remission trust ca) at a readable PEM file."
            default: return "The connection broke: check a proxy between you and the daemon."
            }
        case .unauthorized:
            let saved = !server.contains("://")
            let set = "remission credentials set \(quotedForShell(server))\(saved ? "" : " --user USER")"
            switch passwordSource {
            case .none:
                return "Give a password: --password-stdin, TR_AUTH=user:password, or \(set)."
            case .keyring:
                return
                    "Wrong user or password (from the keyring); the stored password was kept. Update it with: \(set)."
            default:
                return
                    "Wrong user or password (from \(passwordSource)). Check it; a password in the keyring is set with: \(set)."
            }
        case .forbidden:
            return "Add your address to rpc-whitelist in the daemon's settings.json (or disable rpc-whitelist-enabled)."
        case .misdirected:
            return "Add this host name to rpc-host-whitelist in the daemon's settings.json, or connect by IP address."
        case .sessionHandshakeLoop:
            return
                "A proxy drops the X-Transmission-Session-Id header: pass it through (nginx: proxy_pass_header X-Transmission-Session-Id)."
        case .httpStatus(let status, _):
            return status == 404 || status == 301
                ? "Check the RPC path (usually /transmission/rpc)."
                : "Check the proxy configuration in front of the daemon."
        case .rpcError: return "The daemon refused the request."
        case .unsupportedVersion: return "Upgrade Transmission to 2.40 or later."
        case .malformedResponse:
            return "Is the URL pointing at Transmission's RPC endpoint (usually /transmission/rpc)?"
        }
    }
}
