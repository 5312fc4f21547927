import RemissionModel
import RemissionStorage
import RemissionTransport
import RemissionTrust

/// Where the proxy of a request came from, as `check`'s proxy step says it.
public enum ProxySource: Sendable, Equatable {
    /// `--proxy`, or the saved server's.
    case configured
    /// `https_proxy`, `all_proxy`…: the variable's name.
    case environment(String)
}

/// A server's proxy, in order: the one given now (`--proxy`), the saved server's, then the
/// environment as curl reads it (never for a loopback server). An `https://` proxy's certificate is
/// judged by its own pins or CA file, else the system CAs: never by the server's trust.
public enum ProxyChoice {
    public static func resolve(
        for endpoint: ServerEndpoint, options: ServerOptions?, environment: [String: String]
    ) throws(Failure) -> (ProxySettings, ProxySource)? {
        if let text = options?.proxy {
            let proxy: ProxyEndpoint
            do { proxy = try ProxyEndpoint.parse(text) } catch { throw Failure(.proxyInput(error)) }
            var trust = ServerTrust(caFile: options?.proxyCAFile)
            do {
                trust.pins = try (options?.proxyPins ?? []).map { text throws(TrustInputError) in
                    try SPKIPin(parsing: text)
                }
            } catch { throw Failure(.trustInput(error)) }
            return (ProxySettings(endpoint: proxy, trust: trust), .configured)
        }
        guard let (proxy, variable) = ProxyEndpoint.fromEnvironment(environment, for: endpoint) else { return nil }
        return (ProxySettings(endpoint: proxy), .environment(variable))
    }
}
