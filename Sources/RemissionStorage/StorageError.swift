import Glibc

/// Why a Remission file could not be read or written. Every message names the file and says what to do.
///
/// A corrupt file is described (what is wrong and where), not reproduced. Remission files hold no secrets
/// (PRODUCT.md §3), so a detail that quotes a malformed value, such as a pin, reveals nothing private.
public enum StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not valid JSON, or not the shape this remission expects. It was left untouched.
    case corrupt(path: String, detail: String)
    /// The file was written by a newer remission. It is refused and never rewritten.
    case newerVersion(path: String, found: Int, supported: Int)
    /// Another process held the lock file for longer than the timeout.
    case lockTimeout(lockPath: String, timeout: Duration)
    /// A system call failed; `operation` names it (`open`, `write`, `rename`, …), `errno` says why.
    case io(path: String, operation: String, errno: Int32)
    /// Neither the Remission/XDG variable nor `HOME` gives an absolute directory.
    case noHomeDirectory(variable: String)
    /// A `REMISSION_*_HOME` override is not an absolute path.
    case relativeOverride(variable: String, value: String)

    public var description: String {
        switch self {
        case .corrupt(let path, let detail):
            return "\(path) could not be read: \(detail). The file was left untouched; "
                + "fix it or move it away, then try again."
        case .newerVersion(let path, let found, let supported):
            return "\(path) was written by a newer remission (version \(found); this one understands up to "
                + "\(supported)). Upgrade remission; the file was left untouched."
        case .lockTimeout(let lockPath, let timeout):
            return "Gave up after \(timeout) waiting for the lock \(lockPath): another remission process is "
                + "still using it. Try again; `fuser \(lockPath)` shows who holds it."
        case .io(let path, let operation, let code):
            return "\(path): \(operation) failed: \(errorText(code))."
        case .noHomeDirectory(let variable):
            return "Cannot find the home directory: HOME is not set to an absolute path. "
                + "Set HOME, or set \(variable) to the directory remission should use."
        case .relativeOverride(let variable, let value):
            return "\(variable) must be an absolute path, not '\(value)'."
        }
    }
}

/// The C library's text for an errno value ("Permission denied").
func errorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
