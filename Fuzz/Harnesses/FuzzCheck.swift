// Shared by every harness (scripts/fuzz compiles it into each one).

#if canImport(Glibc)
    import Glibc
#endif

/// Fails the run when a property does not hold: prints what and aborts, so libFuzzer keeps the input.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        let line = Array("fuzz check failed: \(message())\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        abort()
    }
}

/// The fuzzer's input as bytes.
func bytes(_ start: UnsafeRawPointer, _ count: Int) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: start, count: count))
}

/// The fuzzer's input as text, the way a command line or a file reaches the parsers (invalid UTF-8 repaired).
func text(_ start: UnsafeRawPointer, _ count: Int) -> String {
    String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
}

/// Writes `contents` to the harness's scratch file `path` (0600), or fails the run: the harnesses
/// that read files (a CA file, a config document) go through the same reader a user's file does.
func writeScratch(_ contents: [UInt8], to path: String) {
    let written = contents.withUnsafeBytes { buffer -> Bool in
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(descriptor, buffer.baseAddress, buffer.count) == buffer.count
    }
    check(written, "cannot write \(path)")
}
