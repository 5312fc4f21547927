/// The environment a child process of Remission gets: the run's own, without the variables
/// Remission reads a secret from. Every child goes through here: `ssh -W` (whose `ProxyCommand`,
/// `LocalCommand` and `SendEnv` would otherwise see or ship them), `notify --exec` and
/// `watch --notify-exec` hooks (`/bin/sh -c CMD`); `remission-open` (scripts/lib) unsets the same
/// names before it runs `notify-send`.
///
/// - Warning: A child is another program, often a shell the user wrote for something else; what it
///   needs of the server reaches it as data (the hook's JSON on stdin, ssh's `-W HOST:PORT`), never a
///   password. Everything else of the environment passes unchanged (`SSH_AUTH_SOCK`, `PATH`,
///   `HOME`, the locale), so ssh and the hooks work as they do from the user's shell.
public enum ChildEnvironment {
    /// Variables whose value is a secret Remission reads: `TR_AUTH=user:password` (as
    /// transmission-remote) and a client key's passphrase.
    public static let secretVariables: Set<String> = ["TR_AUTH", "REMISSION_CLIENT_KEY_PASSPHRASE"]

    /// The proxy variables Remission reads (`ProxyEndpoint.fromEnvironment`): a secret when the URL
    /// carries user information (`http://user:password@proxy:3128`), and only then left out.
    public static let proxyVariables: Set<String> = [
        "http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY",
    ]

    /// `environment` without the secret variables, and without a proxy variable whose value holds an
    /// `@` (user information; a proxy URL without one passes, so a `ProxyCommand` can still use it).
    public static func withoutSecrets(_ environment: [String: String]) -> [String: String] {
        environment.filter { name, value in
            !secretVariables.contains(name) && !(proxyVariables.contains(name) && value.contains("@"))
        }
    }

    /// `withoutSecrets` as `NAME=value` entries, the form `posix_spawn`'s `envp` takes.
    public static func entries(_ environment: [String: String]) -> [String] {
        withoutSecrets(environment).map { "\($0.key)=\($0.value)" }
    }
}
