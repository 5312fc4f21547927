import ArgumentParser
import RemissionCredentials
import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionTransport
import RemissionTrust
import RemissionViews

extension RemissionCommand {
    /// `remission connect URL`: onboarding. Decide trust, authenticate, run the full check, then save
    /// the profile, the trust decision and the password, and only then (PRODUCT.md §1).
    struct Connect: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "connect",
            abstract: tr("Add or update a server: decide trust, authenticate, check, then save it."),
            discussion: tr(
                """
                On a terminal, connect shows an untrusted certificate and asks \
                "Trust this certificate? (yes/no/[fingerprint])", asks before using plain HTTP to another host, \
                and, when the daemon asks for a password, asks for what is missing: the user name, then the \
                password without echo (three tries). Answers are kept for the whole run. Without a terminal it never asks: give the decision \
                with --accept-fingerprint, --pin or --ca-file, plain HTTP with --allow-http, and the password \
                with --password-stdin or TR_AUTH=user:password.

                The certificate question also takes the issuer's or the root's key, or the path of the CA's \
                root certificate file, read from your home directory unless it begins with / (~ is your home). \
                A file that cannot be read, holds no certificate or holds no root (an intermediate, such as \
                Caddy's intermediate.crt: the root's path beside it is named) is refused and the question \
                asked again, three tries. --ca-file takes the file as given, with a warning for an intermediate.

                Nothing is saved when the check fails, unless --save-offline. The password goes to the \
                keyring (Secret Service), never to a file.

                A server that asks for a client certificate (mutual TLS) gets the one given with --client-cert \
                (PEM, with --client-key when the key is in its own file; or PKCS#12 .p12/.pfx), offered only \
                once the server's own certificate is trusted. The files are kept by path. An encrypted key's \
                passphrase is asked on a terminal (three tries), or read from --client-key-passphrase-stdin or \
                REMISSION_CLIENT_KEY_PASSPHRASE, and stored in the keyring.

                --proxy saves the proxy this server is reached through (http://, https://, socks5h://); without \
                it https_proxy, all_proxy and no_proxy apply as curl reads them, never to a loopback server. The \
                server's certificate is decided through the tunnel exactly as without a proxy; an https:// \
                proxy's own certificate by --proxy-ca-file, --proxy-pin or the system CAs.

                Behind an authentication gateway (Cloudflare Access, Authelia, Authentik, oauth2-proxy), give the \
                headers it takes with --header 'Name: value' and --secret-header NAME (the value asked without \
                echo, or read from standard input); they go on every request, after the server is trusted. \
                Running connect again adds or replaces headers; --remove-header NAME drops one.

                Examples:
                  remission connect https://nas.local/transmission/rpc --name nas --user admin
                  printf %s "$PW" | remission connect https://10.0.0.5:8443 --name box \\
                      --user admin --password-stdin --accept-fingerprint SHA256:3F…
                  remission connect https://seedbox.example/transmission/rpc --name box \\
                      --client-cert ~/certs/me.crt --client-key ~/certs/me.key
                  remission connect https://tr.example.com/transmission/rpc --name tr \\
                      --header 'CF-Access-Client-Id: 1a2b.access' \\
                      --secret-header CF-Access-Client-Secret
                """))

        @Argument(
            help: .tr(
                "The server URL: http(s)://host[:port][/path], or host[:port] (https for port 443, else what the port speaks, asked first without credentials); with --unix-socket, optional."
            ))
        var url: String?

        @OptionGroup(title: tr("Connect options")) var own: OwnOptions
        @OptionGroup(title: tr("Connect options")) var route: RouteOptions
        @OptionGroup(title: tr("Connect options")) var oldAddress: OldAddressFlags
        @OptionGroup(title: tr("Connect options")) var gatewayHeaders: GatewayHeaderOptions

        @OptionGroup(title: tr("Connection options")) var trustFlags: TrustFlags
        @OptionGroup(title: tr("Connection options")) var auth: AuthOptions
        @OptionGroup(title: tr("Connection options")) var global: GlobalOptions

        // Shorthands for the options in `own`.
        var name: String? { own.name }
        var noSavePassword: Bool { own.noSavePassword }
        var allowHTTP: Bool { own.allowHTTP }
        var makeDefault: Bool { own.makeDefault }
        var saveOffline: Bool { own.saveOffline }
        var yes: Bool { own.yes }
        var clientCertificate: String? { own.clientCertificate }
        var clientKey: String? { own.clientKey }
        var passphraseFromStandardInput: Bool { own.passphraseFromStandardInput }
        var proxy: String? { own.proxy }
        var proxyCAFile: String? { own.proxyCAFile }
        var proxyPins: [String] { own.proxyPins }

        func validate() throws {
            if url == nil, route.unixSocket == nil {
                throw ValidationError("Missing expected argument '<url>'")  // optional only with --unix-socket
            }
            if proxy == nil, proxyCAFile != nil || !proxyPins.isEmpty {
                throw ValidationError("--proxy-ca-file and --proxy-pin need --proxy (the proxy they are for).")
            }
            if clientKey != nil, clientCertificate == nil {
                throw ValidationError("--client-key needs --client-cert (the certificate the key belongs to).")
            }
            if gatewayHeaders.readsStandardInput, auth.passwordFromStandardInput || passphraseFromStandardInput {
                throw ValidationError(
                    tr(
                        "--secret-header reads standard input when it is not a terminal, as --password-stdin and ",
                        "--client-key-passphrase-stdin do: give the password with TR_AUTH=user:password instead."))
            }
            if passphraseFromStandardInput, auth.passwordFromStandardInput {
                throw ValidationError(
                    "--password-stdin and --client-key-passphrase-stdin both read standard input: give one of them.")
            }
            // --server names the saved server to update; it is never ignored (issue 14).
            if let server = global.server, let name, server != name {
                throw ValidationError(CommandText.serverAndName(server: server, name: name))
            }
        }

        func run() throws {
            let context = try CommandContext(global: global)
            let now = currentUnixTime()
            var onboarding = try Onboarding(
                context: context.session, url: url ?? RouteOptions.unixSocketURL, name: name ?? global.server,
                overrides: trustFlags.overrides,
                auth: auth.request,
                clientCertificate: clientCertificate.map { ClientCertificatePaths(certificate: $0, key: clientKey) },
                proxy: proxy.map { ProxyFlags(url: $0, caFile: proxyCAFile, pins: proxyPins) },
                route: route.flags,
                headers: try gatewayHeaders.flags(
                    server: url ?? route.unixSocket ?? RouteOptions.unixSocketURL, terminal: context.terminal),
                now: now)
            try onboarding.findScheme()  // host:port on a TLS port is https, found before anything is sent
            if global.server != nil { try onboarding.requireSaved() }
            if let repointing = onboarding.repointing, !yes { try confirm(repointing, terminal: context.terminal) }
            if let (accepted, replacement) = onboarding.acceptedToReplace {
                if !own.replaceAccepted {
                    try confirm(.replaceAccepted(accepted.fingerprint, with: replacement), terminal: context.terminal)
                }
                onboarding.replaceAccepted()
            }
            let choices = OnboardingChoices(
                allowHTTP: allowHTTP, saveOffline: saveOffline, savePassword: !noSavePassword, makeDefault: makeDefault,
                oldAddress: oldAddress.choice, passphraseFromStandardInput: passphraseFromStandardInput)
            try OnboardingConversation(context: context).run(&onboarding, choices, now: now)
        }
    }
}

