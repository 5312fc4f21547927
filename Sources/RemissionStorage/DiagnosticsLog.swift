import Glibc
import RemissionModel

/// The local diagnostics log: `diagnostics.log` in the state directory, one JSON record a line, and
/// `diagnostics.log.1`, the previous file. Nothing in it is ever sent anywhere.
///
/// Appending is one `open(O_APPEND)`, one `write` of the whole line and one `close`, without
/// `fsync`: the kernel appends each write at the end of the file as a unit, so concurrent processes
/// and threads interleave whole lines, never parts of them. When a line would take the file past
/// `maximumFileBytes`, the file becomes `diagnostics.log.1` (under the sidecar lock, so two
/// processes rotate once) and a new one is started: the log never holds much more than twice that.
///
/// Reading takes at most the last `maximumFileBytes` (plus a line) of each file; a line that is too
/// long, not JSON or not a record is skipped and counted, never trusted.
public struct DiagnosticsLog: Sendable {
    public let path: String
    public let maximumFileBytes: Int

    /// 1 MB: about 4,000 records a file.
    public static let defaultMaximumFileBytes = 1_000_000
    /// A line longer than this is not a record (ours stay well under it).
    public static let maximumLineBytes = 4096

    public init(paths: StoragePaths, maximumFileBytes: Int = defaultMaximumFileBytes) {
        path = paths.state + "/diagnostics.log"
        self.maximumFileBytes = max(maximumFileBytes, Self.maximumLineBytes)
    }

    /// The previous file, kept after a rotation.
    public var previousPath: String { path + ".1" }

    /// Appends one record. The directory is created (0700) when missing; the file is made 0600.
    public func append(_ record: DiagnosticsRecord) throws(StorageError) {
        var line = record.jsonValue.serialized()
        guard line.count < Self.maximumLineBytes else { throw .corrupt(path: path, detail: "record too long") }
        line.append(UInt8(ascii: "\n"))
        try FileSystem.createDirectory(parentDirectory(of: path))
        var (descriptor, size) = try openForAppend()
        if size + line.count > maximumFileBytes {
            _ = close(descriptor)
            try rotate(before: line.count)
            (descriptor, _) = try openForAppend()
        }
        defer { _ = close(descriptor) }
        // One write: a short write to a regular file means a full disk, not a reason to write the rest
        // as a second, separately interleaved piece.
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else {
            throw .io(path: path, operation: "write", errno: written < 0 ? errno : ENOSPC)
        }
    }

    /// The records of both files, oldest first, and how many lines were skipped.
    public func read() throws(StorageError) -> (records: [DiagnosticsRecord], skipped: Int) {
        var records: [DiagnosticsRecord] = []
        var skipped = 0
        for file in [previousPath, path] {
            guard let bytes = try tail(of: file, window: maximumFileBytes + Self.maximumLineBytes) else { continue }
            let (some, bad) = Self.records(in: bytes.bytes, startsMidLine: bytes.cut)
            records += some
            skipped += bad
        }
        return (records, skipped)
    }

    /// Empties the log: both files are removed (under the sidecar lock, so no rotation races it).
    public func clear() throws(StorageError) {
        let lock = try FileLock(protecting: path, timeout: .seconds(2))
        for file in [path, previousPath] where unlink(file) != 0 && errno != ENOENT {
            throw .io(path: file, operation: "unlink", errno: errno)
        }
        lock.unlock()
    }

    /// The records in `bytes`; a first partial line (`startsMidLine`) is dropped without counting it.
    static func records(in bytes: [UInt8], startsMidLine: Bool) -> ([DiagnosticsRecord], Int) {
        var records: [DiagnosticsRecord] = []
        var skipped = 0
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
        if startsMidLine { lines = lines.dropFirst() }
        for line in lines where !line.isEmpty {
            guard line.count < maximumLineBytes, let json = try? JSONValue.parse(Array(line)),
                let record = DiagnosticsRecord(json: json)
            else {
                skipped += 1
                continue
            }
            records.append(record)
        }
        return (records, skipped)
    }

    /// Opens the log for appending: never through a symbolic link, never blocking on a FIFO, and
    /// only a regular file. Returns the descriptor and the file's size.
    private func openForAppend() throws(StorageError) -> (Int32, Int) {
        let descriptor = try FileSystem.open(
            path, flags: O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK, mode: 0o600)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            _ = close(descriptor)
            throw .io(path: path, operation: "open", errno: EINVAL)
        }
        if status.st_mode & 0o077 != 0 { _ = fchmod(descriptor, 0o600) }
        return (descriptor, Int(status.st_size))
    }

    /// Moves the full file aside, unless another process did while we waited for the lock.
    private func rotate(before lineBytes: Int) throws(StorageError) {
        let lock = try FileLock(protecting: path, timeout: .seconds(1))
        var status = stat()
        if lstat(path, &status) == 0, Int(status.st_size) + lineBytes > maximumFileBytes,
            rename(path, previousPath) != 0
        {
            throw .io(path: path, operation: "rename", errno: errno)
        }
        lock.unlock()
    }

    /// At most the last `window` bytes of `file` (nil when it does not exist), and whether that cut a line.
    func tail(of file: String, window: Int) throws(StorageError) -> (bytes: [UInt8], cut: Bool)? {
        let descriptor: Int32
        do { descriptor = try FileSystem.open(file, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK) } catch .io(
            _, _, ENOENT)
        {
            return nil
        }
        defer { _ = close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw .io(path: file, operation: "open", errno: EINVAL)
        }
        let start = max(0, Int(status.st_size) - window)
        var bytes = [UInt8](repeating: 0, count: min(Int(status.st_size), window))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + filled, $0.count - filled, off_t(start + filled))
            }
            if count > 0 {
                filled += count
            } else if count == 0 {
                break
            } else if errno != EINTR {
                throw .io(path: file, operation: "read", errno: errno)
            }
        }
        bytes.removeLast(bytes.count - filled)
        return (bytes, start > 0)
    }
}
