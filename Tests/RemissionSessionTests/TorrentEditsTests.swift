import RemissionModel
import RemissionRPC
import RemissionSession
import Testing

@Suite("move / rename / trackers: values checked before anything is sent")
struct TorrentEditsTests {
    let trackers = [
        TorrentTracker(id: 0, announce: "http://a/announce", tier: 0),
        TorrentTracker(id: 1, announce: "http://b/announce", tier: 1),
        TorrentTracker(id: 2, announce: "http://c/announce", tier: 1),
    ]

    @Test("announce URLs: http, https, udp with a host; no spaces or line breaks")
    func trackerURLs() {
        for good in [
            "http://t.example/announce", "https://t.example:443/a?passkey=abc", "udp://10.0.0.1:6969/announce",
            "HTTP://T.EXAMPLE/announce", "http://user@t.example/", "udp://[::1]:6969",
        ] {
            #expect(TorrentEditInput.isTrackerURL(good), "\(good)")
        }
        for bad in [
            "", "t.example/announce", "ftp://t.example/", "http://", "http:///announce", "http://:80/x",
            "http://a b/announce", "http://a/announce\nhttp://b/announce", "http://a/\t", "udp://a/\u{7F}",
        ] {
            #expect(!TorrentEditInput.isTrackerURL(bad), "\(bad)")
        }
    }

    @Test("a new name is one component; a directory is absolute")
    func names() {
        for good in ["Holiday 2025", "a.txt", ".hidden", "..x", "имя"] { #expect(TorrentEditInput.isName(good)) }
        for bad in ["", ".", "..", "a/b", "/", "a\0b"] { #expect(!TorrentEditInput.isName(bad), "\(bad)") }
        #expect(TorrentEditInput.isAbsoluteDirectory("/srv/x"))
        #expect(!TorrentEditInput.isAbsoluteDirectory("srv/x"))
        #expect(!TorrentEditInput.isAbsoluteDirectory(""))
    }

    @Test("Transmission 4 (rpc-version 17+) gets one trackerList: tiers kept, each added URL a tier of its own")
    func trackerList() throws {
        let edit = TrackerEdit(
            add: ["udp://d/announce", "udp://e/announce"], remove: [0],
            replace: [TrackerReplacement(id: 2, announce: "http://c2/announce")])
        let requests = try edit.requests(for: trackers, torrent: 3, rpcVersion: 17)
        #expect(
            requests == [
                .list("http://b/announce\nhttp://c2/announce\n\nudp://d/announce\n\nudp://e/announce")
            ])
        #expect(
            try TrackerEdit(remove: [0, 1, 2]).requests(for: trackers, torrent: 3, rpcVersion: 19) == [.list("")])
    }

    @Test("before 4.0: replace, then remove, then add, each alone (a removal renumbers the trackers after it)")
    func oldFields() throws {
        let edit = TrackerEdit(
            add: ["udp://d/announce"], remove: [0], replace: [TrackerReplacement(id: 2, announce: "http://c2/x")])
        #expect(
            try edit.requests(for: trackers, torrent: 3, rpcVersion: 16) == [
                .fields(add: [], remove: [], replace: [TrackerReplacement(id: 2, announce: "http://c2/x")]),
                .fields(add: [], remove: [0], replace: []),
                .fields(add: ["udp://d/announce"], remove: [], replace: []),
            ])
        #expect(
            try TrackerEdit(add: ["udp://d/a"]).requests(for: trackers, torrent: 3, rpcVersion: 14) == [
                .fields(add: ["udp://d/a"], remove: [], replace: [])
            ])
    }

    @Test("an id the torrent lacks, a URL it has, a URL twice, an id twice: refused before sending")
    func refusals() {
        #expect(throws: Failure(.torrentEdit(.noSuchTracker(id: 9, torrent: 3, known: [0, 1, 2])))) {
            try TrackerEdit(remove: [9]).requests(for: trackers, torrent: 3, rpcVersion: 16)
        }
        #expect(throws: Failure(.torrentEdit(.noSuchTracker(id: 4, torrent: 3, known: [0, 1, 2])))) {
            try TrackerEdit(replace: [TrackerReplacement(id: 4, announce: "http://x/a")])
                .requests(for: trackers, torrent: 3, rpcVersion: 17)
        }
        #expect(throws: Failure(.torrentEdit(.trackerAlreadyPresent(announce: "http://b/announce", torrent: 3)))) {
            try TrackerEdit(add: ["http://b/announce"]).requests(for: trackers, torrent: 3, rpcVersion: 17)
        }
        #expect(throws: Failure(.torrentEdit(.trackerAlreadyPresent(announce: "udp://x/a", torrent: 3)))) {
            try TrackerEdit(add: ["udp://x/a", "udp://x/a"]).requests(for: trackers, torrent: 3, rpcVersion: 16)
        }
        // A URL whose tracker is removed (or replaced) in the same edit may come back.
        #expect(
            (try? TrackerEdit(add: ["http://a/announce"], remove: [0]).requests(
                for: trackers, torrent: 3, rpcVersion: 16)) != nil)
        #expect(TrackerEdit(remove: [1], replace: [TrackerReplacement(id: 1, announce: "http://x/")]).repeatedID == 1)
        #expect(TrackerEdit(remove: [1, 1]).repeatedID == 1)
        #expect(TrackerEdit(remove: [1, 2]).repeatedID == nil)
        #expect(Failure(.torrentEdit(.noSuchTracker(id: 9, torrent: 3, known: []))).status == .failure)
    }

    @Test("rename: the torrent's name by default; --path must be its name, a file or a folder of it")
    func renamePaths() throws {
        var torrent = Torrent(id: 3, name: "Show")
        torrent.files = [
            TorrentFile(name: "Show/s1/e1.mkv", length: 1, bytesCompleted: 0),
            TorrentFile(name: "Show/readme.txt", length: 1, bytesCompleted: 0),
        ]
        #expect(try RenamePlan.path(nil, in: torrent) == "Show")
        #expect(try RenamePlan.path("Show/s1", in: torrent) == "Show/s1")
        #expect(try RenamePlan.path("Show/s1/", in: torrent) == "Show/s1")
        #expect(try RenamePlan.path("Show/readme.txt", in: torrent) == "Show/readme.txt")
        #expect(throws: Failure(.torrentEdit(.noSuchPath(path: "Show/s", torrent: 3)))) {
            try RenamePlan.path("Show/s", in: torrent)
        }
        #expect(throws: Failure(.torrentEdit(.noSuchPath(path: "Other", torrent: 3)))) {
            try RenamePlan.path("Other", in: torrent)
        }
        torrent.files = []  // a magnet without metadata yet: the daemon decides
        #expect(try RenamePlan.path("Anything", in: torrent) == "Anything")
    }

    @Test("rename needs rpc-version 15 (Transmission 2.80): older is exit 6 and says the version")
    func renameVersion() throws {
        try RenamePlan.requireSupport(rpcVersion: 15)
        try RenamePlan.requireSupport(rpcVersion: 19)
        try RenamePlan.requireSupport(rpcVersion: nil)
        let refusal = Failure(
            .needsNewerServer(
                NewerServerNeed(feature: "remission rename", transmission: "2.80", rpcVersion: 15, found: 14)))
        #expect(throws: refusal) { try RenamePlan.requireSupport(rpcVersion: 14) }
        #expect(refusal.status == .serverRefused)
    }
}
