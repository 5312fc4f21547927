import RemissionTransport

/// Finds the user name and password for a request, in PRODUCT.md §3's order:
/// `--password-stdin`, then `TR_AUTH=user:password`; none otherwise.
struct CredentialInput {
    var auth: AuthOptions
    var environment: [String: String]
    var readStandardInput: () -> String? = { readLine(strippingNewline: true) }

    func resolve() throws -> (BasicCredentials?, PasswordSource) {
        if auth.passwordFromStandardInput {
            guard let user = auth.user ?? Self.parseTRAuth(environment["TR_AUTH"])?.user else {
                throw CommandFailure("--password-stdin needs a user name: add --user NAME.", status: .usage)
            }
            guard let password = readStandardInput(), !password.isEmpty else {
                throw CommandFailure(
                    "--password-stdin: standard input was empty; pipe the password in, e.g. with pass or secret-tool.",
                    status: .usage)
            }
            return (BasicCredentials(user: user, password: password), .standardInput)
        }
        if let fromEnvironment = Self.parseTRAuth(environment["TR_AUTH"]) {
            if let user = auth.user, user != fromEnvironment.user {
                throw CommandFailure(
                    "TR_AUTH is for user '\(fromEnvironment.user)' but --user says '\(user)'.", status: .usage)
            }
            return (fromEnvironment, .environment)
        }
        return (nil, .none)
    }

    /// `TR_AUTH=user:password`, as transmission-remote reads it. The password may contain colons.
    static func parseTRAuth(_ value: String?) -> BasicCredentials? {
        guard let value, let colon = value.firstIndex(of: ":"), colon != value.startIndex else { return nil }
        return BasicCredentials(user: String(value[..<colon]), password: String(value[value.index(after: colon)...]))
    }
}
