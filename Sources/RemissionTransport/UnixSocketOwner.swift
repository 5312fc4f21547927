#if canImport(Glibc)
    import Glibc
#endif

/// Whose unix socket Remission may send a request (and its `Authorization`) to. A unix socket has no
/// certificate: what tells the daemon from an impostor is who made the socket. In a directory others
/// may write (`/tmp`, a shared `0777` one), another local user can create the socket first, or put
/// another there, and receive the password; so the socket, and the process listening on it
/// (`SO_PEERCRED`, checked once connected, before a byte is sent), must be:
///
/// - the user's own or root's (as ssh judges what it reads), or
/// - the socket of a daemon running as its own system user (Debian's `debian-transmission`) in a
///   directory of that user's: its owner owns the directory, and neither that directory nor any
///   above it may be written by anyone but its owner, root or the user (no sticky-bit exception:
///   in `/tmp` anyone may have made the directory first).
///
/// Anything else is `UnixSocketFailure.ownedByOther`, and nothing is sent.
public enum UnixSocketOwner {
    /// One directory above the socket, nearest first: its owner and whether its mode lets its group
    /// or everyone write it.
    public struct Directory: Sendable, Equatable {
        public var owner: UInt32
        public var writableByOthers: Bool

        public init(owner: UInt32, writableByOthers: Bool) {
            (self.owner, self.writableByOthers) = (owner, writableByOthers)
        }
    }

    /// Whether a socket (or listening process) of `owner` may be sent to by user `me`, given the
    /// directories that hold it up to `/`, nearest first. Pure.
    public static func accepts(owner: UInt32, me: UInt32, directories: [Directory]) -> Bool {
        if owner == me || owner == 0 { return true }
        guard let nearest = directories.first, nearest.owner == owner else { return false }
        return directories.allSatisfy { !$0.writableByOthers && [me, 0, owner].contains($0.owner) }
    }

    /// Checks the socket file at `path` (where its links lead) before connecting; nothing at the
    /// path is left to `connect(2)` to report.
    static func checkFile(_ path: String) throws(UnixSocketFailure) {
        var facts = stat()
        guard stat(path, &facts) == 0, facts.st_mode & S_IFMT == S_IFSOCK else { return }
        try check(owner: facts.st_uid, path: path)
    }

    /// Checks the process at the other end of a connected socket (`SO_PEERCRED`): a socket replaced
    /// between the file's check and `connect` is caught here, before anything is written.
    static func checkPeer(_ descriptor: Int32, path: String) throws(UnixSocketFailure) {
        // Linux's `struct ucred` (pid, uid, gid), which Glibc's module leaves out without _GNU_SOURCE.
        var credentials: (pid: pid_t, uid: uid_t, gid: gid_t) = (0, 0, 0)
        var size = socklen_t(MemoryLayout<(pid_t, uid_t, gid_t)>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0 else {
            throw .other(detail: String(cString: strerror(errno)))
        }
        try check(owner: credentials.uid, path: path)
    }

    private static func check(owner: uid_t, path: String) throws(UnixSocketFailure) {
        guard !accepts(owner: owner, me: getuid(), directories: directories(holding: path)) else { return }
        throw .ownedByOther(owner: owner, name: userName(owner))
    }

    /// The directories from the one holding `path` (its links resolved) up to `/`.
    static func directories(holding path: String) -> [Directory] {
        guard let resolved = realpath(path, nil) else { return [] }
        var current = String(cString: resolved)
        free(resolved)
        var result: [Directory] = []
        while current != "/" {
            let slash = current.lastIndex(of: "/") ?? current.startIndex
            current = slash == current.startIndex ? "/" : String(current[..<slash])
            var facts = stat()
            guard stat(current, &facts) == 0 else { return result }
            result.append(Directory(owner: facts.st_uid, writableByOthers: facts.st_mode & (S_IWGRP | S_IWOTH) != 0))
        }
        return result
    }

    /// The user's name from the password database, for the message; nil when it has none.
    static func userName(_ owner: uid_t) -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(owner, &entry, &buffer, buffer.count, &result) == 0, result != nil, let name = entry.pw_name
        else { return nil }
        return String(cString: name)
    }
}
