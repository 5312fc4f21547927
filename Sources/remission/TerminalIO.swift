import CShims
import RemissionModel
import RemissionSession
import RemissionViews

#if canImport(Glibc)
    import Glibc
#endif

/// Writes to standard error (messages, warnings, prompts), never to stdout, so output stays scriptable.
/// On a terminal its lines are fitted to its width (`TerminalText.fitted`: at spaces, commands kept
/// whole), so no warning is cut mid-word; through a pipe or into a file they stay whole.
public func printError(_ text: String) {
    fflush(nil)  // what went to stdout before comes first on a shared terminal
    writeStandardError(fittedToErrorTerminal(text) + "\n")
}

/// `text` fitted to standard error's terminal, when it is one (as it is).
func fittedToErrorTerminal(_ text: String) -> String {
    guard let width = (CommandIO.current.terminal ?? .ofProcess()).errorColumns else { return text }
    return TerminalText.fitted(text, width: width)
}

/// Writes to the current run's standard error: file descriptor 2 in the real process (unbuffered,
/// safe from any thread).
public func writeStandardError(_ text: String) {
    let io = CommandIO.current
    io.write(text, to: io.standardError)
}

/// Asks a question on stderr and reads one line from stdin; nil at end of input.
public func ask(_ question: String) -> String? {
    fflush(nil)
    // In process (tests) there is no terminal to restore and no process of ours to end.
    guard CommandIO.current.isProcess else {
        writeStandardError(question)
        return readLine(strippingNewline: true)
    }
    // Ctrl-C at the question leaves the shell's prompt on a fresh line; installed before the
    // question shows, so a Ctrl-C typed as soon as it does is caught too.
    signal(SIGINT) { _ in
        _ = write(STDERR_FILENO, "\n", 1)
        rm_end_children(300)
        _exit(130)
    }
    defer { signal(SIGINT, SIG_DFL) }
    writeStandardError(fittedQuestion(question))
    return readLine(strippingNewline: true)
}

/// A question fitted like `printError`'s lines, its trailing space (where the answer goes) kept.
func fittedQuestion(_ question: String) -> String {
    let spaces = question.reversed().prefix { $0 == " " }.count
    return fittedToErrorTerminal(String(question.dropLast(spaces))) + String(repeating: " ", count: spaces)
}

/// Reads a line from the terminal without echoing it (passwords). Restores the terminal settings
/// also when interrupted by Ctrl-C.
public func askSecret(_ question: String) -> String? {
    writeStandardError(fittedQuestion(question))
    var saved = termios()
    let haveTerminal = CommandIO.current.isProcess && tcgetattr(STDIN_FILENO, &saved) == 0
    if haveTerminal {
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ECHONL)
        tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        TerminalRestore.install(saved)
    }
    defer {
        if haveTerminal {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            TerminalRestore.clear()
        }
    }
    return readLine(strippingNewline: true)
}

/// Restores echo if the process is interrupted while a secret is being typed.
enum TerminalRestore {
    nonisolated(unsafe) private static var saved: termios? = nil

    static func install(_ settings: termios) {
        saved = settings
        signal(SIGINT) { _ in
            if var settings = TerminalRestore.saved { tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) }
            _ = write(STDERR_FILENO, "\n", 1)  // the shell's prompt starts on a fresh line, not after ours
            rm_end_children(300)
            _exit(130)
        }
    }

    static func clear() {
        saved = nil
        signal(SIGINT, SIG_DFL)
    }
}

extension Failure {
    /// The failure as a command prints it after "remission: " (the view's words, now).
    var message: String { FailureText.message(self, now: currentUnixTime()) }
}

extension TorrentLookup {
    /// Fails when none of the named torrents exists; warns on stderr about the missing ones otherwise.
    func reportMissing() throws {
        try requireSome()
        if !missing.isEmpty {
            printError("remission: " + TorrentText.missingWarning(missing))
        }
    }

    /// Lines `  ID  NAME` (names made terminal-safe) for a listing.
    func lines(extra: (Torrent) -> String = { _ in "" }) -> [String] {
        TorrentText.lookupLines(found, extra: extra)
    }
}

/// `SystemClock.sleep` for `seconds` (up to a day: `check --watch 86400`).
func sleepSeconds(_ seconds: Double) { SystemClock().sleep(milliseconds: Int((seconds * 1000).rounded())) }

extension Terminal {
    /// The process's terminal: TTYs by `isatty`, the width by `TIOCGWINSZ` (else `COLUMNS`, else no
    /// limit: a pipe gets whole lines unless asked to cut them), colours only on a TTY
    /// and never with `--no-color` or `NO_COLOR` set (https://no-color.org) or `TERM=dumb`.
    /// In process, the current run's `CommandIO.TerminalFacts` stand for the file descriptors.
    static func detect(environment: [String: String], noColor: Bool = false) -> Terminal {
        let facts = CommandIO.current.terminal ?? .ofProcess()
        let stdoutIsTTY = facts.stdoutIsTTY
        let columns = facts.columns ?? Int(environment["COLUMNS"] ?? "").flatMap { $0 > 0 ? $0 : nil } ?? .max
        return Terminal(
            environment: environment, stdinIsTTY: facts.stdinIsTTY, stdoutIsTTY: stdoutIsTTY,
            stderrIsTTY: facts.stderrIsTTY,
            useColor: stdoutIsTTY && !noColor && (environment["NO_COLOR"] ?? "").isEmpty
                && environment["TERM"] != "dumb",
            columns: columns)
    }
}

/// Asks before a destructive change (callers skip it for `--yes`): without a terminal nothing is
/// changed (exit 2); any answer but yes (`Answers.isYes`, one rule for every command) changes nothing
/// (exit 1).
func confirm(_ confirmation: Confirmation, terminal: Terminal) throws(Failure) {
    guard terminal.isInteractive else { throw Failure(.local(.confirmationNeedsTerminal(confirmation))) }
    guard Answers.isYes(ask("\(FailureText.question(confirmation)) \(Answers.choices) ")) else {
        throw Failure(.local(.declined(confirmation)))
    }
}

extension Terminal {
    /// Prose for standard output fitted to its terminal (`TerminalText.fitted`); whole through a pipe.
    func fitted(_ text: String) -> String {
        stdoutIsTTY ? TerminalText.fitted(text, width: columns) : text
    }
}

extension CommandIO.TerminalFacts {
    /// The process's file descriptors: TTYs by `isatty`, the width by `TIOCGWINSZ` on a TTY stdout.
    static func ofProcess() -> Self {
        let stdoutIsTTY = isatty(STDOUT_FILENO) == 1
        let stderrIsTTY = isatty(STDERR_FILENO) == 1
        var facts = Self(
            stdinIsTTY: isatty(STDIN_FILENO) == 1, stdoutIsTTY: stdoutIsTTY, stderrIsTTY: stderrIsTTY,
            columns: stdoutIsTTY ? windowColumns(STDOUT_FILENO) : nil)
        facts.errorColumns = stderrIsTTY ? windowColumns(STDERR_FILENO) : nil
        return facts
    }

    /// The width of the terminal `descriptor` is on (`TIOCGWINSZ`); nil when it says none.
    private static func windowColumns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        return ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    }
}
