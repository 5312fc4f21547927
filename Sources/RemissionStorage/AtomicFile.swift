import Glibc

/// Whole-file reads and crash-safe whole-file writes (PRODUCT.md §4).
///
/// A write goes to a temporary file in the target's directory, is flushed with `fsync`, gets mode 0600,
/// and is renamed over the target; then the directory is flushed so the rename itself survives a crash.
/// Readers see either the old file or the new one, never a partial one.
///
/// - Warning: This makes a single write atomic, not a read-modify-write. Two processes that read,
///   change and write the same file must hold a `FileLock` around the whole sequence
///   (`VersionedFile.update` does).
public enum AtomicFile {
    /// The file's bytes, or `nil` when it does not exist.
    public static func read(_ path: String, limit: Int? = nil) throws(StorageError) -> [UInt8]? {
        try FileSystem.readAll(path, limit: limit)
    }

    /// Replaces `path` with `bytes`, creating its directory (mode 0700) when missing. The file ends up
    /// with mode 0600 whatever mode an earlier version had. A symbolic link at `path` is replaced by
    /// the file, not followed.
    public static func write(_ bytes: [UInt8], to path: String) throws(StorageError) {
        try write(parts: [bytes[...]], to: path)
    }

    /// `write(_:to:)` of the parts one after the other, without joining them in memory first.
    public static func write(parts: [ArraySlice<UInt8>], to path: String) throws(StorageError) {
        let directory = parentDirectory(of: path)
        try FileSystem.createDirectory(directory)

        let (descriptor, temporary) = try temporaryFile(for: path, in: directory)
        do throws(StorageError) {
            for part in parts { try FileSystem.writeAll(descriptor, part, path: temporary) }
            guard fchmod(descriptor, 0o600) == 0 else { throw .io(path: temporary, operation: "fchmod", errno: errno) }
            try FileSystem.sync(descriptor, path: temporary)
        } catch {
            _ = close(descriptor)
            _ = unlink(temporary)
            throw error
        }
        // After fsync, close can only report errors already reported; a failure here still loses nothing.
        _ = close(descriptor)
        guard rename(temporary, path) == 0 else {
            let code = errno
            _ = unlink(temporary)
            throw .io(path: path, operation: "rename", errno: code)
        }
        try FileSystem.syncDirectory(directory)
    }

    /// Creates `.NAME.tmp-RANDOM` (mode 0600, exclusive) in the target's directory, so that the final
    /// rename stays on one file system. The leading dot keeps it out of plain `ls`.
    private static func temporaryFile(for path: String, in directory: String) throws(StorageError) -> (Int32, String) {
        let prefix = joined(directory, ".\(fileName(of: path)).tmp-")
        while true {
            let candidate = prefix + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            do {
                return (try FileSystem.open(candidate, flags: O_WRONLY | O_CREAT | O_EXCL), candidate)
            } catch .io(_, _, EEXIST) {
                continue
            }
        }
    }
}
