import RemissionRPC
import RemissionSession
import RemissionStorage
import RemissionViews

#if canImport(Glibc)
    import Glibc
#endif

/// One argument of `remission add`, read and checked before any request.
enum AddSource {
    /// The largest .torrent accepted; real ones are kilobytes to a few megabytes.
    static let maximumFileSize = 64 * 1024 * 1024

    /// Magnets and http(s) URLs go to the daemon as `filename`; anything else is a local .torrent
    /// file, read and sent as metainfo. A missing, unreadable or non-torrent file is an error that
    /// names the argument.
    static func load(_ argument: String) -> Result<TorrentSource, Failure> {
        let lower = argument.lowercased()
        if lower.hasPrefix("magnet:") {
            guard lower.contains("xt=urn:btih:") || lower.contains("xt=urn:btmh:") else {
                return .failure(
                    Failure.command("\(argument): a magnet link needs an xt=urn:btih:HASH part.", status: .usage))
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
            let hint =
                code == ENOENT
                ? "no such file. Give a .torrent file, a magnet: link or an http(s):// URL."
                : String(cString: strerror(code)) + "."
            return .failure(Failure.command("\(path): \(hint)", status: code == ENOENT ? .usage : .failure))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            return .failure(Failure.command("\(path): is a directory, not a .torrent file.", status: .usage))
        }
        if Int(info.st_size) > maximumFileSize {
            return .failure(
                Failure.command(
                    "\(path): \(Units.bytes(Int(info.st_size))) is too large for a .torrent file.",
                    status: .usage))
        }
        let bytes: [UInt8]
        do {
            guard let read = try AtomicFile.read(path) else {
                return .failure(Failure.command("\(path): no such file.", status: .usage))
            }
            bytes = read
        } catch .io(_, _, let code) {
            return .failure(
                Failure.command("\(path): cannot read: \(String(cString: strerror(code))).", status: .failure))
        } catch {
            return .failure(Failure.command(error.description, status: .failure))
        }
        guard looksLikeTorrent(bytes) else {
            return .failure(
                Failure.command(
                    "\(path): not a .torrent file (no bencoded dictionary with an info section).", status: .usage))
        }
        return .success(.metainfo(bytes))
    }

    /// A .torrent is a bencoded dictionary (`d…e`) with an `info` key.
    static func looksLikeTorrent(_ bytes: [UInt8]) -> Bool {
        guard bytes.first == UInt8(ascii: "d"), bytes.last == UInt8(ascii: "e") else { return false }
        let key = Array("4:info".utf8)
        guard bytes.count > key.count else { return false }
        for start in 1...(bytes.count - key.count) where bytes[start] == key[0] {
            if bytes[start..<start + key.count].elementsEqual(key) { return true }
        }
        return false
    }
}
