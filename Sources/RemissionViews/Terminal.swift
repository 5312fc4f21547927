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
