#if canImport(Glibc)
    import Glibc
#endif

/// A long table of torrents parsed in two halves at once: the rows before a comma near the middle
/// on the caller's thread, the rows after it on a thread of its own, then joined in order. At
/// 10,000 torrents (1.3 MB) parsing is the largest part of `list`'s own time, and the machine has
/// a second core idle while it runs.
///
/// The outcome is the one-thread parse's: the second half starts at a comma that `split` only
/// guesses is between two rows (`],[`, which a string may also hold); it is used only when the
/// first half's parse, which reads every byte before it, ends a row exactly there. Otherwise the
/// first half goes on to the end alone and the second half's work is dropped.
public enum TableHalves {
    /// Rows shorter than this are parsed on one thread: a thread costs more than it saves.
    public static let minimumBytes = 256 << 10

    /// The comma of the first `],[` at or after the middle of the rows from `start` to the end of
    /// the reply, or nil when they are shorter than `minimum` bytes or have none.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, rowsFrom start: Int, minimum: Int) -> Int? {
        guard bytes.count - start >= max(minimum, 2) else { return nil }
        var index = start + (bytes.count - start) / 2
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: ","), bytes[index - 1] == UInt8(ascii: "]"),
                bytes[index + 1] == UInt8(ascii: "[")
            {
                return index
            }
            index += 1
        }
        return nil
    }
}

extension JSONParser {
    /// The rows from `position` to the list's end, the part after `split` parsed by a second parser
    /// on its own thread with half of what is left of the budget. Returns how many rows there were.
    mutating func parseInHalves(
        split: Int, columns: [TorrentField?], depth: Int, into torrents: inout [Torrent]
    ) throws(JSONParseError) -> Int {
        let limit = budget.limit
        let share = budget.remaining / 2
        var second = JSONParser(bytes, budget: JSONParseBudget(limit: share))
        second.position = split + 1
        budget.limit = budget.used + (budget.remaining - share)
        // The second parser reads `bytes` until it is joined, which every path below does first.
        let job = SecondHalf(second, columns: columns, depth: depth)
        let first = Result { () throws(JSONParseError) in
            try parseRows(columns: columns, depth: depth, stop: split, into: &torrents)
        }
        let rest = job.join()
        budget.limit = limit
        let (count, reachedSplit) = try first.get()
        guard reachedSplit else { return count }
        let (rows, end, used) = try rest.get()
        try charge(used)
        let needed = torrents.count + rows.count
        if torrents.capacity < needed {  // as `append` charges growth: the storage left is freed
            try charge((needed - torrents.capacity) &* MemoryLayout<Torrent>.stride)
            torrents.reserveCapacity(needed)
        }
        torrents.append(contentsOf: rows)
        position = end
        return count + rows.count
    }
}

/// The second half's parse, on a thread of its own from `init` until `join` (or on the joining
/// thread, when no thread could be had).
private final class SecondHalf: @unchecked Sendable {
    // Unchecked: `parser` points into the caller's buffer, which outlives the thread because the
    // caller joins it before returning; until then only the thread touches `parser` and `outcome`,
    // and `join` reads them after pthread_join.
    private var parser: JSONParser
    private let columns: [TorrentField?]
    private let depth: Int
    private var outcome: Result<(rows: [Torrent], end: Int, used: Int), JSONParseError>?
    private var thread: pthread_t?

    init(_ parser: JSONParser, columns: [TorrentField?], depth: Int) {
        self.parser = parser
        self.columns = columns
        self.depth = depth
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<SecondHalf>.fromOpaque(raw!).takeRetainedValue().run()
                return nil
            }, Unmanaged.passRetained(self).toOpaque())
        if started == 0 {
            self.thread = thread
        } else {
            Unmanaged.passUnretained(self).release()
        }
    }

    /// The rows after the split, the position after the list's `]`, and the budget they used.
    func join() -> Result<(rows: [Torrent], end: Int, used: Int), JSONParseError> {
        if let thread { pthread_join(thread, nil) } else { run() }
        return outcome ?? .failure(parser.miss)
    }

    private func run() {
        var rows: [Torrent] = []
        do throws(JSONParseError) {
            parser.skipWhitespace()
            guard parser.position < parser.bytes.count else { throw parser.miss }
            _ = try parser.parseRows(columns: columns, depth: depth, stop: nil, into: &rows)
            outcome = .success((rows, parser.position, parser.budget.used))
        } catch {
            outcome = .failure(error)
        }
    }
}
