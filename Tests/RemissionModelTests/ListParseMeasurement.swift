import Glibc
import RemissionModel
import Testing

/// A measurement, not a timed test: parse and decode a 10,000-torrent `torrent-get` table reply
/// and print how long it took. It checks the decoded result (so it can fail), never the time.
///
///     REMISSION_MEASURE=1 swift test -c release --filter ListParseMeasurement
@Suite("List parse measurement", .enabled(if: getenv("REMISSION_MEASURE") != nil))
struct ListParseMeasurement {
    static func tableReply(count: Int) -> [UInt8] {
        var rows: [JSONValue] = [JSONValue(TorrentField.list.map { $0.name(in: .classic) })]
        for id in 1...count {
            let hex = String(UInt64(id) &* 0x9E37_79B9_7F4A_7C15, radix: 16)
            let hash = String(repeating: "0", count: 40 - hex.count * 2) + hex + hex
            let cells: [JSONValue] = TorrentField.list.map { field in
                switch field {
                case .id: return .int(Int64(id))
                case .name: return .string("Some.Linux.Distribution.\(id).x86_64-DVD [2026] (multi-language édition)")
                case .hashString: return .string(hash)
                case .status: return .int(Int64(id % 7))
                case .percentDone: return id % 3 == 0 ? .int(1) : .double(Double(id % 1000) / 1000)
                case .sizeWhenDone, .haveValid: return .int(4_700_000_000 + Int64(id))
                case .leftUntilDone: return .int(Int64(id % 5) * 1_000_000)
                case .eta: return .int(id % 4 == 0 ? -1 : Int64(id * 13))
                case .rateDownload, .rateUpload: return .int(Int64(id % 50) * 1024)
                case .uploadRatio: return .double(Double(id % 400) / 100 + 0.0123)
                case .error: return .int(id % 97 == 0 ? 2 : 0)
                case .errorString: return .string(id % 97 == 0 ? "Tracker gave HTTP response code 404 (Not Found)" : "")
                case .addedDate: return .int(1_700_000_000 + Int64(id))
                case .downloadDir: return .string("/srv/torrents/completed/\(id % 10)")
                case .labels: return id % 2 == 0 ? ["linux", "iso"] : []
                case .isFinished: return .bool(id % 5 == 0)
                case .recheckProgress: return .double(0)
                default: return .int(Int64(id % 8))
                }
            }
            rows.append(.array(cells))
        }
        let reply: JSONValue = ["arguments": ["torrents": .array(rows)], "result": "success", "tag": 3]
        return reply.serialized()
    }

    @Test("parse and decode 10,000 torrents")
    func measure() throws {
        let bytes = Self.tableReply(count: 10_000)
        let clock = ContinuousClock()
        var best: (parse: Duration, decode: Duration) = (.seconds(60), .seconds(60))
        var decoded: [Torrent] = []
        for _ in 0..<7 {
            var value = JSONValue.null
            let parse = try clock.measure { value = try JSONValue.parse(bytes) }
            let decode = try clock.measure {
                decoded = try Torrent.decodeList(value["arguments"]?["torrents"] ?? .null)
            }
            best = (min(best.parse, parse), min(best.decode, decode))
        }
        var streamed: [Torrent] = []
        var fast = Duration.seconds(60)
        for _ in 0..<7 {
            fast = min(
                fast,
                try clock.measure { streamed = try TorrentReply.parse(bytes).decoded["arguments"]?.torrents ?? [] })
        }
        print("torrent-get table reply: \(bytes.count) bytes, 10,000 torrents")
        print("best of 7: parse \(best.parse), decode \(best.decode), total \(best.parse + best.decode)")
        print("best of 7, decoded while parsing (TorrentReply): \(fast)")
        #expect(decoded.count == 10_000)
        #expect(streamed == decoded)
        #expect(decoded.last?.id == 10_000)
        #expect(decoded[2].percentDone == 1.0)
    }
}
