import RemissionModel

/// File indexes typed by the user: `all`, or 0-based indexes and ranges such as `0,2,4-6`.
public enum FileIndexes: Sendable, Equatable {
    case all
    case some([Int])

    public static func parse(_ text: String) throws(FileIndexesError) -> FileIndexes {
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
    public func resolve(count: Int, torrent: Int) throws(FileIndexesError) -> [Int] {
        switch self {
        case .all: return Array(0..<count)
        case .some(let indexes):
            let outside = indexes.filter { $0 >= count }
            guard outside.isEmpty else { throw .outOfRange(outside, count: count, torrent: torrent) }
            return indexes
        }
    }
}

/// Why FILE-INDEXES cannot be used; worded by `FailureText` (exit 2).
public enum FileIndexesError: Error, Sendable, Equatable {
    /// Not `all` nor a list of indexes and ranges.
    case malformed(String)
    /// A range written high to low.
    case reversed(String)
    /// Indexes the torrent does not have; `count` is how many files it has.
    case outOfRange([Int], count: Int, torrent: Int)
}

/// One change `files` made, reported after it was sent (worded by `TorrentText.fileChange`).
public enum FileChange: Sendable, Equatable {
    case priority(FilePriority, [Int])
    case skipping([Int])
    case getting([Int])
}
