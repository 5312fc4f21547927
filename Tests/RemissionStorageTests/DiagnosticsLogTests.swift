import Foundation
import TestSupport
import Testing

@testable import RemissionStorage

@Suite("Diagnostics log")
struct DiagnosticsLogTests {
    static func record(_ index: Int, server: String = "nas", exitCode: Int32 = 0) -> DiagnosticsRecord {
        DiagnosticsRecord(
            time: 1_800_000_000 + Int64(index), command: "check", server: server, exitCode: exitCode,
            failedStep: exitCode == 0 ? nil : "tcp", failureClass: exitCode == 0 ? nil : "refused",
            steps: [.init(name: "dns", milliseconds: 0.5), .init(name: "total", milliseconds: 12.5)],
            version: exitCode == 0 ? "4.1.3 (abc)" : nil, rpcVersion: exitCode == 0 ? 18 : nil,
            dialect: exitCode == 0 ? "jsonrpc" : nil)
    }

    static func log(_ directory: TemporaryDirectory, maximumFileBytes: Int = 1_000_000) -> DiagnosticsLog {
        DiagnosticsLog(
            paths: StoragePaths(config: directory.path, cache: directory.path, state: directory.path + "/state"),
            maximumFileBytes: maximumFileBytes)
    }

    @Test("appends one line a record and reads them back; directory 0700, file 0600")
    func roundTrip() throws {
        let directory = TemporaryDirectory()
        let log = Self.log(directory)
        let records = [Self.record(1), Self.record(2, exitCode: 3)]
        for record in records { try log.append(record) }
        let read = try log.read()
        #expect(read.records == records)
        #expect(read.records[1].failureClass == "refused" && read.records[1].failedStep == "tcp")
        #expect(read.records[0].version == "4.1.3 (abc)" && read.records[0].dialect == "jsonrpc")
        #expect(read.skipped == 0)
        let text = try String(contentsOfFile: log.path, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 2 && text.hasSuffix("\n"))
        #expect(permissions(of: log.path) == 0o600)
        #expect(permissions(of: directory.path + "/state") == 0o700)
    }

    @Test("rotation keeps the size bound: the file never passes the limit, one previous file is kept")
    func rotation() throws {
        let directory = TemporaryDirectory()
        let limit = 8192
        let log = Self.log(directory, maximumFileBytes: limit)
        for index in 0..<500 {
            try log.append(Self.record(index))
            #expect(fileSize(log.path) <= limit)
        }
        #expect(fileSize(log.previousPath) <= limit)
        #expect(fileSize(log.previousPath) > limit / 2)
        #expect(!FileManager.default.fileExists(atPath: log.path + ".2"))
        let read = try log.read()
        #expect(read.skipped == 0)
        #expect(read.records.last == Self.record(499))
        #expect(read.records.map(\.time) == read.records.map(\.time).sorted())
        #expect(read.records.count < 100)
    }

    @Test("damaged, hostile and huge lines are skipped and counted; the rest is read")
    func hostileLines() throws {
        let directory = TemporaryDirectory()
        let log = Self.log(directory)
        try log.append(Self.record(1))
        var junk = Data()
        junk.append(Data("not json\n".utf8))
        junk.append(Data("{\"time\":\"x\"}\n".utf8))
        junk.append(Data([0xFF, 0xFE, 0x00, 0x1B, 0x0A]))
        junk.append(Data(("[" + String(repeating: "[", count: 100_000) + "\n").utf8))  // deep and too long
        junk.append(Data(("{\"time\":1,\"command\":\"" + String(repeating: "a", count: 10_000) + "\"}\n").utf8))
        let handle = try #require(FileHandle(forWritingAtPath: log.path))
        handle.seekToEndOfFile()
        handle.write(junk)
        try handle.close()
        try log.append(Self.record(2))
        let read = try log.read()
        #expect(read.records == [Self.record(1), Self.record(2)])
        #expect(read.skipped == 5)
    }

    @Test("a file grown far past the bound is read from its tail only")
    func hugeFile() throws {
        let directory = TemporaryDirectory()
        let log = Self.log(directory, maximumFileBytes: 16 << 10)
        try FileManager.default.createDirectory(atPath: directory.path + "/state", withIntermediateDirectories: true)
        let line = String(decoding: Self.record(7).jsonValue.serialized(), as: UTF8.self) + "\n"
        try String(repeating: line, count: 20_000).write(toFile: log.path, atomically: false, encoding: .utf8)
        let read = try log.read()
        #expect(read.skipped == 0)
        #expect(read.records.count <= (16 << 10 + 4096) / line.utf8.count + 1)
    }

