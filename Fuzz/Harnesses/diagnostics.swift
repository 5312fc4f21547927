import RemissionModel
import RemissionViews

@testable import RemissionStorage

#if canImport(Glibc)
    import Glibc
#endif

/// The diagnostics log as `remission log` and `check`'s pointer read it: the input is the file.
/// Properties: reading never traps and counts every non-empty line as a record or a skip; a record
/// read, written as remission writes it and read again, is the same after one round (texts are cut
/// and milliseconds rounded once); the pointer's scan finds no more failures than lines; `remission
/// log`'s text (LogText.lines, both zones) is written for what was read without a trap, one line a
/// record or two when wrapped, also with a record's time set to any Int64 (the first 8 bytes), past
/// the clamp a record read back gets.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = bytes(start, count)
    let (records, skipped) = DiagnosticsLog.records(in: input, startsMidLine: false)
    let lines = input.split(separator: UInt8(ascii: "\n")).count
    check(records.count + skipped == lines, "\(records.count) records + \(skipped) skipped != \(lines) lines")
    for record in records {
        guard let once = DiagnosticsRecord(json: record.jsonValue) else {
            check(false, "a record as written does not read back: \(record)")
            continue
        }
        let twice = DiagnosticsRecord(json: try! JSONValue.parse(once.jsonValue.serialized()))
        check(twice == once, "a record differs after writing and reading: \(once) vs \(String(describing: twice))")
    }
    render(records, input)
    writeScratch(input, to: log.path)
    for server in records.prefix(3).map(\.server) + ["nas"] {
        let failures = log.recentFailures(server: server, since: .min, window: 1 << 20)
        check(failures.count <= lines, "\(failures.count) failures in \(lines) lines")
    }
    return 0
}

private func render(_ records: [DiagnosticsRecord], _ input: [UInt8]) {
    var all = records
    if var raw = records.first {
        raw.time = input.prefix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) }
        all.append(raw)
    }
    for zone in [TimeZoneChoice.utc, .local] {
        let lines = LogText.lines(all, zone: zone, width: 80)
        check(lines.count == all.count, "\(lines.count) lines for \(all.count) records")
    }
}

private let directory: String = {
    let path = "/tmp/remission-fuzz-diagnostics-\(getpid())"
    mkdir(path, 0o700)
    return path
}()

private let log = DiagnosticsLog(paths: StoragePaths(config: directory, cache: directory, state: directory))
