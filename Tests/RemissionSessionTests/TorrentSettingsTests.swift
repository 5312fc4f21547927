import RemissionModel
import RemissionRPC
import RemissionSession
import Testing

@Suite("remission set: values read, labels edited, torrent-set planned")
struct TorrentSettingsTests {
    @Test("speeds: whole kB/s from 1 to 4,000,000, or off (any case)")
    func speeds() throws {
        #expect(try TorrentSettingsInput.speed("500", option: "--down-limit") == .limited(kBps: 500))
        #expect(try TorrentSettingsInput.speed("OFF", option: "--down-limit") == .unlimited)
        #expect(try TorrentSettingsInput.speed("4000000", option: "--up-limit") == .limited(kBps: 4_000_000))
        for bad in ["0", "-5", "+5", "1.5", " 5", "5k", "", "4000001", "99999999999999999999", "٥"] {
            #expect(throws: SettingInputError.speed(option: "--up-limit", bad)) {
                try TorrentSettingsInput.speed(bad, option: "--up-limit")
            }
        }
    }

    @Test("on|off, low|normal|high")
    func words() throws {
        #expect(try TorrentSettingsInput.onOff("On", option: "--sequential") == true)
        #expect(try TorrentSettingsInput.onOff("off", option: "--sequential") == false)
        #expect(throws: SettingInputError.onOff(option: "--honor-session", "yes")) {
            try TorrentSettingsInput.onOff("yes", option: "--honor-session")
        }
        #expect(try TorrentSettingsInput.priority("HIGH") == .high)
        #expect(try TorrentSettingsInput.priority("low") == .low)
        #expect(throws: SettingInputError.priority("1")) { try TorrentSettingsInput.priority("1") }
    }

    @Test("seed ratio: a dotted decimal from 0 to 10000, global, unlimited")
    func ratio() throws {
        #expect(try TorrentSettingsInput.ratio("1.5") == .limit(1.5))
        #expect(try TorrentSettingsInput.ratio("2") == .limit(2))
        #expect(try TorrentSettingsInput.ratio("0") == .limit(0))
        #expect(try TorrentSettingsInput.ratio("Global") == .global)
        #expect(try TorrentSettingsInput.ratio("unlimited") == .unlimited)
        for bad in ["1,5", "-1", ".5", "5.", "1e3", "nan", "inf", "10000.5", "", "1.2.3", "0x10"] {
            #expect(throws: SettingInputError.ratio(bad)) { try TorrentSettingsInput.ratio(bad) }
        }
    }

    @Test("seed idle: 1 to 65535 minutes, global, unlimited; peer limit 1 to 65535")
    func minutesAndPeers() throws {
        #expect(try TorrentSettingsInput.idleMinutes("30") == .limit(30))
        #expect(try TorrentSettingsInput.idleMinutes("GLOBAL") == .global)
        #expect(try TorrentSettingsInput.idleMinutes("unlimited") == .unlimited)
        for bad in ["0", "65536", "1.5", "-3", "x"] {
            #expect(throws: SettingInputError.idleMinutes(bad)) { try TorrentSettingsInput.idleMinutes(bad) }
        }
        #expect(try TorrentSettingsInput.peerLimit("65535") == 65535)
        for bad in ["0", "65536", "many"] {
            #expect(throws: SettingInputError.peerLimit(bad)) { try TorrentSettingsInput.peerLimit(bad) }
        }
    }

    @Test("group: a name, or none for \"\"; an empty name is refused")
    func group() throws {
        #expect(try TorrentSettingsInput.group("slow") == "slow")
        #expect(try TorrentSettingsInput.group("None") == "")
        #expect(throws: SettingInputError.emptyGroup) { try TorrentSettingsInput.group("") }
    }

    @Test("label values are comma lists: spaces dropped, each label once, a value without a label refused")
    func labelLists() throws {
        #expect(try TorrentSettingsInput.labelList(["a,b"]) == ["a", "b"])
        #expect(try TorrentSettingsInput.labelList(["a, b ", "c", "b"]) == ["a", "b", "c"])
        #expect(try TorrentSettingsInput.labelList(["a,,b,"]) == ["a", "b"])
        #expect(try TorrentSettingsInput.labelList(["linux iso"]) == ["linux iso"])
        #expect(try TorrentSettingsInput.labelList([]) == [])
        for empty in ["", ",", " , "] {
            #expect(throws: SettingInputError.label(empty)) { try TorrentSettingsInput.labelList(["a", empty]) }
        }
        #expect(
            try TorrentSettingsInput.labels(replace: ["a,b"], clear: false, add: [], remove: [])
                == .replace(["a", "b"]))
        #expect(
            try TorrentSettingsInput.labels(replace: [], clear: false, add: ["x,y"], remove: ["z, w"])
                == .edit(add: ["x", "y"], remove: ["z", "w"]))
    }

    @Test("label options: replace, clear, edit; empties and mixtures refused")
    func labelOptions() throws {
        #expect(try TorrentSettingsInput.labels(replace: ["a"], clear: false, add: [], remove: []) == .replace(["a"]))
        #expect(try TorrentSettingsInput.labels(replace: [], clear: true, add: [], remove: []) == .replace([]))
        #expect(
            try TorrentSettingsInput.labels(replace: [], clear: false, add: ["a"], remove: ["b"])
                == .edit(add: ["a"], remove: ["b"]))
        #expect(try TorrentSettingsInput.labels(replace: [], clear: false, add: [], remove: []) == nil)
        #expect(throws: SettingInputError.label("")) {
            try TorrentSettingsInput.labels(replace: [""], clear: false, add: [], remove: [])
        }
        for (replace, clear, add) in [(["a"], true, [String]()), (["a"], false, ["b"]), ([], true, ["b"])] {
            #expect(throws: SettingInputError.labelOptionsTogether) {
                try TorrentSettingsInput.labels(replace: replace, clear: clear, add: add, remove: [])
            }
        }
    }

    @Test("labels after a change: order kept, each once")
    func labelsApplied() {
        #expect(LabelChange.replace(["b", "a", "b"]).applied(to: ["x"]) == ["b", "a"])
        #expect(LabelChange.edit(add: ["z", "y"], remove: ["x"]).applied(to: ["x", "y"]) == ["y", "z"])
        #expect(LabelChange.edit(add: [], remove: ["gone"]).applied(to: []) == [])
    }

    @Test("torrent-set fields: limits with their switches, seeding modes 0/1/2, group none as \"\"")
    func changes() {
        var request = TorrentSettingsRequest()
        request.downloadLimit = .limited(kBps: 100)
        request.uploadLimit = .unlimited
        request.seedRatio = .limit(1.5)
        request.seedIdle = .global
        request.group = ""
        request.sequentialDownload = true
        let changes = request.changes(currentLabels: [])
        #expect(changes.downloadLimit == 100 && changes.downloadLimited == true)
        #expect(changes.uploadLimit == nil && changes.uploadLimited == false)
        #expect(changes.seedRatioLimit == 1.5 && changes.seedRatioMode == 1)
        #expect(changes.seedIdleLimit == nil && changes.seedIdleMode == 0)
        #expect(changes.labels == nil)
        let json = changes.arguments(in: .jsonRPC)
        #expect(json["sequential_download"] == .bool(true))
        #expect(json["group"] == .string(""))
        #expect(json["download_limited"] == .bool(true))
        #expect(changes.arguments(in: .classic)["downloadLimited"] == .bool(true))
        #expect(request.settings == [.downloadLimit, .uploadLimit, .seedRatio, .seedIdle, .sequentialDownload, .group])
    }

    @Test("versions: labels need rpc-version 16, group 17, sequential 18")
    func versions() {
        var request = TorrentSettingsRequest()
        request.peerLimit = 5
        #expect(request.unsupported(rpcVersion: 14) == nil)
        request.labels = .replace(["a"])
        #expect(request.unsupported(rpcVersion: 15) == .labels)
        request.sequentialDownload = true
        request.group = "g"
        #expect(request.unsupported(rpcVersion: 16) == .sequentialDownload)
        #expect(request.unsupported(rpcVersion: 17) == .sequentialDownload)
        #expect(request.unsupported(rpcVersion: 19) == nil)
        request.sequentialDownload = nil
        #expect(request.unsupported(rpcVersion: 16) == .group)
        #expect(!TorrentSetting.fields(rpcVersion: 16).contains(.group))
        #expect(TorrentSetting.fields(rpcVersion: 18).contains(.sequentialDownload))
    }

    @Test("one torrent-set for all unless labels are edited: then one per resulting list")
    func plan() {
        func torrent(_ id: Int, _ labels: [String]) -> Torrent {
            var torrent = Torrent()
            torrent.id = id
            torrent.labels = labels
            return torrent
        }
        let torrents = [torrent(1, ["a"]), torrent(2, []), torrent(3, ["a"])]
        var request = TorrentSettingsRequest()
        request.peerLimit = 9
        #expect(request.plan(for: torrents).map(\.ids) == [[1, 2, 3]])
        request.labels = .edit(add: ["b"], remove: [])
        let plan = request.plan(for: torrents)
        #expect(plan.map(\.ids) == [[1, 3], [2]])
        #expect(plan.map(\.changes.labels) == [["a", "b"], ["b"]])
        #expect(plan.allSatisfy { $0.changes.peerLimit == 9 })
    }
}
