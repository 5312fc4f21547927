import RemissionModel

/// `TorrentSelection.parse`, the IDS argument (`1,3,5-7`, `all`, `active`, info hashes). Properties:
/// what it accepts prints (`description`) as text that parses back to the same selection; ids are
/// positive and unique, at most `maximumRangeLength` of them; hashes are 40 lower-case hex digits;
/// the `ids` value is built for both dialects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let selection = try? TorrentSelection.parse(text(start, count)) else { return 0 }
    let again = try? TorrentSelection.parse(selection.description)
    check(again == selection, "'\(selection)' parses to \(String(describing: again))")
    if case .torrents(let references) = selection {
        check(!references.isEmpty, "an empty list was accepted")
        check(references.count <= TorrentSelection.maximumRangeLength, "\(references.count) ids")
        check(Set(references).count == references.count, "duplicates in \(selection)")
        for reference in references {
            switch reference {
            case .id(let id): check(id > 0, "id \(id)")
            case .hash(let hash):
                check(hash.utf8.count == 40 && hash.utf8.allSatisfy { "0123456789abcdef".utf8.contains($0) }, hash)
            }
        }
    }
    for dialect in RPCDialect.allCases { _ = selection.idsValue(in: dialect) }
    return 0
}
