import Glibc

/// Thin wrappers over the few system calls storage needs, each turning a failure into `StorageError.io`
/// and retrying `EINTR`.
enum FileSystem {
    /// Opens `path` (close-on-exec); a file created by `O_CREAT` gets `mode`, less the umask.
    static func open(_ path: String, flags: Int32, mode: mode_t = 0o600) throws(StorageError) -> Int32 {
        while true {
            let descriptor = Glibc.open(path, flags | O_CLOEXEC, mode)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw .io(path: path, operation: "open", errno: errno) }
        }
    }

    /// The whole content of `path`, or `nil` when it does not exist.
    /// With `limit`, stops after `limit + 1` bytes (so a caller can tell "too large" without reading a
    /// device such as /dev/zero for ever).
    static func readAll(_ path: String, limit: Int? = nil) throws(StorageError) -> [UInt8]? {
        let descriptor: Int32
        do { descriptor = try open(path, flags: O_RDONLY) } catch .io(_, _, ENOENT) { return nil }
        defer { _ = close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
                if let limit, bytes.count > limit { return bytes }
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw .io(path: path, operation: "read", errno: errno)
            }
        }
    }

    /// Writes every byte, looping over short writes.
    static func writeAll(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>, path: String) throws(StorageError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count >= 0 {
                offset += count
            } else if errno != EINTR {
                throw .io(path: path, operation: "write", errno: errno)
            }
        }
    }

    static func sync(_ descriptor: Int32, path: String) throws(StorageError) {
        while fsync(descriptor) != 0 {
            if errno != EINTR { throw .io(path: path, operation: "fsync", errno: errno) }
        }
    }

    /// Flushes a directory's entries (a rename inside it) to disk. File systems that cannot sync
    /// a directory answer `EINVAL`; there is nothing more to do on those.
    static func syncDirectory(_ path: String) throws(StorageError) {
        let descriptor = try open(path, flags: O_RDONLY | O_DIRECTORY)
        defer { _ = close(descriptor) }
        while fsync(descriptor) != 0 {
            if errno == EINVAL { return }
            if errno != EINTR { throw .io(path: path, operation: "fsync", errno: errno) }
        }
    }

    /// `mkdir -p` with mode 0700 for every directory it creates (existing ones keep their mode).
    static func createDirectory(_ path: String) throws(StorageError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw .io(path: path, operation: "mkdir", errno: ENOTDIR) }
            return
        }
        let parent = parentDirectory(of: path)
        if parent != path { try createDirectory(parent) }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw .io(path: path, operation: "mkdir", errno: errno)
        }
    }
}

extension FileSystem {
    /// The names in `directory` (without `.` and `..`); none when it cannot be read.
    static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

/// The directory part of `path` (`.` when there is none, `/` for top-level entries).
func parentDirectory(of path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    let parent = trimmingTrailingSlashes(String(trimmed[..<slash]))
    return parent.isEmpty ? "/" : parent
}

/// The last component of `path`.
func fileName(of path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    return String(trimmed[trimmed.index(after: slash)...])
}
