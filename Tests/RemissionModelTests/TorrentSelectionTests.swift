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