    @Test("clear removes both files")
    func clear() throws {
        let directory = TemporaryDirectory()
        let log = Self.log(directory, maximumFileBytes: 4096)
        for index in 0..<100 { try log.append(Self.record(index)) }
        #expect(FileManager.default.fileExists(atPath: log.previousPath))
        try log.clear()
        #expect(try log.read().records.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: log.path))
        #expect(!FileManager.default.fileExists(atPath: log.previousPath))
        try log.clear()  // an empty log clears again
    }

    @Test("never writes through a symbolic link or into a FIFO")
    func notRegularFile() throws {
        let directory = TemporaryDirectory()
        let log = Self.log(directory)
        try FileManager.default.createDirectory(atPath: directory.path + "/state", withIntermediateDirectories: true)
        let target = directory.path + "/elsewhere"
        _ = FileManager.default.createFile(atPath: target, contents: Data())
        try FileManager.default.createSymbolicLink(atPath: log.path, withDestinationPath: target)
        #expect(throws: StorageError.self) { try log.append(Self.record(1)) }
        #expect(fileSize(target) == 0)
        try FileManager.default.removeItem(atPath: log.path)
        #expect(mkfifo(log.path, 0o600) == 0)
        #expect(throws: StorageError.self) { try log.append(Self.record(1)) }
        #expect(throws: StorageError.self) { try log.read() }
    }

    @Test("concurrent writers (threads, with rotations) interleave whole lines only")
    func concurrentWriters() throws {
        let directory = TemporaryDirectory()
        let log = Self.log(directory, maximumFileBytes: 256 << 10)  // ~460 kB in all: one rotation
        let threads = 8
        let each = 250
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<each { try? log.append(Self.record(thread * 10_000 + index, server: "server-\(thread)")) }
        }
        let read = try log.read()
        #expect(FileManager.default.fileExists(atPath: log.previousPath))
        #expect(read.skipped == 0)
        #expect(read.records.count == threads * each)
        for thread in 0..<threads {
            let mine = read.records.filter { $0.server == "server-\(thread)" }.map(\.time)
            #expect(mine == mine.sorted() && mine.count == each)
        }
    }

    @Test("long texts are cut so a record stays one bounded line")
    func boundedRecord() throws {
        let directory = TemporaryDirectory()
        let log = Self.log(directory)
        var record = Self.record(1)
        record.server = String(repeating: "я", count: 5000)
        record.version = String(repeating: "\u{1B}", count: 5000)
        record.steps = Array(repeating: .init(name: "dns", milliseconds: 1), count: 100)
        try log.append(record)
        let read = try log.read()
        let back = try #require(read.records.first)
        #expect(back.server.utf8.count <= DiagnosticsRecord.maximumTextBytes)
        #expect(back.steps.count == DiagnosticsRecord.maximumSteps)
        #expect(fileSize(log.path) < DiagnosticsLog.maximumLineBytes)
    }

    @Test("recent failures: one server's exit codes since a time, found without parsing records")
    func recentFailures() throws {
        let directory = TemporaryDirectory()
        let log = Self.log(directory)
        let now: Int64 = 1_800_000_000
        func record(_ age: Int64, _ server: String, _ code: Int32) -> DiagnosticsRecord {
            DiagnosticsRecord(time: now - age, command: "check", server: server, exitCode: code)
        }
        for item in [
            record(7200, "nas", 3), record(600, "nas", 3), record(500, "nas", 0), record(400, "nas2", 3),
            record(300, "n\"as", 4), record(200, "nas", 5), record(100, "nas", 3),
        ] { try log.append(item) }
        let handle = try #require(FileHandle(forWritingAtPath: log.path))
        handle.seekToEndOfFile()
        // A line holding a failure twice counts once (found by the diagnostics fuzz harness).
        let twice = #"{"time":1800000000,"server":"nas","outcome":"failed","exitCode":3,"#
        handle.write(Data((twice + #""x":""# + twice + "\"}\n").utf8))
        handle.write(
            Data("{\"time\":x,\"server\":\"nas\",\"outcome\":\"failed\",\"exitCode\":3}\n\u{1B}garbage\n".utf8))
        try handle.close()
        #expect(log.recentFailures(server: "nas", since: now - 3600) == [3, 5, 3, 3])
        #expect(log.recentFailures(server: "nas", since: now - 86_400) == [3, 3, 5, 3, 3])
        #expect(log.recentFailures(server: "n\"as", since: now - 3600) == [4])
        #expect(log.recentFailures(server: "nas2", since: now - 3600) == [3])
        #expect(log.recentFailures(server: "box", since: now - 3600) == [])
    }

}

private func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}
