import RemissionModel
import RemissionSession
import RemissionViews

/// File indexes typed by the user: `all`, or 0-based indexes and ranges such as `0,2,4-6`.
enum FileIndexes: Equatable {
    case all
    case some([Int])

    static func parse(_ text: String) throws(FileIndexesError) -> FileIndexes {
        let trimmed = text.trimmingASCIIWhitespace()
        if trimmed.lowercased() == "all" { return .all }
        guard !trimmed.isEmpty else { throw .malformed(text) }
        var result: [Int] = []
        for item in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = item.split(separator: "-", omittingEmptySubsequences: false).map {
                Int($0.trimmingASCIIWhitespace())
            }
            guard (1...2).contains(bounds.count), let low = bounds[0], low >= 0, let high = bounds.last!, high >= 0
            else {
                throw .malformed(text)
            }
            guard low <= high else { throw .reversed(String(item)) }
            guard high - low < 1_000_000 else { throw .malformed(text) }
            for index in low...high where !result.contains(index) { result.append(index) }
        }
        return .some(result)
    }

    /// The indexes for a torrent of `count` files; an index out of range is an error.
    func resolve(count: Int, torrent: Int) throws(FileIndexesError) -> [Int] {
        switch self {
        case .all: return Array(0..<count)
        case .some(let indexes):
            let outside = indexes.filter { $0 >= count }
            guard outside.isEmpty else { throw .outOfRange(outside, count: count, torrent: torrent) }
            return indexes
        }
    }
}

enum FileIndexesError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case reversed(String)
    case outOfRange([Int], count: Int, torrent: Int)

    var description: String {
        switch self {
        case .malformed(let text):
            return "\"\(text)\" is not a list of file indexes. Use all, or indexes from 0 such as 0,2,4-6."
        case .reversed(let text):
            return "\"\(text)\" is a reversed range. Write it low to high."
        case .outOfRange(let indexes, let count, let torrent):
            let list = indexes.prefix(10).map(String.init).joined(separator: ", ")
            if count == 0 {
                return "The torrent has no files yet (its metadata has not been downloaded); no index \(list)."
            }
            return
                "No file with index \(list): the torrent has \(count) file\(count == 1 ? "" : "s") (0-\(count - 1)). "
                + "See them with: remission files \(torrent)"
        }
    }
}
