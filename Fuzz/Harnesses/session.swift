import RemissionModel

/// Session and stats decoding (`SessionInfo`, `SessionStats`) and single torrent objects, from any
/// JSON a server can send: the payload as the RPC client finds it (`arguments` or `result`) and the
/// top level, and the objects and arrays it holds. Decoding is total (a value of the wrong type leaves
/// the default); property: it does not trap, and it is deterministic.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let value = try? JSONValue.parse(bytes(start, count)) else { return 0 }
    for payload in [value, value["arguments"], value["result"]] {
        guard let object = payload?.object else { continue }
        let info = SessionInfo(json: object)
        check(info == SessionInfo(json: object), "SessionInfo decoding is not deterministic")
        _ = SessionStats(json: object)
        _ = Torrent(json: object)
        for (_, member) in object {
            if let nested = member.object {
                _ = SessionStats.Totals(json: nested)
                _ = Torrent(json: nested)
            }
            if let items = member.array { _ = try? Torrent.decodeList(.array(items)) }
        }
    }
    return 0
}
