import RemissionModel
import Testing

/// Long tables are parsed in two halves at once (`TableHalves`); the outcome must be the
/// one-thread parse's whatever the bytes around the middle hold.
@Suite("torrent-get tables parsed in two halves")
struct TorrentReplyHalvesTests {
    static let header = #"["id","name","percentDone","labels","eta","error"]"#

    /// A classic reply of `count` rows; `replacing` puts other text in place of the rows it names
    /// (by index).
    static func reply(count: Int, replacing: [Int: String] = [:]) -> String {
        var rows: [String] = []
        for id in 1...count {
            let name = id % 3 == 0 ? #"Война и мир \u0432 \"кавычках\" \\ 中文 \#(id)"# : "ubuntu-\(id).iso"
            rows.append(replacing[id - 1] ?? #"[\#(id),"\#(name)",0.5,["a","b"],\#(id % 7 - 1),0]"#)
        }
        return #"{"arguments":{"torrents":[\#(header),\#(rows.joined(separator: ","))]},"result":"success","tag":1}"#
    }

    /// What the ordinary path gives: the tree, then `decodeList`.
    static func viaTree(_ text: String) throws -> [Torrent] {
        let value = try JSONValue.parse(text)
        return try Torrent.decodeList(try #require(value["arguments"]?["torrents"]))
    }

    static func torrents(_ text: String) throws -> DecodedTorrentList {
        try #require(try TorrentReply.parse(Array(text.utf8)).decoded["arguments"])
    }

    @Test("10,000 rows: the same torrents, count and row range as one thread gives")
    func sameOutcome() throws {
        let text = Self.reply(count: 10_000)
        #expect(text.utf8.count > 256 << 10)
        let decoded = try Self.torrents(text)
        #expect(decoded.torrents == (try Self.viaTree(text)))
        #expect(decoded.torrents.map(\.id) == Array(1...10_000))
        #expect(decoded.elementCount == 10_001)
        let bytes = Array(text.utf8)
        let rows = try #require(decoded.table?.rows)
        #expect(bytes[rows.lowerBound] == UInt8(ascii: "[") && bytes[rows.upperBound] == UInt8(ascii: "]"))
        #expect(bytes[rows.upperBound + 1] == UInt8(ascii: "}"))
    }

    /// Where the split guess falls inside a string or a nested array, the first half does not end a
    /// row there and goes on alone; had it been used, the second half's misreading would make the
    /// rest of the reply fail to parse, and the ordinary parse would run: either way the same outcome.
    @Test(
        "a `],[` inside a string or a nested array at the middle: the split is not taken, the outcome is the same",
        arguments: [
            #"[5000,"x],[1,\"evil\",1,[],0,0],[2,\"two\"],[y",0,[],0,0]"#,
            #"[5000,"],[","],[",0,[],0,0]"#,
            #"[5000,"n",0,[["a"],["b"]],0,0]"#,
            #"[5000,"\\],[\\\\",0,[],0,0]"#,
        ])
    func misleadingMiddle(middle: String) throws {
        let count = 10_000
        // The search for `],[` starts at the middle byte: put the tricky row at and around it.
        for row in count / 2 - 2...count / 2 + 2 {
            let text = Self.reply(count: count, replacing: [row: middle])
            let decoded = try Self.torrents(text)
            #expect(decoded.torrents == (try Self.viaTree(text)))
            #expect(decoded.torrents.count == count)
        }
    }

    @Test("short tables forced into halves: every tricky row at every place gives the tree's outcome")
    func shortTablesInHalves() throws {
        let tricky = [
            #"[5,"x],[1,\"evil\",1,[],0,0],[2,\"two\"],[y",0,[],0,0]"#, #"[5,"],[","],[",0,[],0,0]"#,
            #"[5,"n",0,[["a"],["b"]],0,0]"#, #"[5,"\\],[\\\\",0,[],0,0]"#, #"[5]"#, #"[]"#,
        ]
        for count in 1...12 {
            for row in 0..<count {
                for middle in tricky {
                    let text = Self.reply(count: count, replacing: [row: middle])
                    let reply = try TorrentReply.parse(Array(text.utf8), halvesFrom: 0)
                    let decoded = try #require(reply.decoded["arguments"])
                    #expect(decoded.torrents == (try Self.viaTree(text)), "\(text)")
                    #expect(decoded.elementCount == count + 1)
                }
            }
        }
    }

    @Test("a bad row after the middle fails exactly as the ordinary parser fails")
    func badSecondHalf() throws {
        let good = Self.reply(count: 10_000)
        let cases = [
            Self.reply(count: 10_000, replacing: [8999: #"[9000,,"x",0,[],0,0]"#]),
            Self.reply(count: 10_000, replacing: [9000: #"[9001,"ubuntu"#]),
            String(decoding: good.utf8.prefix(good.utf8.count * 3 / 4), as: UTF8.self),
            Self.reply(count: 10_000, replacing: [9001: #"{9002,"x"}"#]),
            Self.reply(count: 10_000, replacing: [9002: #"[9003,"x",0,[],0,0]]"#]),
        ]
        for text in cases {
            let expected = Result { () throws(JSONParseError) in try JSONValue.parse(text) }
            let halves = Result { () throws(JSONParseError) in try TorrentReply.parse(Array(text.utf8)) }
            switch (expected, halves) {
            case (.failure(let error), .failure(let same)): #expect(error == same)
            case (.success, .success(let reply)):
                // Valid JSON of another shape: the tree decides, as for a short reply.
                #expect(reply.decoded["arguments"] == nil)
            default: Issue.record("outcomes differ: \(expected) vs \(halves)")
            }
        }
    }

    @Test("a budget that a long table's halves exceed is refused, as one thread refuses it")
    func budget() throws {
        let text = Self.reply(count: 10_000)
        let bytes = Array(text.utf8)
        let tight = JSONParseBudget(limit: bytes.count)
        #expect(throws: JSONParseError.self) { try TorrentReply.parse(bytes, budget: tight) }
        let ample = JSONParseBudget(forInputBytes: bytes.count)
        #expect(try TorrentReply.parse(bytes, budget: ample).decoded["arguments"]?.torrents.count == 10_000)
    }
}
