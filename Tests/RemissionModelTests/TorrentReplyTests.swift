import RemissionModel
import Testing

@Suite("torrent-get replies decoded while parsing")
struct TorrentReplyTests {
    /// What the ordinary path gives: the tree, then `decodeList`.
    static func viaTree(_ text: String, key: String) throws -> [Torrent] {
        let value = try JSONValue.parse(text)
        return try Torrent.decodeList(try #require(value[key]?["torrents"]))
    }

    static func parse(_ text: String) throws(JSONParseError) -> TorrentReply {
        try TorrentReply.parse(Array(text.utf8))
    }

    @Test("a classic table reply is decoded row by row, as the tree would decode it")
    func classicTable() throws {
        let text = #"""
            {"arguments":{"torrents":[["id","name","percentDone","labels","futureField","eta"],
            [1,"a\u00e9\n",1,["x","y"],{"deep":[1,2]},-1],
            [2,"b",0.5,[],null,60,"extra cell"],[3]]},"result":"success","tag":7}
            """#
        let reply = try Self.parse(text)
        let decoded = try #require(reply.decoded["arguments"])
        #expect(decoded.elementCount == 4)
        #expect(decoded.torrents == (try Self.viaTree(text, key: "arguments")))
        #expect(decoded.torrents.map(\.name) == ["aé\n", "b", ""])
        #expect(decoded.torrents[0].percentDone == 1.0)  // the integer 1
        #expect(decoded.torrents[0].labels == ["x", "y"])
        #expect(decoded.torrents[1].eta == 60)
        #expect(reply.envelope["arguments"]?["torrents"] == .array([]))
        #expect(reply.envelope["result"] == "success")
        #expect(reply.shape["arguments"]?["torrents"]?.array?.count == 4)
    }

    @Test("a JSON-RPC 2.0 reply in snake_case is decoded under result")
    func jsonRPC() throws {
        let text = #"""
            {"jsonrpc":"2.0","result":{"torrents":[["id","hash_string","percent_done","peers_getting_from_us","is_finished"],
            [9,"ab",1,2,true]],"removed":[4]},"id":3}
            """#
        let reply = try Self.parse(text)
        let torrents = try #require(reply.decoded["result"]).torrents
        #expect(torrents == (try Self.viaTree(text, key: "result")))
        var expected = Torrent(id: 9, name: "", hashString: "ab")
        expected.percentDone = 1
        expected.peersGettingFromUs = 2
        expected.isFinished = true
        #expect(torrents == [expected])
        #expect(reply.envelope["result"]?["removed"] == [4])
    }

    @Test("objects (servers before rpc-version 16) and empty lists are decoded too")
    func objectsAndEmpty() throws {
        let objects =
            #"{"arguments":{"torrents":[{"id":1,"name":"x","unknown":[1]},{"id":2,"id":3}]},"result":"success"}"#
        let reply = try Self.parse(objects)
        let decoded = try #require(reply.decoded["arguments"])
        #expect(decoded.torrents.map(\.id) == [1, 3])
        #expect(decoded.torrents == (try Self.viaTree(objects, key: "arguments")))
        #expect(decoded.elementCount == 2)
        let empty = try Self.parse(#"{"arguments":{"torrents":[]},"result":"success"}"#)
        #expect(empty.decoded["arguments"] == DecodedTorrentList(torrents: [], elementCount: 0))
        let header = try Self.parse(#"{"arguments":{"torrents":[["id"]]},"result":"success"}"#)
        #expect(header.decoded["arguments"]?.torrents == [])
        #expect(header.decoded["arguments"]?.elementCount == 1)
        #expect(header.decoded["arguments"]?.table?.header == ["id"])
        #expect(header.decoded["arguments"]?.table?.rows.isEmpty == true)
        #expect(reply.decoded["arguments"]?.table == nil, "object format has no table layout")
    }

    @Test("a table reply records its header as sent and exactly where its rows lie")
    func tableLayout() throws {
        let body = #"{"result":"success","arguments":{"torrents":[ ["id","percent_done"] , [1,0.5],[2, 1] ] }}"#
        let reply = try Self.parse(body)
        let table = try #require(reply.decoded["arguments"]?.table)
        #expect(table.header == ["id", "percent_done"])
        let bytes = Array(body.utf8)
        #expect(String(decoding: bytes[table.rows], as: UTF8.self) == "[1,0.5],[2, 1] ")
        // The rows' text, put back between brackets after the header, decodes to the same torrents.
        let rebuilt = Array(#"[["id","percent_done"],"#.utf8) + bytes[table.rows] + Array("]".utf8)
        #expect(try Torrent.decodeList(try JSONValue.parse(rebuilt)) == reply.decoded["arguments"]?.torrents)
    }

    @Test("malformed and truncated replies fail exactly as the ordinary parser fails")
    func badJSON() throws {
        let cases = [
            #"{"arguments":{"torrents":[["id"],[1,]]},"result":"success"}"#,
            #"{"arguments":{"torrents":[["id"],[1],[2"#,
            #"{"arguments":{"torrents":[["id"],[1]]},"result":"success"} x"#,
            #"{"arguments":{"torrents":[["id"],[1 2]]}}"#,
            #"{"arguments":{"torrents":[["id"],["\x"]]}}"#,
            "",
        ]
        for text in cases {
            var expected: JSONParseError?
            do { _ = try JSONValue.parse(text) } catch { expected = error }
            #expect(expected != nil, "\(text)")
            #expect(throws: try #require(expected)) { try Self.parse(text) }
        }
        #expect(throws: JSONParseError.truncated(offset: 37)) {
            try Self.parse(#"{"arguments":{"torrents":[["id"],[1],"#)
        }
    }

    @Test("content that decodeList refuses is left in the tree, so it reports the same failure")
    func decodingFailures() throws {
        let cases: [(String, String)] = [
            (#"{"arguments":{"torrents":[["id"],[1],{"id":2}]},"result":"success"}"#, "table row 2 is not an array"),
            (#"{"arguments":{"torrents":[["id",5],[1]]},"result":"success"}"#, "table header holds a non-string"),
            (#"{"arguments":{"torrents":[{"id":1},[2]]},"result":"success"}"#, "torrent 1 is not an object"),
            (#"{"arguments":{"torrents":[7]},"result":"success"}"#, "torrent 0 is not an object"),
            (#"{"arguments":{"torrents":null},"result":"success"}"#, "'torrents' is not an array"),
        ]
        for (text, message) in cases {
            let reply = try Self.parse(text)
            #expect(reply.decoded.isEmpty, "\(text)")
            let list = try #require(reply.envelope["arguments"]?["torrents"])
            #expect(list == (try JSONValue.parse(text))["arguments"]?["torrents"])
            #expect(throws: DecodingFailure(message)) { try reply.torrents(list, in: "arguments") }
        }
    }

    @Test("when a key occurs twice the last one counts, as in JSONObject lookups")
    func duplicates() throws {
        let twice = #"{"arguments":{"torrents":[["id"],[1]],"torrents":[["id"],[2],[3]]},"result":"success"}"#
        #expect(try Self.parse(twice).decoded["arguments"]?.torrents.map(\.id) == [2, 3])
        let replaced = #"{"arguments":{"torrents":[["id"],[1]]},"arguments":{"other":1},"result":"success"}"#
        #expect(try Self.parse(replaced).decoded["arguments"] == nil)
        let notList = #"{"arguments":{"torrents":[["id"],[1]],"torrents":false},"result":"success"}"#
        let reply = try Self.parse(notList)
        #expect(reply.decoded["arguments"] == nil)
        #expect(reply.envelope["arguments"]?["torrents"] == false)
    }

    @Test("details live out of line: copies share them until one is changed")
    func detailsCopyOnWrite() {
        var first = Torrent(id: 1, name: "a")
        first.comment = "one"
        var second = first
        #expect(second == first)
        second.comment = "two"
        second.files = [TorrentFile(name: "f", length: 1, bytesCompleted: 0)]
        #expect(first.comment == "one")
        #expect(first.files == nil)
        #expect(second.comment == "two")
        #expect(second != first)
        second.comment = "one"
        second.files = nil
        #expect(second == first)
    }
}
