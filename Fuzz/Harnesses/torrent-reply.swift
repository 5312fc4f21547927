import RemissionModel

/// The `torrent-get` reply decoder (`TorrentReply`), which reads table rows straight from the bytes.
/// Properties: it accepts exactly what `JSONValue.parse` accepts (same error otherwise); for each
/// payload key the torrents the RPC client reads (`torrents(_:in:)`) are those `Torrent.decodeList`
/// gives from the tree (or the same failure); a table's recorded header and row bytes decode, put back
/// together as the snapshot stores them, to the same torrents.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = bytes(start, count)
    let tree: Result<JSONValue, JSONParseError> = Result { () throws(JSONParseError) in try JSONValue.parse(input) }
    let fast: Result<TorrentReply, JSONParseError> = Result { () throws(JSONParseError) in
        try TorrentReply.parse(input)
    }
    let reply: TorrentReply
    let value: JSONValue
    switch (fast, tree) {
    case (.failure(let fastError), .failure(let treeError)):
        check(fastError == treeError, "errors differ: \(fastError) vs \(treeError)")
        return 0
    case (.success(let decoded), .success(let parsed)):
        reply = decoded
        value = parsed
    default:
        check(false, "one parser accepts what the other refuses: fast \(fast), tree \(tree)")
        return 0
    }
    _ = reply.shape

    for key in ["arguments", "result"] {
        let list = reply.envelope[key]?["torrents"]
        check((list == nil) == (value[key]?["torrents"] == nil), "'\(key).torrents' present in one only")
        guard let list, let treeList = value[key]?["torrents"] else {
            check(reply.decoded[key] == nil, "decoded '\(key)' without a torrents member")
            continue
        }
        let viaReply = Result { () throws(DecodingFailure) in try reply.torrents(list, in: key) }
        let viaTree = Result { () throws(DecodingFailure) in try Torrent.decodeList(treeList) }
        check(viaReply == viaTree, "'\(key)': the decoder and the tree disagree")
        guard let decoded = reply.decoded[key] else { continue }
        check(decoded.elementCount == treeList.array?.count, "'\(key)': element count \(decoded.elementCount)")
        if let table = decoded.table {
            check(table.rows.lowerBound >= 0 && table.rows.upperBound <= input.count, "rows out of the reply")
            check(
                treeList[0] == JSONValue(table.header),
                "'\(key)': header \(table.header) is not the tree's \(String(describing: treeList[0]))")
            var rebuilt = Array("[".utf8) + JSONValue(table.header).serialized()
            if !table.rows.isEmpty { rebuilt += Array(",".utf8) + input[table.rows] }
            rebuilt += Array("]".utf8)
            let again = try? Torrent.decodeList(try JSONValue.parse(rebuilt))
            check(again == decoded.torrents, "'\(key)': the stored rows do not decode to the same torrents")
        }
    }
    return 0
}
