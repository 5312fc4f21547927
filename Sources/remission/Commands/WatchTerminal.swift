import CShims
import RemissionModel
import RemissionSession
import RemissionViews
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal while `watch` runs: alternate screen, hidden cursor, stdin in raw mode (no echo, no
/// line editing, no flow control, CR kept; VMIN = 0, VTIME = 1: a read waits at most 0.1 s; Ctrl-C,
/// Ctrl-\ and Ctrl-Z still signal). Restored on `leave()`, on SIGINT, SIGQUIT, SIGTERM and SIGHUP
/// (exit 128 + the signal), on a crash (a runtime trap, a fault, an abort: the signal's previous
/// action follows, so the exit status and any core stay), and around a suspension: SIGTSTP puts the terminal back before the process stops,
/// SIGCONT takes it again and asks for a full redraw; SIGWINCH asks for one too.
enum WatchTerminal {
    /// The settings before `enter`, and the raw ones: read by the signal handlers, which cannot
    /// capture context (set before the handlers are installed, cleared after they are removed).
    nonisolated(unsafe) private static var saved: termios? = nil
    nonisolated(unsafe) private static var raw: termios? = nil
    /// Set by SIGCONT and SIGWINCH: the next frame is drawn in full.
    static let redrawRequested = Atomic<Bool>(false)
    private static let enterSequence: StaticString = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    private static let leaveSequence: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    private static let endingSignals = [SIGINT, SIGQUIT, SIGTERM, SIGHUP]
    /// A Swift runtime trap is SIGILL (x86) or SIGTRAP (arm); the others are faults and abort.
    private static let crashSignals = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
    /// The crash signals' actions before `enter`, by signal number: allocated once, before any
    /// handler can read it; put back by `leave` and by the crash handler itself.
    nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        actions.initialize(repeating: sigaction(), count: 65)
        return actions
    }()

    static func enter() {
        var settings = termios()
        if tcgetattr(STDIN_FILENO, &settings) == 0 {
            saved = settings
            var raw = settings
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
            raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 0
                cc[Int(VTIME)] = 1
            }
            Self.raw = raw
        }
        for number in endingSignals {
            signal(number) { number in
                WatchTerminal.restoreTerminal()
                rm_end_children(300)  // an ssh -W of the request in flight
                _exit(128 + number)
            }
        }
        installCrashHandlers()
        installSuspendHandler()
        signal(SIGCONT) { _ in  // after an outside SIGSTOP, e.g. a shell's job control
            WatchTerminal.takeTerminal()
            WatchTerminal.redrawRequested.store(true, ordering: .relaxed)
        }
        signal(SIGWINCH) { _ in WatchTerminal.redrawRequested.store(true, ordering: .relaxed) }
        takeTerminal()
    }

    /// Puts the terminal back as it was; safe to call twice.
    static func leave() {
        for number in endingSignals + [SIGTSTP, SIGCONT, SIGWINCH] { signal(number, SIG_DFL) }
        for number in crashSignals { sigaction(number, previousActions + Int(number), nil) }
        restoreTerminal()
        saved = nil
        raw = nil
    }

    /// A crash: the terminal as it was, then the signal's previous action (the runtime's
    /// backtracer, or the default), let through at once from inside the handler; should that
    /// return, the default action, so the process ends with the signal and any core as without
    /// `watch`.
    private static func installCrashHandlers() {
        for number in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                WatchTerminal.restoreTerminal()
                sigaction(number, WatchTerminal.previousActions + Int(number), nil)
                raise(number)
                var blocked = sigset_t()
                sigemptyset(&blocked)
                sigaddset(&blocked, number)
                sigprocmask(SIG_UNBLOCK, &blocked, nil)
                signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, previousActions + Int(number))
        }
    }

    /// SIGTSTP (Ctrl-Z): the terminal as it was, then the default stop, let through at once from
    /// inside the handler (the signal is blocked while it runs); when the process continues (or
    /// the kernel dropped the stop, as it does for an orphaned process group), raw mode and the
    /// alternate screen again, and a full redraw.
    private static func installSuspendHandler() {
        signal(SIGTSTP) { _ in
            WatchTerminal.restoreTerminal()
            signal(SIGTSTP, SIG_DFL)
            raise(SIGTSTP)
            var stop = sigset_t()
            sigemptyset(&stop)
            sigaddset(&stop, SIGTSTP)
            sigprocmask(SIG_UNBLOCK, &stop, nil)  // the process stops here until SIGCONT
            WatchTerminal.takeTerminal()
            WatchTerminal.installSuspendHandler()
            WatchTerminal.redrawRequested.store(true, ordering: .relaxed)
        }
    }

    /// Raw mode and the alternate screen. Only async-signal-safe calls: also run from SIGCONT.
    private static func takeTerminal() {
        if var settings = raw { tcsetattr(STDIN_FILENO, TCSANOW, &settings) }
        writeSafely(enterSequence)
    }

    /// Only async-signal-safe calls: also run from the signal handlers.
    private static func restoreTerminal() {
        if var settings = saved { tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) }
        writeSafely(leaveSequence)
    }

    private static func writeSafely(_ text: StaticString) {
        _ = Glibc.write(STDOUT_FILENO, text.utf8Start, text.utf8CodeUnitCount)
    }

    /// What stdin has, waiting at most 0.1 s; empty when nothing was typed.
    static func readBytes() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer.prefix(count)) : []
    }

    /// The terminal's size now (it may change between frames).
    static func size(environment: [String: String]) -> WatchScreen.Size {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return WatchScreen.Size(columns: Int(size.ws_col), rows: Int(size.ws_row))
        }
        return WatchScreen.Size(
            columns: Int(environment["COLUMNS"] ?? "") ?? 80, rows: Int(environment["LINES"] ?? "") ?? 24)
    }

    /// Writes a whole frame with as few `write` calls as the kernel allows.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Seconds on a clock that never jumps (`SystemClock`'s monotonic clock).
    static func monotonicSeconds() -> Double { SystemClock().monotonicMilliseconds / 1000 }
}
