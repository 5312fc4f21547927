import Glibc

/// ssh's StrictModes for Remission's configuration: `servers.json` and `trust.json` decide where a
/// password goes and which certificate is trusted, so a file or directory another user may write is
/// refused before it is read, with the command that fixes it (`StorageError.unsafePermissions`).
///
/// Refused: group- or world-writable, or owned by someone other than the user (root excepted). The
/// file is judged where a symbolic link leads; the directory is the one that holds the name.
enum StrictModes {
    static func check(file path: String) throws(StorageError) {
        try check(path, isDirectory: false)
        try check(parentDirectory(of: path), isDirectory: true)
    }

    private static func check(_ path: String, isDirectory: Bool) throws(StorageError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }  // missing: nothing anyone could have written
        let writableByOthers = status.st_mode & (S_IWGRP | S_IWOTH) != 0
        let ownedByOther = status.st_uid != getuid() && status.st_uid != 0
        guard writableByOthers || ownedByOther else { return }
        throw .unsafePermissions(
            path: path, mode: Int(status.st_mode & 0o7777), ownedByOther: ownedByOther, isDirectory: isDirectory)
    }
}
