import CZlib

/// A gzip (or zlib) body undone, at most `limit` bytes of it: a small answer that inflates past the
/// limit is refused as a large one would be, before it can fill memory.
enum GzipBody {
    enum Failure: Error, Equatable {
        case tooLarge
        case corrupt(String)
    }

    static func inflate(_ compressed: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        // No body at all (a 401 or 304 a proxy marked gzip): nothing to undo, as curl never runs
        // its decoder on zero bytes.
        if compressed.isEmpty { return [] }
        var stream = z_stream()
        guard rm_inflate_init(&stream) == Z_OK else { throw .corrupt("zlib could not start") }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, max(compressed.count * 4, 4096)))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var status = Z_OK
        // zlib takes a mutable pointer but never writes through next_in: no copy of the input.
        let failure: Failure? = compressed.withUnsafeBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress.map { UnsafeMutablePointer(mutating: $0) }
            stream.avail_in = UInt32(inputBuffer.count)
            return chunk.withUnsafeMutableBufferPointer { chunkBuffer -> Failure? in
                repeat {
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = UInt32(chunkBuffer.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    if status == Z_BUF_ERROR, stream.avail_in == 0 { return .corrupt("the compressed body ends early") }
                    guard status == Z_OK || status == Z_STREAM_END else {
                        let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                        return .corrupt(message)
                    }
                    let produced = chunkBuffer.count - Int(stream.avail_out)
                    guard output.count + produced <= limit else { return .tooLarge }
                    output.append(contentsOf: chunkBuffer[0..<produced])
                } while status != Z_STREAM_END
                return nil
            }
        }
        if let failure { throw failure }
        return output
    }
}
