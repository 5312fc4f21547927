import RemissionSession
import RemissionViews

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal while `watch` runs: alternate screen, hidden cursor, stdin non-canonical without echo
/// (VMIN = 0, VTIME = 1: a read waits at most 0.1 s), all restored on `leave()`, Ctrl-C and SIGTERM.
enum WatchTerminal {
    nonisolated(unsafe) private static var saved: termios? = nil
    private static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    private static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    static func enter() {
        var settings = termios()
        if tcgetattr(STDIN_FILENO, &settings) == 0 {
            saved = settings
            var raw = settings
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 0
                cc[Int(VTIME)] = 1
            }
            tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { number in
                WatchTerminal.restoreTerminal()
                _exit(128 + number)
            }
        }
        write(enterSequence)
    }

    /// Puts the terminal back as it was; safe to call twice.
    static func leave() {
        for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_DFL) }
        restoreTerminal()
        saved = nil
    }

    /// Only async-signal-safe calls: also run from the signal handlers.
    private static func restoreTerminal() {
        if var settings = saved { tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) }
        leaveSequence.utf8CString.withUnsafeBufferPointer { bytes in
            _ = Glibc.write(STDOUT_FILENO, bytes.baseAddress, bytes.count - 1)
        }
    }

    /// One key from stdin, waiting at most 0.1 s; nil when none was pressed.
    static func readKey() -> UInt8? {
        var byte: UInt8 = 0
        return Glibc.read(STDIN_FILENO, &byte, 1) == 1 ? byte : nil
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

    /// Seconds on a clock that never jumps.
    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
