import ArgumentParser

#if canImport(Glibc)
    import Glibc
#endif

/// `remission`: a Transmission remote that connects securely.
public struct RemissionCommand: ParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "remission",
        abstract: "A Transmission remote that connects securely: TLS trust you understand, passwords in the keyring.",
        discussion: """
            Trust is decided inside the TLS handshake: pinned keys, certificates you accepted, your CA file,
            or the system CAs. No credential is sent before that decision.

            \(ExitStatus.helpText)
            """,
        version: version,
        subcommands: [
            Connect.self, Check.self, Trust.self, Servers.self, Credentials.self,
            List.self, Add.self, Start.self, Stop.self, Verify.self, Reannounce.self, Remove.self, Info.self,
            Files.self, Session.self, Stats.self, Watch.self,
        ]
    )

    public init() {}

    /// Parses the command line, runs the command and exits with PRODUCT.md's exit codes:
    /// usage errors exit 2 (ArgumentParser's default would be 64).
    public static func start(_ arguments: [String]? = nil) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Glibc.exit(0)
        } catch let code as ExitCode {
            Glibc.exit(code.rawValue)
        } catch let failure as CommandFailure {
            printError("remission: " + failure.message)
            Glibc.exit(failure.status.rawValue)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                print(message)
                Glibc.exit(0)
            }
            if !message.isEmpty { printError(message) }
            Glibc.exit(code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue)
        }
    }
}
