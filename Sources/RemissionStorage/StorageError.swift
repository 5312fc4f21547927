import Glibc

/// Why a Remission file could not be read or written; worded by `FailureText.storageReason`
/// (RemissionViews), which names the file and says what to do.
///
/// A corrupt file is described (what is wrong and where), not reproduced. Remission files hold no secrets
/// (PRODUCT.md §3), so a detail that quotes a malformed value, such as a pin, reveals nothing private.
public enum StorageError: Error, Sendable, Equatable {
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
    /// A configuration file, or its directory, may be written by another user (`StrictModes`):
    /// refused before it is read. `mode` holds the permission bits.
    case unsafePermissions(path: String, mode: Int, ownedByOther: Bool, isDirectory: Bool)

}

extension StorageError {
    /// Something already exists at the path (`EEXIST`: a file created only when none is there).
    public var alreadyExists: Bool {
        if case .io(_, _, let code) = self { return code == EEXIST }
        return false
    }
}
