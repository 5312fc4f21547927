import RemissionRPC
import RemissionStorage

#if canImport(Glibc)
    import Glibc
#endif

/// One argument of `remission add`, read and checked before any request: magnets and http(s) URLs go
/// to the daemon as `filename`; anything else is a local .torrent file, read (at most
/// `maximumFileSize`) and sent as metainfo.
public enum TorrentSourceFile {
    /// The largest .torrent accepted; real ones are kilobytes to a few megabytes.
    public static let maximumFileSize = 64 * 1024 * 1024

    public static func load(_ argument: String) -> Result<TorrentSource, Failure> {
        let lower = argument.lowercased()
        if lower.hasPrefix("magnet:") {
            guard lower.contains("xt=urn:btih:") || lower.contains("xt=urn:btmh:") else {
                return .failure(Failure(.addSource(.magnetWithoutHash(argument))))
            }
            return .success(.filename(argument))
        }
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            return .success(.filename(argument))
        }
        return readTorrentFile(argument)
    }

    private static func readTorrentFile(_ path: String) -> Result<TorrentSource, Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            return .failure(Failure(.addSource(code == ENOENT ? .missing(path) : .unreadable(path, errno: code))))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(Failure(.addSource(.directory(path))))
        // Refused before opening: a FIFO with no writer would block the open for ever, a device
        // (/dev/zero) would be read up to the limit for nothing.
        case S_IFIFO: return .failure(Failure(.addSource(.special(path, .fifo))))
        case S_IFCHR, S_IFBLK: return .failure(Failure(.addSource(.special(path, .device))))
        case S_IFSOCK: return .failure(Failure(.addSource(.special(path, .socket))))
        default: return .failure(Failure(.addSource(.special(path, .other))))
        }
        if info.st_size > maximumFileSize {
            return .failure(Failure(.addSource(.tooLarge(path, atLeast: Int(info.st_size)))))
        }
        let bytes: [UInt8]
        do {
            // The size from stat is not trusted: the file may grow while it is read.
            guard let read = try AtomicFile.read(path, limit: maximumFileSize) else {
                return .failure(Failure(.addSource(.missing(path))))
            }
            bytes = read
        } catch .io(_, _, let code) {
            return .failure(Failure(.addSource(.unreadable(path, errno: code))))
        } catch {
            return .failure(Failure(.storage(error)))
        }
        guard bytes.count <= maximumFileSize else {
            return .failure(Failure(.addSource(.tooLarge(path, atLeast: max(bytes.count, Int(info.st_size))))))
        }
        guard looksLikeTorrent(bytes) else { return .failure(Failure(.addSource(.notATorrent(path)))) }
        return .success(.metainfo(bytes))
    }

    /// A .torrent is a bencoded dictionary (`d…e`) with an `info` key.
    public static func looksLikeTorrent(_ bytes: [UInt8]) -> Bool {
        guard bytes.first == UInt8(ascii: "d"), bytes.last == UInt8(ascii: "e") else { return false }
        let key = Array("4:info".utf8)
        guard bytes.count > key.count else { return false }
        for start in 1...(bytes.count - key.count) where bytes[start] == key[0] {
            if bytes[start..<start + key.count].elementsEqual(key) { return true }
        }
        return false
    }
}

/// What a path that is neither a regular file nor a directory is.
public enum SpecialFileKind: Sendable, Equatable {
    case fifo, device, socket, other
}

/// Why an argument of `add` cannot be sent.
public enum AddSourceProblem: Sendable, Equatable {
    case magnetWithoutHash(String)
    case missing(String)
    case directory(String)
    /// Not a regular file: a FIFO, a device, a socket (refused without opening it).
    case special(String, SpecialFileKind)
    /// The file has more than `TorrentSourceFile.maximumFileSize` bytes (at least `atLeast`).
    case tooLarge(String, atLeast: Int)
    case unreadable(String, errno: Int32)
    case notATorrent(String)
}
