extension TestBed {
    /// An nginx listener. The TLS ones proxy `/transmission/` to a daemon; each has its own
    /// access log.
    public enum Listener: String, CaseIterable, Sendable {
        /// Leaf signed by the root CA, for localhost, 127.0.0.1 and ::1.
        case caSigned = "ca-signed"
        /// Leaf signed by the intermediate CA, served with the intermediate.
        case chained
        /// Leaf signed by the intermediate CA, served without it (unknown issuer).
        case incomplete
        /// Self-signed leaf (RSA 2048).
        case selfSigned = "self-signed"
        /// Another self-signed leaf with the same names and a different key.
        case changed
        /// CA-signed leaf valid from 2019-01-01 to 2020-01-01.
        case expired
        /// CA-signed leaf for other.example only.
        case wrongHost = "wrong-host"
        /// ca-signed certificate; hides X-Transmission-Session-Id, so every answer is a 409.
        case stripSession = "strip-session"
        /// ca-signed certificate; answers 307 to the plain-HTTP proxy (scheme downgrade).
        case redirect
        /// ca-signed certificate, in front of the volatile daemon (stop it for 502s).
        case volatile
        /// ca-signed certificate on [::1]; missing when the machine has no IPv6 loopback.
        case ipv6
        /// ca-signed certificate, in front of the Transmission 4.1.3 daemon; only when it runs
        /// (`TestBed.hasModern`).
        case modern
        /// ca-signed certificate; requires a client certificate signed by the test client CA
        /// (`ssl_verify_client on`): 400 without one or with another; logs `client_verify`.
        case clientCert = "client-cert"
        /// self-signed (untrusted) certificate with the same client-certificate requirement.
        case clientCertUntrusted = "client-cert-untrusted"
        /// Plain HTTP in front of the main daemon.
        case httpProxy = "http-proxy"
        /// Plain HTTP in front of the hostcheck daemon, sending `Host: rebind.example`:
        /// the daemon answers 421.
        case hostcheck

        public var isTLS: Bool { self != .httpProxy && self != .hostcheck }

        /// The certificate the listener serves, if it is a TLS listener.
        public var certificate: Certificate? {
            switch self {
            case .caSigned, .stripSession, .redirect, .volatile, .ipv6, .modern, .clientCert: .caSigned
            case .chained: .chained
            case .incomplete: .incomplete
            case .selfSigned, .clientCertUntrusted: .selfSigned
            case .changed: .changed
            case .expired: .expired
            case .wrongHost: .wrongHost
            case .httpProxy, .hostcheck: nil
            }
        }

        /// `ca-signed` → `CA_SIGNED`, as in testbed.env.
        var envName: String { rawValue.replacingOccurrences(of: "-", with: "_").uppercased() }

        var portKey: String {
            switch self {
            case .httpProxy: "HTTP_PROXY_PORT"
            case .hostcheck: "HOSTCHECK_PORT"
            default: "HTTPS_\(envName)_PORT"
            }
        }

        var accessLogKey: String { "ACCESS_LOG_\(envName)" }
    }

    /// A transmission-daemon of the bed. All bind RPC to 127.0.0.1 only.
    public enum Daemon: String, CaseIterable, Sendable {
        /// Authentication on (`user`, `password`); behind every proxy listener but two.
        case main
        /// Like main, for tests that stop and restart a daemon without disturbing others.
        case volatile
        /// rpc-whitelist is 127.0.0.2 only: every request from 127.0.0.1 gets 403.
        case forbidden
        /// Authentication off and the host whitelist on: a foreign Host header gets 421.
        case hostcheck
        /// Transmission 4.1.3 (JSON-RPC 2.0), like main; only when /opt/transmission-4 holds it
        /// (`TestBed.hasModern`).
        case modern

        var portKey: String {
            switch self {
            case .main: "RPC_PORT"
            case .volatile: "VOLATILE_PORT"
            case .forbidden: "FORBIDDEN_PORT"
            case .hostcheck: "HOSTCHECK_DAEMON_PORT"
            case .modern: "MODERN_PORT"
            }
        }
    }

    /// A certificate from `certs/generate`; the raw value is its file name stem.
    public enum Certificate: String, CaseIterable, Sendable {
        case ca
        case intermediate
        case caSigned = "ca-signed"
        case chained
        case incomplete
        case selfSigned = "self-signed"
        case changed
        case expired
        case wrongHost = "wrong-host"
    }
}

/// One line of a listener's access log, whose fields are `key=value` pairs:
/// `time client_port connection requests method uri status user session_id tls reused bytes_in
/// client_verify` (the last is nginx's `$ssl_client_verify`: `NONE`, `SUCCESS`, or `FAILED:` and a
/// reason, cut at its first space here).
/// nginx writes `-` for an empty value; `reused` is `r` for a resumed TLS session, `.` if not.
///
/// Tests run in parallel and share the listeners: find your own requests by a marker in
/// the URI (a query string) or by `clientPort` (your connection's local port), rather than
/// by position in the log.
public struct AccessLogEntry: Sendable, Equatable {
    public var fields: [String: String]

    public init(line: String) {
        var fields: [String: String] = [:]
        for pair in line.split(separator: " ") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            fields[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        self.fields = fields
    }

    public subscript(key: String) -> String? { fields[key] }

    /// The HTTP status nginx sent.
    public var status: Int? { fields["status"].flatMap { Int($0) } }
    /// The Basic-auth user name of the request, nil when it carried no Authorization.
    public var user: String? { fields["user"].flatMap { $0 == "-" ? nil : $0 } }
    /// Whether the request carried an X-Transmission-Session-Id header.
    public var hadSessionID: Bool { fields["session_id"] == "yes" }
    /// The request's length in bytes (request line, headers and body), as nginx read it.
    public var bytesIn: Int? { fields["bytes_in"].flatMap { Int($0) } }
    /// nginx's connection serial number: equal for requests on one reused connection.
    public var connection: Int? { fields["connection"].flatMap { Int($0) } }
    /// The client's source port: equal for requests on one reused connection.
    public var clientPort: Int? { fields["client_port"].flatMap { Int($0) } }
}
