import RemissionModel

/// The download and upload rates of each torrent over the last refreshes, for the detail's
/// sparklines. Only torrents that moved within the window keep samples: the others are all zero,
/// so 10,000 idle torrents cost nothing.
public struct WatchSpeedHistory: Equatable, Sendable {
    public struct Sample: Equatable, Sendable {
        public var down: Int
        public var up: Int
        public init(down: Int, up: Int) {
            self.down = down
            self.up = up
        }
    }

    /// How many refreshes are kept.
    public let capacity: Int
    /// Seconds between refreshes.
    public let interval: Double
    /// Refreshes recorded so far, at most `capacity`.
    public private(set) var count = 0
    private var moving: [Int: [Sample]] = [:]

    public init(capacity: Int, interval: Double = 2) {
        self.capacity = max(1, capacity)
        self.interval = interval
    }

    /// Samples for the last minutes (`seconds`) at a refresh every `interval` seconds.
    public init(seconds: Double, interval: Double) {
        self.init(capacity: min(600, max(30, Int((seconds / max(0.5, interval)).rounded(.up)))), interval: interval)
    }

    /// Adds one refresh's rates.
    public mutating func record(_ torrents: [Torrent]) {
        count = min(capacity, count + 1)
        var next: [Int: [Sample]] = [:]
        for torrent in torrents {
            let sample = Sample(down: max(0, torrent.rateDownload), up: max(0, torrent.rateUpload))
            var samples = moving[torrent.id] ?? []
            guard sample != Sample(down: 0, up: 0) || !samples.isEmpty else { continue }
            samples.append(sample)
            if samples.count > count { samples.removeFirst(samples.count - count) }
            if samples.contains(where: { $0 != Sample(down: 0, up: 0) }) { next[torrent.id] = samples }
        }
        moving = next
    }

    /// The torrent's samples, oldest first, `count` of them (zeros where it did not move).
    public func samples(for id: Int) -> [Sample] {
        let known = moving[id] ?? []
        return Array(repeating: Sample(down: 0, up: 0), count: max(0, count - known.count)) + known
    }

    /// One block character per value, scaled to the largest (`▁` for zero, `█` for the peak), the
    /// last `width` values.
    public static func sparkline(_ values: [Int], width: Int) -> String {
        let shown = values.suffix(max(0, width))
        let peak = shown.max() ?? 0
        let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        return String(
            shown.map { value in
                guard peak > 0, value > 0 else { return blocks[0] }
                let level = Int((Double(value) / Double(peak) * Double(blocks.count - 1)).rounded(.up))
                return blocks[min(blocks.count - 1, max(1, level))]
            })
    }
}
