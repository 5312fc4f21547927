import Testing

@testable import RemissionModel

/// The parse budget: a reply's values may cost at most `JSONParseBudget.allowed(forInputBytes:)`
/// (16 MiB + 6× its size); floods of tiny values are refused before they are built, real replies
/// fit with room to spare.
@Suite("JSON parse budget (memory per reply)")
struct JSONParseBudgetTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// `prefix` + `unit` × `count` + `suffix`, as the hostile server's `generate` builds it.
    static func generated(_ prefix: String, _ unit: String, _ count: Int, _ suffix: String) -> [UInt8] {
        var result = bytes(prefix)
        let unitBytes = bytes(unit)
        result.reserveCapacity(result.count + unitBytes.count * count + suffix.utf8.count)
        for _ in 0..<count { result += unitBytes }
        return result + bytes(suffix)
    }

    /// A table row as the daemon sends `list`'s 15 fields.
    static func listRow(_ id: Int) -> String {
        "[\(id),\"Some.Linux.Distribution.2024.\(id).x86_64.dvd.iso\",4,0.4821,4700000000,2434100000,3600,"
            + "1500000,20000,0.25,0,false,0,3,0]"
    }

    static let listHeader =
        "[\"id\",\"name\",\"status\",\"percentDone\",\"sizeWhenDone\",\"leftUntilDone\",\"eta\",\"rateDownload\","
        + "\"rateUpload\",\"uploadRatio\",\"error\",\"isFinished\",\"peersGettingFromUs\",\"peersSendingToUs\","
        + "\"recheckProgress\"]"

    @Test("the limit is 16 MiB plus 6 bytes per byte of input, saturating")
    func limit() {
        #expect(JSONParseBudget.allowed(forInputBytes: 0) == 16 << 20)
        #expect(JSONParseBudget.allowed(forInputBytes: 100_000_000) == (16 << 20) + 600_000_000)
        #expect(JSONParseBudget.allowed(forInputBytes: Int.max / 2) == Int.max)
    }

    @Test(
        "floods of tiny values are refused by the ordinary parse, whatever their shape",
        arguments: ["[0],", "[[]],", "\"\",", "{},", "[[[[[]]]]],", "{\"a\":0},"])
    func tinyValues(unit: String) {
        // 8 MB: the tree of each is 12–30× that; the budget is 16 MiB + 48 MB.
        let count = 8_000_000 / unit.utf8.count
        let body = Self.generated("{\"arguments\":{\"x\":[", unit, count, "0]},\"result\":\"success\"}")
        #expect {
            try JSONValue.parse(body)
        } throws: { error in
            guard case .overBudget(let limit, let offset) = error as? JSONParseError else { return false }
            return limit == JSONParseBudget.allowed(forInputBytes: body.count) && offset < body.count
        }
    }

    @Test(
        "floods of tiny table rows are refused by the row decoder (and its fallback)",
        arguments: ["[],", "[0],", "[[]],", "\"\",", "{},"])
    func tinyRows(unit: String) {
        let count = 8_000_000 / unit.utf8.count
        let body = Self.generated(
            "{\"arguments\":{\"torrents\":[[\"id\"],", unit, count, "[0]]},\"result\":\"success\"}")
        #expect {
            try TorrentReply.parse(body)
        } throws: { error in
            if case .overBudget = error as? JSONParseError { return true }
            return false
        }
    }

    @Test("a real list of 20,000 torrents fits in 4× its size (table rows straight to torrents), not in 1×")
    func realList() throws {
        let rows = (1...20_000).map(Self.listRow).joined(separator: ",")
        let body = Self.bytes("{\"arguments\":{\"torrents\":[\(Self.listHeader),\(rows)]},\"result\":\"success\"}")
        let reply = try TorrentReply.parse(body, budget: JSONParseBudget(limit: 4 * body.count))
        #expect(reply.decoded["arguments"]?.torrents.count == 20_000)
        #expect(throws: JSONParseError.self) {
            try TorrentReply.parse(body, budget: JSONParseBudget(limit: body.count))
        }
    }

    @Test("info of a torrent with 20,000 files fits in 5× its size (objects, as a tree)")
    func realInfo() throws {
        let files = (0..<20_000).map {
            "{\"bytesCompleted\":\($0 * 1000),\"length\":12345678,\"name\":\"Album \($0 / 20)/CD1/\($0) - A track name.flac\"}"
        }.joined(separator: ",")
        let stats = (0..<20_000).map { "{\"bytesCompleted\":\($0),\"priority\":0,\"wanted\":true}" }
            .joined(separator: ",")
        let body = Self.bytes(
            "{\"arguments\":{\"torrents\":[{\"id\":1,\"name\":\"x\",\"files\":[\(files)],\"fileStats\":[\(stats)]}]},"
                + "\"result\":\"success\"}")
        _ = try JSONValue.parse(body, budget: JSONParseBudget(limit: 5 * body.count))
        let reply = try TorrentReply.parse(body, budget: JSONParseBudget(limit: 5 * body.count))
        #expect(reply.decoded["arguments"]?.torrents.first?.files?.count == 20_000)
    }

    @Test("a malformed table is checked, not built into a tree: the ordinary parse's error, within the budget")
    func malformedTableIsNotParsedTwice() throws {
        // 100 numbers per row: nothing to keep for the row decoder (an unknown column), ~3 kB of
        // tree per row for the ordinary parse. The budget fits the first, not the second.
        let row = "[" + Array(repeating: "0", count: 100).joined(separator: ",") + "]"
        let rows = Array(repeating: row, count: 2_000).joined(separator: ",")
        let body = Self.bytes("{\"arguments\":{\"torrents\":[[\"x\"],\(rows),]},\"result\":\"success\"}")
        let budget = JSONParseBudget(limit: 2_000_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(body, budget: budget) }
        var expected: JSONParseError?
        do { _ = try JSONValue.parse(body, budget: JSONParseBudget(limit: .max)) } catch { expected = error }
        guard case .malformed? = expected else {
            Issue.record("the reply should be malformed: \(String(describing: expected))")
            return
        }
        #expect(throws: expected!) { try TorrentReply.parse(body, budget: budget) }
    }

    @Test("a first row of one byte does not reserve room for the whole reply's worth of rows")
    func reserveIsBounded() throws {
        // 2 MB of real rows after a tiny first one: the estimate from the first row (~1 M rows ×
        // 230 bytes) would not fit in the budget; rows are still decoded.
        let rows = (1...10_000).map(Self.listRow).joined(separator: ",")
        let body = Self.bytes(
            "{\"arguments\":{\"torrents\":[\(Self.listHeader),[],\(rows)]},\"result\":\"success\"}")
        let reply = try TorrentReply.parse(body, budget: JSONParseBudget(limit: 4 * body.count))
        #expect(reply.decoded["arguments"]?.torrents.count == 10_001)
    }
}
