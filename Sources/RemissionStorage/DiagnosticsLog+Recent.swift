import Glibc
import RemissionModel

extension DiagnosticsLog {
    /// The exit codes of `server`'s failures recorded at or after `since`, found in the last
    /// `window` bytes of the log without parsing a record: `check` asks on every run, and parsing
    /// hundreds of records cost it ~2 ms. `memmem` finds each failure of the server (the scan relies
    /// on the order in which `DiagnosticsRecord.jsonValue` writes its keys: `time` first, then
    /// `command`, `server`, `outcome`, `exitCode`), then the line's time is read. A line of another
    /// shape is not counted; nothing of this is shown but a count, so a damaged line can at worst
    /// change the count.
    public func recentFailures(server: String, since: Int64, window: Int = 64 << 10) -> [Int32] {
        recentFailures(server: server, since: since, in: recentTail(window: window))
    }

    /// The log's last `window` bytes, the previous file's end first: what `recentFailures` scans,
    /// read once when several servers are asked about (`check --all`).
    public func recentTail(window: Int = 64 << 10) -> [[UInt8]] {
        let current = (try? tail(of: path, window: window)) ?? nil
        let rest = window - (current?.bytes.count ?? 0)
        let previous = rest > 0 ? (try? tail(of: previousPath, window: rest)) ?? nil : nil
        return [previous, current].compactMap { $0?.bytes }
    }

    /// `recentFailures(server:since:window:)` in a tail read before (`recentTail`).
    public func recentFailures(server: String, since: Int64, in tail: [[UInt8]]) -> [Int32] {
        let needle =
            Array(#","server":"#.utf8) + JSONValue.string(DiagnosticsRecord.cut(server)).serialized()
            + Array(#","outcome":"failed","exitCode":"#.utf8)
        return tail.flatMap { failures(in: $0, matching: needle, since: since) }
    }

    /// Each line of `bytes` that contains `needle`, starts with `{"time":T` (T at or after `since`)
    /// and has an exit code after the needle: that code.
    private func failures(in bytes: [UInt8], matching needle: [UInt8], since: Int64) -> [Int32] {
        let timeKey = Array(#"{"time":"#.utf8)
        // memchr for the needle's last "x" (the one of "exitCode", rare elsewhere), then a compare.
        let anchor = needle.lastIndex(of: UInt8(ascii: "x"))!
        var codes: [Int32] = []
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = anchor
            while offset < buffer.count,
                let hit = memchr(base + offset, Int32(UInt8(ascii: "x")), buffer.count - offset)
            {
                let position = UnsafeRawPointer(hit) - base - anchor
                offset = position + anchor + 1
                guard position + needle.count <= buffer.count, memcmp(base + position, needle, needle.count) == 0
                else { continue }
                // A line counts once, however often it holds the needle: go on after its end.
                let rest = buffer.count - position
                let end = memchr(base + position, Int32(UInt8(ascii: "\n")), rest).map { UnsafeRawPointer($0) - base }
                offset = (end ?? buffer.count) + 1 + anchor
                var lineStart = position
                while lineStart > 0, buffer[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
                let line = bytes[lineStart..<min(position + needle.count + 12, bytes.count)]
                guard line.starts(with: timeKey), let time = integer(in: line, at: lineStart + timeKey.count),
                    time >= since,
                    let code = integer(in: line, at: position + needle.count).flatMap({ Int32(exactly: $0) })
                else { continue }
                codes.append(code)
            }
        }
        return codes
    }
}

/// The decimal integer (an optional `-` and up to 18 digits) at `start` of `bytes`, if there is one.
private func integer(in bytes: ArraySlice<UInt8>, at start: Int) -> Int64? {
    var index = start
    let negative = index < bytes.endIndex && bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var value: Int64 = 0
    var digits = 0
    while index < bytes.endIndex, digits < 18, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
        index += 1
        digits += 1
    }
    return digits == 0 ? nil : (negative ? -value : value)
}
