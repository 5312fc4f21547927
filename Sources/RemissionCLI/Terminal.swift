#if canImport(Glibc)
    import Glibc
#endif

/// The process's terminal: whether stdin/stdout are TTYs, colours, prompts without echo.
/// Commands receive it so tests can drive prompts through a pseudo-terminal.
public struct Terminal: Sendable {
    public var environment: [String: String]
    public var stdinIsTTY: Bool
    public var stdoutIsTTY: Bool
    public var stderrIsTTY: Bool
    /// Colours only on a TTY, and never with `--no-color` or `NO_COLOR` set (https://no-color.org).
    public var useColor: Bool

    public init(environment: [String: String], noColor: Bool = false) {
        self.environment = environment
        stdinIsTTY = isatty(STDIN_FILENO) == 1
        stdoutIsTTY = isatty(STDOUT_FILENO) == 1
        stderrIsTTY = isatty(STDERR_FILENO) == 1
        useColor = stdoutIsTTY && !noColor && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Interactive means someone can answer a question: stdin and stderr are both terminals.
    public var isInteractive: Bool { stdinIsTTY && stderrIsTTY }

    public enum Style: String {
        case bold = "1"
        case dim = "2"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case cyan = "36"
    }

    public func styled(_ text: String, _ style: Style) -> String {
        useColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// Width of the output terminal in columns; 100 when it is not a terminal.
    public var columns: Int {
        var size = winsize()
        if stdoutIsTTY, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return Int(environment["COLUMNS"] ?? "") ?? 100
    }
}

/// Writes to standard error (messages, warnings, prompts), never to stdout, so output stays scriptable.
public func printError(_ text: String) {
    fflush(nil)  // what went to stdout before comes first on a shared terminal
    writeStandardError(text + "\n")
}

/// Writes bytes straight to file descriptor 2 (unbuffered, safe from any thread).
public func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        if written <= 0 { return }
        bytes = bytes.dropFirst(written)
    }
}

/// Asks a question on stderr and reads one line from stdin; nil at end of input.
public func ask(_ question: String) -> String? {
    fflush(nil)
    writeStandardError(question)
    return readLine(strippingNewline: true)
}

/// Reads a line from the terminal without echoing it (passwords). Restores the terminal settings
/// also when interrupted by Ctrl-C.
public func askSecret(_ question: String) -> String? {
    writeStandardError(question)
    var saved = termios()
    let haveTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
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
            _exit(130)
        }
    }

    static func clear() {
        saved = nil
        signal(SIGINT, SIG_DFL)
    }
}
