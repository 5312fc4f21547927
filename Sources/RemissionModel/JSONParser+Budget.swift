/// How much memory a parse may build: an estimate of the bytes it holds (storage a growing array
/// leaves behind is freed, and not counted; what a decoded row's tree held stays counted).
///
/// A reply's tree is far larger than its text when the text is made of tiny values: `[0],` is four
/// bytes of JSON and ~90 bytes of tree (an array of one element), a table row `[]` three bytes and a
/// whole `Torrent` (~230 bytes). Without a limit a 200 MB reply of such rows grew to ~20 GB. The
/// parser charges what it allocates (each array's and object's storage at every growth, strings
/// that do not fit inline, every decoded torrent row) against the budget, and stops with
/// `JSONParseError.overBudget` once a reply would need more than `allowed(forInputBytes:)`.
/// Real replies need 3–5× their size (`JSONParseBudgetTests`: a list's table rows ~3.5×, the tree of
/// `info --files` ~4.5×).
public struct JSONParseBudget: Sendable, Equatable {
    /// Bytes any reply may build, whatever its size: 16 MiB.
    public static let floorBytes = 16 << 20
    /// Bytes per byte of input beyond the floor: 6. With the body itself, a reply's peak stays under
    /// ~8× its size (plus the floor).
    public static let bytesPerInputByte = 6

    /// The limit for an input of `count` bytes: `floorBytes + bytesPerInputByte × count`.
    public static func allowed(forInputBytes count: Int) -> Int {
        let (scaled, overflow) = count.multipliedReportingOverflow(by: bytesPerInputByte)
        return overflow ? Int.max : floorBytes.addingReportingOverflow(scaled).overflow ? Int.max : floorBytes + scaled
    }

    /// The limit in bytes.
    public var limit: Int
    /// Bytes charged so far.
    public var used = 0

    public init(limit: Int) {
        self.limit = limit
    }

    /// The default budget for `count` bytes of input.
    public init(forInputBytes count: Int) {
        self.init(limit: Self.allowed(forInputBytes: count))
    }

    /// Bytes still free.
    public var remaining: Int { max(0, limit - used) }
}

/// What one allocation costs: Swift's heap object header and malloc's own rounding and overhead.
enum AllocationCost {
    static let header = 32 + 16

    /// An array's storage of `capacity` elements of `stride` bytes.
    static func array(capacity: Int, stride: Int) -> Int { header + capacity &* stride }

    /// A torrent's out-of-line details (`info`'s fields), allocated once a row sets one.
    static let details = header + MemoryLayout<TorrentDetails>.stride

    /// A string of `count` UTF-8 bytes: nothing beyond its slot up to 15 bytes (stored inline).
    static func string(utf8Count count: Int) -> Int { count <= 15 ? 0 : header + count + 1 }
}

extension JSONParser {
    /// Charges `bytes` against the budget; throws once it is spent.
    mutating func charge(_ bytes: Int) throws(JSONParseError) {
        budget.used = budget.used.addingReportingOverflow(bytes).overflow ? Int.max : budget.used + bytes
        if budget.used > budget.limit {
            throw .overBudget(limit: budget.limit, offset: position)
        }
    }

    /// Appends `element` to `array`, charging what its storage grows by (the header with the first
    /// element) before it grows, so a refusal comes before the allocation. The storage it leaves is
    /// freed, so it is not counted; only one array grows at a time, so that costs at most the
    /// largest array once more, briefly.
    mutating func append<T>(_ element: T, to array: inout [T]) throws(JSONParseError) {
        let capacity = array.capacity
        let stride = MemoryLayout<T>.stride
        if array.count == capacity {
            try charge((capacity == 0 ? AllocationCost.header : 0) + max(capacity, 1) &* stride)
        }
        array.append(element)
        if array.capacity > max(2 * capacity, 1) {  // the allocator gave more than asked
            try charge((array.capacity - max(2 * capacity, 1)) &* stride)
        }
    }
}
