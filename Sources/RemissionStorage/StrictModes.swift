import Glibc

/// ssh's StrictModes for Remission's configuration: `servers.json` and `trust.json` decide where a
/// password goes and which certificate is trusted, so a file or directory another user may write is
/// refused before it is read, with the command that fixes it (`StorageError.unsafePermissions`).
///
/// Judged as ssh's `safe_path` judges `authorized_keys`: the file where its symbolic links lead (its
/// real path), then every directory above it up to the user's home directory (from the password
/// database, as ssh takes it, not `$HOME`), or up to `/` when the file is not under it. The name as
/// given is judged too: a symbolic link there must be the user's (or root's), and the directories
/// above the name are walked the same way, so neither the link nor the file can be swapped.
///
/// Refused: group- or world-writable, or owned by someone other than the user (root excepted). One
/// difference from ssh: a directory with the sticky bit, owned by root or the user (`/tmp`), is
/// accepted however writable above the directory that holds the file: nobody else can rename or
/// remove what the user owns in it, and a directory another user put there first is refused for its
/// owner. The directory holding the file is never accepted so (its locks and temporary files).
enum StrictModes {
    static func check(file path: String) throws(StorageError) {
        var link = stat()
        if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, isOther(link.st_uid) {
            throw .unsafePermissions(
                path: path, mode: Int(link.st_mode & 0o7777), ownedByOther: true, isDirectory: false)
        }
        var walked = Set<String>()
        let stop = homeDirectory()
        try checkDirectories(from: parentDirectory(of: path), stop: stop, walked: &walked)
        guard let real = realPath(path) else { return }  // missing: nothing anyone could have written
        try check(real, isDirectory: false)
        try checkDirectories(from: parentDirectory(of: real), stop: stop, walked: &walked)
    }

    /// `directory` (resolved) and each one above it, up to `stop` or `/`.
    private static func checkDirectories(from directory: String, stop: String?, walked: inout Set<String>)
        throws(StorageError)
    {
        guard var current = realPath(directory) else { return }
        try check(current, isDirectory: true)  // the one holding the file: never accepted for a sticky bit
        while current != "/", current != stop {
            current = parentDirectory(of: current)
            guard walked.insert(current).inserted else { return }  // walked already, up to the end
            try check(current, isDirectory: true, stickyAccepted: true)
        }
    }

    private static func check(_ path: String, isDirectory: Bool, stickyAccepted: Bool = false) throws(StorageError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }  // missing: nothing anyone could have written
        let ownedByOther = isOther(status.st_uid)
        let sharedButSticky = stickyAccepted && status.st_mode & S_ISVTX != 0 && !ownedByOther
        let writableByOthers = status.st_mode & (S_IWGRP | S_IWOTH) != 0 && !sharedButSticky
        guard writableByOthers || ownedByOther else { return }
        throw .unsafePermissions(
            path: path, mode: Int(status.st_mode & 0o7777), ownedByOther: ownedByOther, isDirectory: isDirectory)
    }

    private static func isOther(_ owner: uid_t) -> Bool { owner != getuid() && owner != 0 }

    /// `path` with every symbolic link, `.` and `..` resolved; nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The user's home directory from the password database, resolved (ssh's `pw_dir`).
    private static func homeDirectory() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil,
            let directory = entry.pw_dir
        else { return nil }
        return realPath(String(cString: directory))
    }
}
