import RemissionCredentials
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
    /// A saved proxy with a user gets its password from `given` (typed now, same proxy and user) or
    /// the keyring (`passwords`).
    public static func resolve(
        for endpoint: ServerEndpoint, options: ServerOptions?, environment: [String: String],
        passwords: (any ProxyPasswordStore)? = nil, given: ProxyEndpoint? = nil
    ) throws(Failure) -> (ProxySettings, ProxySource)? {
        if let text = options?.proxy {
            var proxy: ProxyEndpoint
            do { proxy = try ProxyEndpoint.parse(text) } catch { throw Failure(.proxyInput(error)) }
            if let user = proxy.user, proxy.password == nil {
                if let given, given.url == proxy.url, given.user == user {
                    proxy.password = given.password
                } else if let passwords {
                    do { proxy.password = try passwords.proxyPassword(proxy: proxy.url, user: user) } catch {
                        throw Failure(.keyring(error))
                    }
                }
            }
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
