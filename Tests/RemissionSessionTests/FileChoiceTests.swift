import RemissionModel
import RemissionSession
import Testing

/// `add --skip/--only`: values read, files chosen by index or name, and the plan per source.
@Suite("add --skip/--only: the files chosen")
struct FileChoiceTests {
    static let paths = ["Show/S01E01.mkv", "Show/S01E02.mkv", "Show/Sample/s.mkv", "Show/info.nfo", "Show/cover.jpg"]

    @Test("values: indexes, ranges and all are indexes, anything else a name; --skip with --only refused")
    func parse() throws {
        #expect(try FileChoice.parse(skip: [], only: []) == nil)
        #expect(
            try FileChoice.parse(skip: ["0,2-3", "*.nfo"], only: [])
                == FileChoice(mode: .skip, selectors: [.indexes(.some([0, 2, 3])), .pattern("*.nfo")]))
        #expect(try FileChoice.parse(skip: [], only: ["all"]) == FileChoice(mode: .only, selectors: [.indexes(.all)]))
        #expect(throws: AddFileChoiceProblem.skipAndOnly) { try FileChoice.parse(skip: ["0"], only: ["1"]) }
        #expect(throws: AddFileChoiceProblem.reversedRange("5-2")) { try FileChoice.parse(skip: ["5-2"], only: []) }
        #expect(throws: AddFileChoiceProblem.emptyName) { try FileChoice.parse(skip: [""], only: []) }
    }

    @Test(
        "the files left out: --skip's, or all but --only's; names match the path, without the torrent's name, or the last part",
        arguments: [
            (["0,3"], [String](), [0, 3]), (["*.nfo", "1"], [], [1, 3]), (["Sample/*"], [], [2]),
            (["Show/Sample/*"], [], [2]), (["*.mkv"], [], [0, 1, 2]), (["all"], [], [0, 1, 2, 3, 4]),
            ([], ["0-1"], [2, 3, 4]), ([], ["*.mkv", "4"], [3]), ([], ["all"], []),
            // A pattern's * does not cross a /: Sample's file is not at the top.
            (["S01*"], [], [0, 1]),
        ])
    func unwanted(skip: [String], only: [String], expected: [Int]) throws {
        let choice = try #require(try FileChoice.parse(skip: skip, only: only))
        #expect(try choice.unwanted(in: Self.paths) == expected)
    }

    @Test("an index out of range or a name that matches nothing chooses nothing")
    func nothingChosen() throws {
        #expect(throws: AddFileChoiceProblem.outOfRange([5, 9], count: 5)) {
            try FileChoice.parse(skip: ["0,5,9"], only: [])?.unwanted(in: Self.paths)
        }
        #expect(throws: AddFileChoiceProblem.noMatch("*.srt", count: 5)) {
            try FileChoice.parse(skip: [], only: ["*.srt"])?.unwanted(in: Self.paths)
        }
    }

    @Test("the plan: a .torrent's files chosen before sending; a URL after adding; a paused magnet refused")
    func plan() throws {
        let choice = try #require(try FileChoice.parse(skip: ["1"], only: []))
        let metainfo = Array(
            ("d4:infod5:filesld6:lengthi1e4:pathl1:bee" + "d6:lengthi1e4:pathl1:aeee"
                + "4:name1:T12:piece lengthi16384e6:pieces20:" + String(repeating: "x", count: 20) + "ee").utf8)
        #expect(
            try AddFileChoice.plan(choice, for: .metainfo(metainfo), paused: false)
                == .known(ChosenFiles(unwanted: [1], count: 2)))
        #expect(throws: AddFileChoiceProblem.outOfRange([5], count: 2)) {
            try AddFileChoice.plan(
                try #require(try FileChoice.parse(skip: ["5"], only: [])), for: .metainfo(metainfo), paused: true)
        }
        #expect(
            try AddFileChoice.plan(choice, for: .metainfo(Array("d4:infoi1ee".utf8)), paused: false) == .afterAdding)
        #expect(try AddFileChoice.plan(choice, for: .filename("https://x/t.torrent"), paused: true) == .afterAdding)
        #expect(try AddFileChoice.plan(choice, for: .filename("magnet:?xt=urn:btih:ab"), paused: false) == .magnet)
        #expect(throws: AddFileChoiceProblem.pausedMagnet) {
            try AddFileChoice.plan(choice, for: .filename("MAGNET:?xt=urn:btih:ab"), paused: true)
        }
    }
}
