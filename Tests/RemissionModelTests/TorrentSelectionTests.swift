import RemissionModel
import Testing

@Suite("Torrent selection")
struct TorrentSelectionTests {
    static let hash = "0123456789abcdef0123456789abcdef01234567"

    @Test(
        "parses what users type",
        arguments: [
            ("all", TorrentSelection.all),
            (" ALL ", .all),
            ("active", .recentlyActive),
            ("Active", .recentlyActive),
            ("5", .torrents([.id(5)])),
            ("1,3,5-7", .torrents([.id(1), .id(3), .id(5), .id(6), .id(7)])),
            (" 2 , 4 ", .torrents([.id(2), .id(4)])),
            ("3-3", .torrents([.id(3)])),
            ("1,2,1,2-3", .torrents([.id(1), .id(2), .id(3)])),  // duplicates removed, order kept
            (hash, .torrents([.hash(hash)])),
            (hash.uppercased(), .torrents([.hash(hash)])),  // hashes are lower-cased
            ("4,\(hash),2", .torrents([.id(4), .hash(hash), .id(2)])),
            (String(repeating: "1", count: 40), .torrents([.hash(String(repeating: "1", count: 40))])),
        ])
    func parses(text: String, expected: TorrentSelection) throws {
        #expect(try TorrentSelection.parse(text) == expected)
    }

    @Test(
        "refuses what is not a selection, saying why",
        arguments: [
            ("", TorrentSelectionError.empty),
            ("   ", .empty),
            ("7-3", .reversedRange("7-3")),
            ("1,,2", .emptyItem("1,,2")),
            ("1,", .emptyItem("1,")),
            ("abc", .notAnId("abc")),
            ("1-", .notAnId("1-")),
            ("-3", .notAnId("-3")),
            ("1-2-3", .notAnId("1-2-3")),
            ("x-3", .notAnId("x-3")),
            ("0", .zeroId("0")),
            ("0-4", .zeroId("0-4")),
            ("99999999999999999999", .notAnId("99999999999999999999")),
            ("0123456789abcdef", .invalidHash("0123456789abcdef")),
            ("1-200000", .rangeTooLarge("1-200000")),
            ("1,all", .keywordInList("all")),
            ("active,2", .keywordInList("active")),
        ])
    func refuses(text: String, expected: TorrentSelectionError) {
        #expect(throws: expected) { try TorrentSelection.parse(text) }
    }

    // Found with the selection harness (scripts/fuzz): 200 adjacent ranges, a 3.4 kB argument
    // (`1-100000,100001-200000,…`), expanded to 20 million ids: over 3 GB and two minutes before
    // `stop` could even ask the daemon. The limit on one range now bounds the whole list.
    @Test("a list names at most maximumRangeLength ids in all, duplicates counted")
    func listTooLarge() throws {
        let ranges = (0..<200).map { "\($0 * 100_000 + 1)-\(($0 + 1) * 100_000)" }.joined(separator: ",")
        #expect(throws: TorrentSelectionError.rangeTooLarge(ranges)) { try TorrentSelection.parse(ranges) }
        #expect(throws: TorrentSelectionError.rangeTooLarge("1-100000,1-100000")) {
            try TorrentSelection.parse("1-100000,1-100000")
        }
        #expect(throws: TorrentSelectionError.rangeTooLarge("5,1-100000")) { try TorrentSelection.parse("5,1-100000") }
        let halves = try TorrentSelection.parse("1-50000,50001-100000")
        #expect(halves == (try TorrentSelection.parse("1-100000")))
        guard case .torrents(let references) = halves else { throw TorrentSelectionError.empty }
        #expect(references.count == TorrentSelection.maximumRangeLength)
    }

    @Test(
        "renders the ids argument for each dialect",
        arguments: [
            (TorrentSelection.all, RPCDialect.classic, nil as JSONValue?),
            (.all, .jsonRPC, nil),
            (.recentlyActive, .classic, .string("recently-active")),
            (.recentlyActive, .jsonRPC, .string("recently_active")),
            (.torrents([.id(1), .hash(hash)]), .classic, JSONValue.array([1, .string(hash)])),
            (.torrents([.id(1), .hash(hash)]), .jsonRPC, JSONValue.array([1, .string(hash)])),
        ])
    func renders(selection: TorrentSelection, dialect: RPCDialect, expected: JSONValue?) {
        #expect(selection.idsValue(in: dialect) == expected)
    }

    @Test("description gives the selection back as text")
    func description() throws {
        #expect(try TorrentSelection.parse("1,3-4").description == "1,3,4")
        #expect(TorrentSelection.recentlyActive.description == "active")
    }
}
