/// Runs a command on a pseudo-terminal through `scripts/lib/pty_drive.py`, typing each text when
/// the program is blocked reading the terminal (not on a timer, which a loaded machine loses).
public enum PseudoTerminal {
    private static let driver = TestBed.repositoryRoot + "/scripts/lib/pty_drive.py"

    /// The `python3` arguments that run `command` on a `columns`×`rows` terminal and type `texts`
    /// (verbatim; a line needs its "\n"), each at least `minimumGap` seconds after the one before.
    private static func arguments(
        _ command: [String], typing texts: [String], columns: Int = 80, rows: Int = 24, minimumGap: Double = 0
    ) -> [String] {
        var arguments = [driver, "--cols", String(columns), "--rows", String(rows), "--min-gap", String(minimumGap)]
        for text in texts { arguments += ["--send", text] }
        return arguments + ["--"] + command
    }

    /// Runs `command` and returns what the terminal showed and the command's exit status.
    public static func run(
        _ command: [String], typing texts: [String], env: [String: String], clearEnvironment: Bool = false,
        columns: Int = 80, rows: Int = 24, minimumGap: Double = 0
    ) throws -> ProcessResult {
        try ProcessRunner.run(
            "/usr/bin/python3",
            args: arguments(command, typing: texts, columns: columns, rows: rows, minimumGap: minimumGap),
            env: env, clearEnvironment: clearEnvironment, timeout: .seconds(90))
    }
}
