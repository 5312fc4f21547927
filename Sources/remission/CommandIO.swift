import RemissionModel
import RemissionSession
import RemissionViews
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What a command reads and writes besides its files and the network: the environment, standard
/// output, standard error, standard input and the terminal's facts. `main` binds nothing: the
/// default (`process`) is the real process. Tests run commands in process
/// (`RemissionCommand.run(_:io:)`) with buffers and a scripted environment.
///
/// Bound per run with a task local, not kept in a global: tests run many commands at once in one
/// process, each with its own. A thread a command starts does not inherit task locals, so the
/// module's `concurrently` and `startThread` carry the run's bindings onto it (`RunBindings`).
/// No task local here holds a bare function value: binding one outside a task crashes an
/// optimized build (Swift 6.3.1, in `swift_task_localValuePush`); a struct holding one is fine.
struct CommandIO: Sendable {
    /// The environment; nil reads the process's (`environ`).
    var environment: [String: String]?
    var standardOutput: Output
    var standardError: Output
    var standardInput: Input
    /// The terminal's facts; nil asks the file descriptors (`isatty`, `TIOCGWINSZ`).
    var terminal: TerminalFacts?

    /// The real process: its environment, file descriptors 0, 1 and 2, and its terminal.
    static let process = CommandIO(
        environment: nil, standardOutput: .processStandardOutput, standardError: .processStandardError,
        standardInput: .processStandardInput, terminal: nil)

    /// In process, for tests: `environment` alone (nothing of the test process's), output into
    /// buffers, `input` as standard input, and no terminal.
    static func captured(environment: [String: String], input: String = "") -> CommandIO {
        CommandIO(
            environment: environment, standardOutput: .buffer(OutputBuffer()), standardError: .buffer(OutputBuffer()),
            standardInput: .buffer(InputBuffer(input)), terminal: TerminalFacts())
    }

    /// The current run's; the real process outside of any run.
    @TaskLocal static var current: CommandIO = .process

    var isProcess: Bool { if case .processStandardOutput = standardOutput { true } else { false } }

    /// What went to standard output, when it is a buffer.
    var outputText: String { if case .buffer(let buffer) = standardOutput { buffer.text } else { "" } }

    /// What went to standard error, when it is a buffer.
    var errorText: String { if case .buffer(let buffer) = standardError { buffer.text } else { "" } }

    enum Output: Sendable {
        /// Swift's `print` (stdio's buffer, flushed by `main` and before anything goes to stderr).
        case processStandardOutput
        /// File descriptor 2, unbuffered.
        case processStandardError
        case buffer(OutputBuffer)
    }

    enum Input: Sendable {
        case processStandardInput
        case buffer(InputBuffer)
    }

    /// The facts `Terminal.detect` reads from file descriptors, given instead.
    struct TerminalFacts: Sendable, Equatable {
        var stdinIsTTY = false
        var stdoutIsTTY = false
        var stderrIsTTY = false
        /// The window's width; nil: none (then `COLUMNS`, else no limit).
        var columns: Int? = nil
        /// Standard error's window width when it is a terminal: what `printError` fits its lines to;
        /// nil (a pipe, a file) leaves them whole.
        var errorColumns: Int? = nil
    }

    func write(_ text: String, to output: Output) {
        switch output {
        case .processStandardOutput: Swift.print(text, terminator: "")
        case .processStandardError: writeFileDescriptor(STDERR_FILENO, Array(text.utf8))
        case .buffer(let buffer): buffer.append(Array(text.utf8))
        }
    }

    /// Bytes to standard output, bypassing stdio's buffer in the real process (callers flush it first).
    /// Returns the error number of a failed write, nil when all were written.
    func writeStandardOutput(_ bytes: borrowing [UInt8]) -> Int32? {
        switch standardOutput {
        case .buffer(let buffer):
            buffer.append(copy bytes)
            return nil
        case .processStandardOutput, .processStandardError:
            return writeFileDescriptor(STDOUT_FILENO, bytes)
        }
    }

