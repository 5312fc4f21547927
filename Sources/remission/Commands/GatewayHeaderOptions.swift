import ArgumentParser
import RemissionModel
import RemissionSession
import RemissionViews

/// `connect`'s gateway headers: `--header 'Name: value'`, `--secret-header NAME` (the value asked
/// without echo on a terminal, else one line of standard input each, in order) and `--remove-header
/// NAME`, saved with the server (a secret value in the keyring).
struct GatewayHeaderOptions: ParsableArguments {
    @Option(
        name: .customLong("header"),
        help: ArgumentHelp(
            tr(
                "Send this header to an authentication gateway in front of the server (Cloudflare Access, ",
                "Authelia, oauth2-proxy), saved with it. Repeatable. Names holding pass, auth, session, cookie, ",
                "token, secret or key are secret: kept in the keyring."),
            valueName: "Name: value"))
    var headers: [String] = []

    @Option(
        name: .customLong("secret-header"),
        help: ArgumentHelp(
            tr(
                "A secret header whose value is asked without echo (or read from standard input, a line each), ",
                "never in the command line; kept in the keyring. Repeatable."),
            valueName: "name"))
    var secretHeaders: [String] = []

    @Option(
        name: .customLong("remove-header"),
        help: ArgumentHelp(
            tr("Stop sending this saved header (its keyring value goes too). Repeatable."), valueName: "name"))
    var removedHeaders: [String] = []

    var readsStandardInput: Bool { !secretHeaders.isEmpty }

    /// The flags as values: every name checked first, then the secret values read (on a terminal asked
    /// without echo, naming `server`; otherwise a line of standard input each).
    func flags(server: String, terminal: Terminal) throws(Failure) -> GatewayHeaderFlags {
        var given: [GatewayHeader] = []
        for text in headers {
            let header = try GatewayHeaderFlags.header(text)
            if header.isSecret { printError(GatewayText.secretInArguments(header.name)) }
            given.append(header)
        }
        for name in secretHeaders + removedHeaders { try GatewayHeaderFlags.checkName(name) }
        for name in secretHeaders {
            let value =
                terminal.stdinIsTTY
                ? askSecret(GatewayText.valuePrompt(name: name, server: server)) : readLine(strippingNewline: true)
            given.append(try GatewayHeaderFlags.secret(name, value: value ?? ""))
        }
        return GatewayHeaderFlags(given: given, removed: removedHeaders)
    }
}
