import RemissionModel
import RemissionRPC
import Testing

@Suite("torrent-set of trackers, set-location, rename-path and queue: arguments in both dialects")
struct TrackerChangesTests {
    @Test("old fields: trackerAdd, trackerRemove, trackerReplace as a flat id, URL list; JSON-RPC snake_case")
    func oldFields() {
        let changes = TrackerChanges.fields(
            add: ["udp://a/x"], remove: [2, 3],
            replace: [
                TrackerReplacement(id: 0, announce: "http://b/y"), TrackerReplacement(id: 1, announce: "http://c"),
            ])
        let classic = changes.arguments(in: .classic)
        #expect(classic["trackerAdd"] == .array([.string("udp://a/x")]))
        #expect(classic["trackerRemove"] == .array([.int(2), .int(3)]))
        #expect(classic["trackerReplace"] == .array([.int(0), .string("http://b/y"), .int(1), .string("http://c")]))
        let modern = changes.arguments(in: .jsonRPC)
        #expect(modern["tracker_add"] != nil && modern["tracker_remove"] != nil && modern["tracker_replace"] != nil)
        #expect(TrackerChanges.fields(add: [], remove: [1], replace: []).arguments(in: .classic).count == 1)
    }

    @Test("trackerList is one string; tracker_list in JSON-RPC")
    func list() {
        #expect(TrackerChanges.list("a\n\nb").arguments(in: .classic)["trackerList"] == .string("a\n\nb"))
        #expect(TrackerChanges.list("").arguments(in: .jsonRPC)["tracker_list"] == .string(""))
    }

    @Test("queue directions name the four methods; none of them is resent")
    func queueMethods() {
        #expect(
            QueueDirection.allCases.map(\.method.classicName) == [
                "queue-move-top", "queue-move-up", "queue-move-down", "queue-move-bottom",
            ])
        #expect(QueueDirection.allCases.allSatisfy { !$0.method.isIdempotent })
        #expect(!RPCMethod.torrentSetLocation.isIdempotent && !RPCMethod.torrentRenamePath.isIdempotent)
        #expect(RPCMethod.torrentRenamePath.name(in: .jsonRPC) == "torrent_rename_path")
    }
}
