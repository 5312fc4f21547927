import ArgumentParser

/// What the direct parse (`RemissionCommand.parseDirectly`) made of a command line.
enum DirectParse {
    /// The named command, parsed.
    case parsed(any ParsableCommand)
    /// A usage error (exit 2) of the named command's own parse, worded by that command alone.
    case refused(DirectRefusal)
    /// Not for the direct parse (help, version, no command), or refused in a way only the root's
    /// parse words as the user expects (a command typed alone prints its help): parse from the root.
    case root
}

/// A usage error found by the named command's own parse: its message is the root's word for word
/// once the "See '… --help'" line names `remission` (`CommandLineTests` compares them), and costs
/// that command's options only. Parsing again from the root made ArgumentParser check every
/// command's options twice: most of the time an unknown option took (devdoc/measurements.md).
struct DirectRefusal: Error {
    var command: any ParsableCommand.Type
    var error: any Error

    /// ArgumentParser's message for the error, as the root's parse gives it.
    var message: String {
        command.fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("  See '") && !line.hasPrefix("  See 'remission ")
                ? "  See 'remission " + line.dropFirst("  See '".count) : String(line)
        }.joined(separator: "\n")
    }
}

extension RemissionCommand {
    /// The command line parsed by the named subcommand alone, when it names one and asks for no
    /// help: ArgumentParser then reflects over that subcommand's options only, not the root's and not
    /// once more to look for pass-through arguments (~30% of `servers list`'s instructions). A usage
    /// error is that command's (`DirectRefusal`); anything else it cannot parse, and a command typed
    /// without arguments, is parsed again from the root, so help and suggestions are the root's.
    static func directParse(_ arguments: [String]) -> DirectParse {
        guard let name = arguments.first, let command = directCommand(named: name),
            !arguments.contains(where: { rootOnlyArguments.contains($0) })
        else { return .root }
        do {
            return .parsed(try command.parseAsRoot(Array(arguments.dropFirst())))
        } catch {
            // Alone, a command that needs arguments prints its whole help from its own parse, and
            // only a short usage from the root's.
            guard arguments.count > 1, command.exitCode(for: error) == .validationFailure else { return .root }
            return .refused(DirectRefusal(command: command, error: error))
        }
    }

    /// The command parsed directly, or nil when the root must parse it (see `directParse`).
    static func parseDirectly(_ arguments: [String]) -> (any ParsableCommand)? {
        guard case .parsed(let command) = directParse(arguments) else { return nil }
        return command
    }
}
