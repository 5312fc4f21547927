import RemissionModel
import Testing

/// A .torrent's files as Transmission numbers them, read before `add --skip/--only` sends anything;
/// a malformed or hostile file gives nil, never a trap (the real daemons' numbering:
/// `AddFileChoiceCommandTests`).
@Suite("MetainfoFiles: a .torrent's files, in the daemon's order")
struct MetainfoFilesTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let pieces = "6:pieces20:" + String(repeating: "x", count: 20)

    @Test("one file: its name; several: name/path in the metainfo's own order, path.utf-8 first")
    func paths() {
        #expect(
            MetainfoFiles.paths(
                in: Self.bytes("d4:infod6:lengthi5e4:name5:a.iso12:piece lengthi16384e\(Self.pieces)ee"))
                == ["a.iso"])
        let multi =
            "d8:announce3:x:y4:infod5:filesl"
            + "d6:lengthi1e4:pathl3:sub5:z.binee"
            + "d6:lengthi2e4:pathl5:a.nfoe10:path.utf-8l6:ä.nfoee"
            + "d4:attr1:p6:lengthi3e4:pathl4:.pad1:0ee"
            + "e4:name5:Multi10:name.utf-85:Multi12:piece lengthi16384e\(Self.pieces)ee"
        #expect(MetainfoFiles.paths(in: Self.bytes(multi)) == ["Multi/sub/z.bin", "Multi/ä.nfo", "Multi/.pad/0"])
    }

    @Test(
        "malformed, truncated or hostile metainfo gives nil",
        arguments: [
            "", "d", "de", "le", "d4:infoi1ee", "d4:infod4:name1:aee", "d4:infod4:name0:6:lengthi1eee",
            "d4:infod4:name1:a6:lengthi1eee trailing", "d4:infod4:name1:a5:filesleee",
            "d4:infod4:name1:a5:filesld6:lengthi1eeeee", "d4:infod4:name1:a5:filesld4:pathleeeee",
            "d4:infod4:name99999999999:aee", "d4:infod4:name1:a6:lengthi-eee", "d4:infod4:name1:a6:lengthieee",
            "d4:infod4:name1:a6:lengthi1", "d4:infod4:name-1:aee", "d4:infod4:name1:a5:filesli1eeee",
            "d4:infod4:name1:a5:filesld4:pathli1eeeeee",
        ])
    func malformed(text: String) {
        #expect(MetainfoFiles.paths(in: Self.bytes(text)) == nil)
    }

    @Test("nesting deeper than the limit is refused without recursing further; at the limit it is read")
    func nesting() {
        let deep = "d4:infod4:name1:a6:lengthi1e5:extra" + String(repeating: "l", count: 100_000) + "eee"
        #expect(MetainfoFiles.paths(in: Self.bytes(deep)) == nil)
        let depth = MetainfoFiles.maximumDepth - 2
        let fits =
            "d4:infod4:name1:a6:lengthi1e5:extra" + String(repeating: "l", count: depth)
            + String(repeating: "e", count: depth) + "ee"
        #expect(MetainfoFiles.paths(in: Self.bytes(fits)) == ["a"])
    }
}
