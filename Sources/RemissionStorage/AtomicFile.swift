import Glibc

/// Whole-file reads and crash-safe whole-file writes (PRODUCT.md §4).
///
/// A write goes to a temporary file in the target's directory, is flushed with `fsync`, gets mode 0600,
/// and is renamed over the target; then the directory is flushed so the rename itself survives a crash.
/// Readers see either the old file or the new one, never a partial one. A `.cache` write skips the
/// directory's flush (see `Durability`).
///
/// - Warning: This makes a single write atomic, not a read-modify-write. Two processes that read,
///   change and write the same file must hold a `FileLock` around the whole sequence
///   (`VersionedFile.update` does).
public enum AtomicFile {
    /// What a write promises after a crash of the machine (power loss, kernel panic) just after it.
    public enum Durability: Sendable, Equatable {
        /// The new content survives: the file is flushed before the rename and the directory after it.
        /// Settings and trust decisions (servers.json, trust.json), which nothing can rebuild.
        case durable
        /// The file is flushed before the rename (PRODUCT.md §4: temp file + fsync + rename), so a
        /// reader never finds a partial or empty file even after a machine crash, but the directory is
        /// not: a crash within the kernel's writeback delay may leave the old file in place. For
        /// caches the next run rebuilds: `list`'s snapshot, whose directory flush was half of the
        /// 1–30 ms its two flushes took on a disk shared with builds (devdoc/measurements.md).
        case cache
    }

    /// The file's bytes, or `nil` when it does not exist.
    public static func read(_ path: String, limit: Int? = nil) throws(StorageError) -> [UInt8]? {
        try FileSystem.readAll(path, limit: limit)
    }

    /// Replaces `path` with `bytes`, creating its directory (mode 0700) when missing. The file ends up
    /// with mode 0600 whatever mode an earlier version had. A symbolic link at `path` keeps its link:
    /// the file it points to is the one replaced, atomically, in its own directory (PRODUCT.md §4; git
    /// does the same with a symlinked config).
    public static func write(
        _ bytes: [UInt8], to path: String, durability: Durability = .durable
    ) throws(StorageError) {
        try write(parts: [bytes[...]], to: path, durability: durability)
    }

    /// `write(_:to:)` of the parts one after the other, without joining them in memory first.
    public static func write(
        parts: [ArraySlice<UInt8>], to link: String, durability: Durability = .durable
    ) throws(StorageError) {
        let path = try target(of: link)
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
        // After fsync, close can only report errors already reported.
        _ = close(descriptor)
        guard rename(temporary, path) == 0 else {
            let code = errno
            _ = unlink(temporary)
            throw .io(path: path, operation: "rename", errno: code)
        }
        if durability == .durable { try FileSystem.syncDirectory(directory) }
    }

    /// Creates `path` with `bytes`, mode 0600 from the start (a secret is never readable by others, not
    /// even for a moment), only when nothing is there: an existing file or symbolic link is refused
    /// with `EEXIST` and left as it is (`O_EXCL | O_NOFOLLOW`). A failed write removes what it created.
    public static func createNew(_ bytes: [UInt8], at path: String) throws(StorageError) {
        let descriptor = try FileSystem.open(path, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
        do throws(StorageError) {
            guard fchmod(descriptor, 0o600) == 0 else { throw .io(path: path, operation: "fchmod", errno: errno) }
            try FileSystem.writeAll(descriptor, bytes[...], path: path)
            try FileSystem.sync(descriptor, path: path)
        } catch {
            _ = close(descriptor)
            _ = unlink(path)
            throw error
        }
        _ = close(descriptor)
    }

    /// The file a path names once symbolic links are followed (at most 40, as the kernel allows); the
    /// path itself when it is not a link or does not exist.
    static func target(of path: String) throws(StorageError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { throw .io(path: current, operation: "readlink", errno: errno) }
            let destination = String(
                decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : joined(parentDirectory(of: current), destination)
        }
        throw .io(path: path, operation: "readlink", errno: ELOOP)
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
