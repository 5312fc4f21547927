import RemissionTransport
import Testing

/// Whose unix socket remission sends to, as a table (`UnixSocketOwner.accepts`): the user's or root's
/// anywhere; another user's only in directories of its own that nobody else may write, up to `/`.
@Suite("unix socket owner: the rule as a table")
struct UnixSocketOwnerTests {
    typealias Directory = UnixSocketOwner.Directory
    static let me: UInt32 = 1000
    static let daemon: UInt32 = 107
    static let other: UInt32 = 1001
    static let root = Directory(owner: 0, writableByOthers: false)
    static let tmp = Directory(owner: 0, writableByOthers: true)  // 1777: the sticky bit does not count
    static let home = Directory(owner: me, writableByOthers: false)

    @Test(
        "accepted or refused",
        arguments: [
            // Mine or root's, wherever it is.
            (me, [Directory(owner: me, writableByOthers: true), tmp, root], true),
            (0, [tmp, root], true),
            // A daemon's own: /run/transmission-daemon (daemon, 0755), /run (root), / (root).
            (daemon, [Directory(owner: daemon, writableByOthers: false), root, root], true),
            // /var/lib/transmission-daemon/.config under the daemon's home.
            (
                daemon,
                [
                    Directory(owner: daemon, writableByOthers: false),
                    Directory(owner: daemon, writableByOthers: false), root,
                ], true
            ),
            // In a shared directory: someone else made it first.
            (other, [Directory(owner: me, writableByOthers: true), tmp, root], false),
            (other, [tmp, root], false),
            // Its own directory, but under /tmp: anyone could have made that directory.
            (other, [Directory(owner: other, writableByOthers: false), tmp, root], false),
            // Its own directory in mine: fine only if nobody else may write on the way.
            (other, [Directory(owner: other, writableByOthers: false), home, root], true),
            // Someone else's socket in my directory: not its directory.
            (other, [home, root], false),
            // Its directory, group-writable: its group could have made it.
            (other, [Directory(owner: other, writableByOthers: true), root], false),
            // A third user's directory on the way.
            (
                other,
                [
                    Directory(owner: other, writableByOthers: false), Directory(owner: 1002, writableByOthers: false),
                    root,
                ], false
            ),
            // No directory facts (the path could not be resolved).
            (other, [], false),
        ] as [(UInt32, [Directory], Bool)])
    func rule(owner: UInt32, directories: [Directory], accepted: Bool) {
        #expect(UnixSocketOwner.accepts(owner: owner, me: Self.me, directories: directories) == accepted)
    }
}
