/// The terminal the output goes to, as a value: whether stdin/stdout/stderr are TTYs, colours, width.
/// The executable detects it (`Terminal.detect`); views only read it.
public struct Terminal: Sendable {
    public var environment: [String: String]
    public var stdinIsTTY: Bool
    public var stdoutIsTTY: Bool
    public var stderrIsTTY: Bool
    /// Colours only on a TTY, and never with `--no-color` or `NO_COLOR` set (https://no-color.org).
    public var useColor: Bool

    /// Width of the output in columns (the terminal's, else `COLUMNS`, else `Int.max`: no limit).
    public var columns: Int

    /// A terminal as detected by the executable (`Terminal.detect`), or as a test describes one.
    public init(
        environment: [String: String] = [:], stdinIsTTY: Bool = false, stdoutIsTTY: Bool = false,
        stderrIsTTY: Bool = false, useColor: Bool = false, columns: Int = 100
    ) {
        self.environment = environment
        self.stdinIsTTY = stdinIsTTY
        self.stdoutIsTTY = stdoutIsTTY
        self.stderrIsTTY = stderrIsTTY
        self.useColor = useColor
        self.columns = columns
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
}