extension RemissionCommand.Connect {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(tr("The name to save the server under (default: the host name)."), valueName: "name"))
        var name: String?

        @Flag(name: .customLong("no-save-password"), help: .tr("Use the password for this check but do not keep it."))
        var noSavePassword = false

        @Flag(name: .customLong("allow-http"), help: .tr("Acknowledge plain HTTP to a non-loopback host."))
        var allowHTTP = false

        @Flag(name: .customLong("default"), help: .tr("Make this the default server."))
        var makeDefault = false

        @Flag(name: .customLong("save-offline"), help: .tr("Save the server even if the check fails."))
        var saveOffline = false

        @Flag(
            name: .customLong("replace-accepted"),
            help: .tr("With --ca-file or --pin: replace the certificate accepted before without asking."))
        var replaceAccepted = false

        @Flag(
            help: ArgumentHelp(
                tr("Point a saved server at this URL without asking (it is asked on a terminal). ") + Answers.rule))
        var yes = false

        @Option(
            name: .customLong("client-cert"),
            help: ArgumentHelp(
                tr("A client certificate for servers that ask for one: PEM (maybe with its key) or PKCS#12."),
                valueName: "file"),
            completion: .certificateFile)
        var clientCertificate: String?

        @Option(
            name: .customLong("client-key"),
            help: ArgumentHelp(tr("The client certificate's private key (PEM), when apart."), valueName: "file"),
            completion: .certificateFile)
        var clientKey: String?

        @Flag(
            name: .customLong("client-key-passphrase-stdin"),
            help: .tr("Read the client key's passphrase from standard input (one line)."))
        var passphraseFromStandardInput = false

        @Option(
            name: .customLong("proxy"),
            help: ArgumentHelp(
                tr(
                    "Reach the server through this proxy: http://, https://, socks4(a):// or ",
                    "socks5(h)://[USER@]HOST:PORT (saved with it)."),
                valueName: "url"))
        var proxy: String?

        @Option(
            name: .customLong("proxy-ca-file"),
            help: ArgumentHelp(tr("A PEM file of CAs for an https:// proxy's own certificate."), valueName: "file"),
            completion: .certificateFile)
        var proxyCAFile: String?

        @Option(
            name: .customLong("proxy-pin"),
            help: ArgumentHelp(tr("Trust an https:// proxy's key: sha256//BASE64. Repeatable."), valueName: "sha256//…")
        )
        var proxyPins: [String] = []
    }
}
