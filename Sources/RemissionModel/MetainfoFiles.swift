/// The files of a .torrent (BitTorrent v1 metainfo, BEP 3), in the order Transmission numbers them:
/// `add --skip/--only` resolves file indexes and names before anything is sent, as `files ID` would
/// list them once the torrent is added.
///
/// A path is the torrent's `name` alone (one file) or `name/dir/…/file` (the `files` list, each
/// entry's `path`, `path.utf-8` preferred as Transmission does), every entry in the order given,
/// padding files too (Transmission 3.00 and 4.x number them). The reader is bounded: nesting deeper
/// than `maximumDepth`, a length past the end, a malformed number or key give nil, never a trap.
public enum MetainfoFiles {
    /// Deeper nesting than any metainfo has; a file nested deeper is refused, not followed.
    public static let maximumDepth = 64

    /// The file paths, or nil when `bytes` is no v1 metainfo this reader understands.
    public static func paths(in bytes: [UInt8]) -> [String]? {
        var reader = Reader(bytes: bytes)
        guard case .dictionary(let top)? = reader.value(depth: 0), reader.position == bytes.count,
            case .dictionary(let info)? = top["info"]
        else { return nil }
        guard let name = text(info["name.utf-8"] ?? info["name"]), !name.isEmpty else { return nil }
        if case .integer? = info["length"] { return [name] }
        guard case .list(let files)? = info["files"], !files.isEmpty else { return nil }
        var paths: [String] = []
        paths.reserveCapacity(files.count)
        for file in files {
            guard case .dictionary(let entry) = file, case .list(let parts)? = entry["path.utf-8"] ?? entry["path"],
                !parts.isEmpty
            else { return nil }
            var components = [name]
            for part in parts {
                guard let component = text(part) else { return nil }
                components.append(component)
            }
            paths.append(components.joined(separator: "/"))
        }
        return paths
    }

    private static func text(_ value: Value?) -> String? {
        guard case .bytes(let bytes)? = value else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A bencoded value: only what the paths need is kept (a string's bytes, a list, a dictionary).
    enum Value {
        case integer
        case bytes(ArraySlice<UInt8>)
        case list([Value])
        case dictionary([String: Value])
    }

    struct Reader {
        let bytes: [UInt8]
        var position = 0

        /// The value at `position`, or nil when it is malformed or nested too deep.
        mutating func value(depth: Int) -> Value? {
            guard depth <= MetainfoFiles.maximumDepth, position < bytes.count else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "i"):
                position += 1
                guard skipInteger(until: UInt8(ascii: "e")) else { return nil }
                return .integer
            case UInt8(ascii: "l"):
                position += 1
                var items: [Value] = []
                while position < bytes.count, bytes[position] != UInt8(ascii: "e") {
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                }
                guard position < bytes.count else { return nil }
                position += 1
                return .list(items)
            case UInt8(ascii: "d"):
                position += 1
                var entries: [String: Value] = [:]
                while position < bytes.count, bytes[position] != UInt8(ascii: "e") {
                    guard let key = string(), let item = value(depth: depth + 1) else { return nil }
                    entries[String(decoding: key, as: UTF8.self)] = item
                }
                guard position < bytes.count else { return nil }
                position += 1
                return .dictionary(entries)
            default:
                return string().map { .bytes($0) }
            }
        }

        /// `LENGTH:BYTES`, the length at most what is left.
        mutating func string() -> ArraySlice<UInt8>? {
            var length = 0
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                guard position - start < 12 else { return nil }
                length = length * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                position += 1
            }
            guard position > start, position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
            position += 1
            guard length <= bytes.count - position else { return nil }
            defer { position += length }
            return bytes[position..<position + length]
        }

        /// An integer's digits (a leading minus allowed) up to `end`, which is consumed.
        mutating func skipInteger(until end: UInt8) -> Bool {
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                position += 1
            }
            guard position > start, position < bytes.count, bytes[position] == end else { return false }
            position += 1
            return true
        }
    }
}