    /// Calls `body` with the environment a child gets as its `envp`: this run's (the process's
    /// `environ`, or the run's own in process) without Remission's secrets (`ChildEnvironment`).
    func withChildEnvironmentBlock<Result>(_ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
        let entries = ChildEnvironment.entries(environment ?? processEnvironment()).map { strdup($0) } + [nil]
        defer { for entry in entries { free(entry) } }
        return entries.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    func readLine(strippingNewline: Bool) -> String? {
        switch standardInput {
        case .processStandardInput: Swift.readLine(strippingNewline: strippingNewline)
        case .buffer(let buffer): buffer.readLine(strippingNewline: strippingNewline)
        }
    }
}

/// Writes all of `bytes` to `descriptor`, retrying after signals; returns the error number of a failed
/// write (EIO for a write of nothing), nil when all were written.
@discardableResult
func writeFileDescriptor(_ descriptor: Int32, _ bytes: borrowing [UInt8]) -> Int32? {
    bytes.withUnsafeBufferPointer { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return written < 0 ? errno : EIO }
            offset += written
        }
        return nil
    }
}

/// What a command run in process wrote to one stream.
final class OutputBuffer: Sendable {
    private let bytes = Mutex<[UInt8]>([])

    func append(_ more: [UInt8]) { bytes.withLock { $0 += more } }

    var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }
}

/// Standard input for a command run in process: the given text, then end of input.
final class InputBuffer: Sendable {
    private let state: Mutex<(bytes: [UInt8], offset: Int)>

    init(_ text: String) { state = Mutex((Array(text.utf8), 0)) }

    /// As Swift's `readLine`: the next line, nil at end of input.
    func readLine(strippingNewline: Bool) -> String? {
        state.withLock { state in
            guard state.offset < state.bytes.count else { return nil }
            let rest = state.bytes[state.offset...]
            let end = rest.firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? state.bytes.count
            state.offset = end
            var line = state.bytes[rest.startIndex..<end]
            if strippingNewline, line.last == UInt8(ascii: "\n") {
                line = line.dropLast()
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            }
            return String(decoding: line, as: UTF8.self)
        }
    }
}

// `print` and `readLine` of this module: they shadow Swift's within it (a module's own declarations
// win over imported ones), so every command's `print(…)` and `readLine()` goes to the current run's
// `CommandIO` without touching its call sites. In the real process they are Swift's.

func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let io = CommandIO.current
    let text = items.map { "\($0)" }.joined(separator: separator)
    guard case .processStandardOutput = io.standardOutput else {
        return io.write(text + terminator, to: io.standardOutput)
    }
    // As Swift's: the terminator a write of its own, so after a failed write (a full disk) it
    // stays in stdio's buffer and `main`'s final flush reports the failure.
    Swift.print(text, terminator: terminator)
}

func readLine(strippingNewline: Bool = true) -> String? {
    CommandIO.current.readLine(strippingNewline: strippingNewline)
}

/// The task locals of one run, taken on the run's thread and bound again on a thread it starts.
struct RunBindings: Sendable {
    var io = CommandIO.current
    var language = Language.override
    var journal = DiagnosticsJournal.current

    func bound<Result>(_ body: () throws -> Result) rethrows -> Result {
        try CommandIO.$current.withValue(io) {
            try Language.$override.withValue(language) {
                try DiagnosticsJournal.$current.withValue(journal, operation: body)
            }
        }
    }
}

/// `RemissionSession.concurrently`, with the run's bindings on every thread (see `CommandIO`).
func concurrently<Element: Sendable, Result: Sendable>(
    _ elements: [Element], _ body: @escaping @Sendable (Element) -> Result
) -> [Result] {
    let bindings = RunBindings()
    return RemissionSession.concurrently(elements) { element in bindings.bound { body(element) } }
}

/// `RemissionSession.startThread`, with the run's bindings on the thread (see `CommandIO`).
func startThread(_ work: @escaping @Sendable () -> Void) -> pthread_t? {
    let bindings = RunBindings()
    return RemissionSession.startThread { bindings.bound(work) }
}
