import ArgumentParser
import CShims
import RemissionSession
import RemissionTransport
import RemissionViews

#if canImport(Glibc)
    import Glibc
#endif

/// `remission`: a Transmission remote that connects securely.
public struct RemissionCommand: ParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "remission",
        abstract: tr(
            "A Transmission remote that connects securely: TLS trust you understand, passwords in the keyring."),
        discussion: tr(
            """
            Trust is decided inside the TLS handshake: pinned keys, certificates you accepted, your CA file, \
            or the system CAs. No credential is sent before that decision.

            Language: Russian or English, from --lang ru|en (anywhere on the command line), \
            REMISSION_LANG, or the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG).

            \(ExitStatusText.help)
            """),
        version: version,
        subcommands: [
            Connect.self, Check.self, Trust.self, Servers.self, Credentials.self,
            List.self, Add.self, Start.self, Stop.self, Verify.self, Reannounce.self, Remove.self, Info.self,
            Files.self, SetSettings.self, Move.self, Rename.self, Trackers.self, Queue.self, Session.self,
            Stats.self, PortTest.self, Blocklist.self, Groups.self, Watch.self, Log.self,
            Notify.self,
        ]
    )

    public init() {}

    /// Parses the command line, runs the command and exits with PRODUCT.md's exit codes:
    /// usage errors exit 2 (ArgumentParser's default would be 64). Only here is the process set up
    /// (no core dumps) and ended; `run(_:io:)` is the command itself, for tests.
    public static func start(_ arguments: [String]? = nil) -> Never {
        // Before any secret is read: no core file, no ptrace by the user's other processes.
        _ = rm_forbid_core_dumps()
        // Nothing is bound: the defaults of `CommandIO.current` and `Language.current` are the real
        // process's (its descriptors, its environment, the language decided from its command line).
        finish(runCommand(arguments ?? Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs one command line against `io` (a test's buffers and environment) and returns its exit
    /// status. It ends no process and changes no process-wide state, so tests run commands in
    /// process, many at once; the language is decided from the arguments and `io`'s environment.
    static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        CommandIO.$current.withValue(io) {
            let language = Language.decide(arguments: arguments, environment: processEnvironment())
            return Language.$override.withValue(language) { runCommand(arguments) }
        }
    }

    /// `--lang` was read with the environment when the language was decided; here it is only taken
    /// out, or refused. Then the command runs with its global options hoisted.
    private static func runCommand(_ arguments: [String]) -> Int32 {
        let (option, rest) = LanguageOption.scan(arguments)
        if case .invalid(let value) = option {
            printError(UsageText.badLanguage(value))
            return ExitStatus.usage.rawValue
        }
        return runJournaled(hoistingGlobalOptions(rest))
    }

    /// Flushes what `print` buffered and ends the process with `status`; a full disk or a closed
    /// pipe is a failure, not exit 0. `_exit`, not `exit`: every file is written and closed by now,
    /// and the libraries' destructors (OpenSSL's) have nothing left to do.
    private static func finish(_ status: Int32) -> Never {
        var status = status
        if fflush(nil) != 0, status == 0 {
            printError("remission: " + Failure(.outputFailed(errno: errno)).message)
            status = ExitStatus.failure.rawValue
        }
        rm_end_children(300)  // an ssh -W still open: no deinit runs at _exit
        Glibc._exit(status)
    }

    /// The top-level command called `name`. A switch, not a table built from `configuration`: that
    /// would make every command's configuration (and `--version`'s start) pay for all of them.
    static func directCommand(named name: String) -> (any ParsableCommand.Type)? {
        switch name {
        case "connect": Connect.self
        case "check": Check.self
        case "trust": Trust.self
        case "servers": Servers.self
        case "credentials": Credentials.self
        case "list": List.self
        case "add": Add.self
        case "start": Start.self
        case "stop": Stop.self
        case "verify": Verify.self
        case "reannounce": Reannounce.self
        case "remove": Remove.self
        case "info": Info.self
        case "files": Files.self
        case "set": SetSettings.self
        case "move": Move.self
        case "rename": Rename.self
        case "trackers": Trackers.self
        case "queue": Queue.self
        case "session": Session.self
        case "stats": Stats.self
        case "port-test": PortTest.self
        case "blocklist": Blocklist.self
        case "groups": Groups.self
        case "watch": Watch.self
        case "log": Log.self
        case "notify": Notify.self
        default: nil
        }
    }

    static let rootOnlyArguments: Set<String> = [
        "-h", "--help", "-help", "help", "--version", "--generate-completion-script", "--experimental-dump-help",
    ]

    /// Runs the command with this run's diagnostics journal bound (the command's context finds it
    /// there), then lets the journal write the record of the server it talked to, with the outcome.
    /// Returns the exit status.
    private static func runJournaled(_ arguments: [String]) -> Int32 {
        let journal = DiagnosticsJournal(command: loggedName(arguments))
        let (status, failure) = DiagnosticsJournal.$current.withValue(journal) { execute(arguments) }
        journal.finish(code: status, failure: failure, now: currentUnixTime())
        return status
    }

    /// The command as the diagnostics log names it: `list`, `credentials set`.
    static func loggedName(_ arguments: [String]) -> String {
        guard let first = arguments.first else { return "" }
        guard ["credentials", "trust", "servers"].contains(first), arguments.count > 1,
            !arguments[1].hasPrefix("-")
        else { return first }
        return first + " " + arguments[1]
    }

    /// Parses and runs the command; returns the exit status and the failure it ended with, if any.
    private static func execute(_ arguments: [String]) -> (Int32, Failure?) {
        if let unknown = unknownCommand(arguments) {
            printError(unknown)
            return (ExitStatus.usage.rawValue, nil)
        }
        if let advice = UnknownOptions.transmissionRemoteWord(in: arguments) {
            printError(UsageText.argumentParser(advice))
            return (ExitStatus.usage.rawValue, nil)
        }
        do {
            var command: any ParsableCommand
            switch directParse(arguments) {
            case .parsed(let parsed): command = parsed
            case .refused(let refusal): throw refusal
            case .root: command = try parseAsRoot(arguments)
            }
            try command.run()
            return (0, nil)
        } catch let code as ExitCode {
            return (code.rawValue, nil)
        } catch let failure as Failure {
            let preamble = FailureText.preamble(failure, now: currentUnixTime())
            if !preamble.isEmpty { printError(preamble.joined(separator: "\n")) }
            printError("remission: " + failure.message)
            return (failure.status.rawValue, failure)
        } catch {
            let refusal = error as? DirectRefusal
            let code = refusal.map { _ in ExitCode.validationFailure } ?? exitCode(for: error)
            var full = refusal?.message ?? fullMessage(for: error)
            if code == .validationFailure, let option = UnknownOptions.first(in: arguments),
                !full.contains("'\(option)'")
            {
                full = UnknownOptions.naming(option, in: full)
            }
            if code == .validationFailure { full = UnknownOptions.advised(full) }
            let message = UsageText.argumentParser(full)
            if code == .success {
                print(BashCompletionScript.adjusted(message))
                return (0, nil)
            }
            if !message.isEmpty { printError(message) }
            return (code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue, nil)
        }
    }
}

extension CommandConfiguration {
    /// The configuration of a command directly under `remission`. It names `remission` as its super
    /// command, so that when `parseDirectly` parses with it as the root, usage lines still read
    /// `remission NAME …` and ArgumentParser skips its `--generate-completion-script` probe (a third
    /// of that parse; only the real root answers it). Inside the full tree it changes nothing.
    static func topLevel(
        commandName: String, abstract: String, usage: String? = nil, discussion: String = "",
        subcommands: [any ParsableCommand.Type] = [], defaultSubcommand: (any ParsableCommand.Type)? = nil
    ) -> CommandConfiguration {
        var configuration = CommandConfiguration(
            commandName: commandName, abstract: abstract, usage: usage, discussion: discussion,
            subcommands: subcommands, defaultSubcommand: defaultSubcommand)
        configuration._superCommandName = "remission"
        return configuration
    }
}
