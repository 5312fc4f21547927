import Glibc
import TestSupport
import Testing

@testable import RemissionStorage

@Suite("AtomicFile")
struct AtomicFileTests {
    @Test("writes the bytes with mode 0600 and leaves no temporary file")
    func writes() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("servers.json")
        try AtomicFile.write(Array("hello\n".utf8), to: path)
        #expect(readText(path) == "hello\n")
        #expect(permissions(of: path) == 0o600)
        #expect(directoryEntries(directory.path) == ["servers.json"])
    }

    @Test("replaces an existing file, tightening its mode to 0600")
    func replaces() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("trust.json")
        writeRaw("old content that is longer than the new one", to: path, permissions: 0o644)
        try AtomicFile.write(Array("new".utf8), to: path)
        #expect(readText(path) == "new")
        #expect(permissions(of: path) == 0o600)
        #expect(directoryEntries(directory.path) == ["trust.json"])
    }

    @Test("a symlinked file keeps its link; the target is replaced in its own directory")
    func symlink() throws {
        let directory = TemporaryDirectory()
        let dotfiles = directory.file("dotfiles")
        mkdir(dotfiles, 0o700)
        writeRaw("old", to: dotfiles + "/servers.json", permissions: 0o600)
        mkdir(directory.file("config"), 0o700)
        let link = directory.file("config/servers.json")
        #expect(Glibc.symlink("../dotfiles/servers.json", link) == 0)
        try AtomicFile.write(Array("new".utf8), to: link)
        var info = stat()
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, "the link was replaced")
        #expect(readText(dotfiles + "/servers.json") == "new")
        #expect(readText(link) == "new")
        #expect(directoryEntries(directory.file("config")) == ["servers.json"])
        #expect(directoryEntries(dotfiles) == ["servers.json"])
    }

    @Test("a link to a link is followed to the end; a loop is an error, not a hang")
    func symlinkChain() throws {
        let directory = TemporaryDirectory()
        #expect(Glibc.symlink(directory.file("b"), directory.file("a")) == 0)
        #expect(Glibc.symlink("c", directory.file("b")) == 0)
        try AtomicFile.write(Array("x".utf8), to: directory.file("a"))
        #expect(readText(directory.file("c")) == "x")
        #expect(Glibc.symlink(directory.file("loop2"), directory.file("loop1")) == 0)
        #expect(Glibc.symlink(directory.file("loop1"), directory.file("loop2")) == 0)
        #expect(throws: StorageError.self) { try AtomicFile.write([1], to: directory.file("loop1")) }
    }

    @Test("creates missing parent directories with mode 0700")
    func createsDirectories() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("config/remission/trust.json")
        try AtomicFile.write([1, 2, 3], to: path)
        #expect(readRaw(path) == [1, 2, 3])
        #expect(permissions(of: directory.file("config")) == 0o700)
        #expect(permissions(of: directory.file("config/remission")) == 0o700)
    }

    @Test("an empty write gives an empty file")
    func empty() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("empty")
        try AtomicFile.write([], to: path)
        #expect(readRaw(path) == [])
    }

    @Test("reading a missing file gives nil, reading a file gives its bytes")
    func reads() throws {
        let directory = TemporaryDirectory()
        #expect(try AtomicFile.read(directory.file("missing")) == nil)
        let large = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
        try AtomicFile.write(large, to: directory.file("large"))
        #expect(try AtomicFile.read(directory.file("large")) == large)
    }

    @Test("a parent that is a file is reported with its path, and nothing is written")
    func parentIsAFile() {
        let directory = TemporaryDirectory()
        writeRaw("x", to: directory.file("plain"))
        let target = directory.file("plain/trust.json")
        #expect(throws: StorageError.io(path: directory.file("plain"), operation: "mkdir", errno: ENOTDIR)) {
            try AtomicFile.write([1], to: target)
        }
        #expect(readText(directory.file("plain")) == "x")
    }

    @Test(
        "with either durability: replaced whole, mode 0600, no temporary file left, a link kept",
        arguments: [AtomicFile.Durability.durable, .cache])
    func durability(_ durability: AtomicFile.Durability) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("cache/snapshots/box.json")
        try AtomicFile.write(Array("a longer first version".utf8), to: path, durability: durability)
        chmod(path, 0o644)
        try AtomicFile.write(parts: [Array("sec".utf8)[...], Array("ond".utf8)[...]], to: path, durability: durability)
        #expect(readText(path) == "second")
        #expect(permissions(of: path) == 0o600)
        #expect(permissions(of: directory.file("cache/snapshots")) == 0o700)
        #expect(directoryEntries(directory.file("cache/snapshots")) == ["box.json"])

        let link = directory.file("cache/snapshots/link.json")
        #expect(Glibc.symlink("box.json", link) == 0)
        try AtomicFile.write(Array("third".utf8), to: link, durability: durability)
        var info = stat()
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, "the link was replaced")
        #expect(readText(path) == "third")
    }

    @Test("a cache write that cannot be put in place leaves what was there and no temporary file")
    func cacheWriteFails() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("box.json")
        mkdir(path, 0o700)  // a directory where the file should go: the rename fails
        writeRaw("kept", to: path + "/inside")
        #expect(throws: StorageError.self) { try AtomicFile.write(Array("new".utf8), to: path, durability: .cache) }
        #expect(readText(path + "/inside") == "kept")
        #expect(directoryEntries(directory.path) == ["box.json"])
    }

    @Test(
        "path helpers",
        arguments: [
            ("/a/b/c.json", "/a/b", "c.json"),
            ("/c.json", "/", "c.json"),
            ("c.json", ".", "c.json"),
            ("/a/b/", "/a", "b"),
        ])
    func pathHelpers(path: String, parent: String, name: String) {
        #expect(parentDirectory(of: path) == parent)
        #expect(fileName(of: path) == name)
    }
}
