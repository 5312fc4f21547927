@testable import RemissionTransport

/// A server's answer as `SocketTransport` reads it (`HTTPResponseParser`): the status line, headers,
/// and a body framed by Content-Length, chunks or the connection's end. The first input byte picks
/// where the rest is cut in two, as a network would deliver it. Properties: no trap; the body never
/// grows past the limit; the answer is the same whether it arrives whole or in two pieces, or a
/// byte at a time (the framing never depends on how reads fall).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let input = bytes(start, count)
    let wire = Array(input.dropFirst())
    let cut = wire.isEmpty ? 0 : Int(input[0]) % (wire.count + 1)
    let whole = parse([wire[...]])
    let split = parse([wire[..<cut], wire[cut...]])
    check(whole == split, "the answer depends on where the bytes were cut (at \(cut))")
    if wire.count <= 512 {
        check(whole == parse(wire.map { [$0][...] }), "the answer differs when read a byte at a time")
    }
    return 0
}

private let limit = 4096

private struct Outcome: Equatable {
    var status: Int
    var headers: [HTTPHeader]
    var body: [UInt8]
    var complete: Bool
    var keeps: Bool
    var error: HTTPWireError?
}

private func parse(_ pieces: [ArraySlice<UInt8>]) -> Outcome {
    var parser = HTTPResponseParser(maximumBodyBytes: limit)
    var error: HTTPWireError?
    do throws(HTTPWireError) {
        for piece in pieces where !parser.isComplete {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: piece.count, alignment: 1)
            defer { buffer.deallocate() }
            buffer.copyBytes(from: piece)
            try parser.feed(UnsafeRawBufferPointer(buffer))
        }
        if !parser.isComplete { try parser.finish() }
    } catch let failure {
        error = failure
    }
    check(parser.body.count <= limit, "a body of \(parser.body.count) bytes, over the limit")
    return Outcome(
        status: parser.status, headers: parser.headers, body: error == nil ? parser.body : [],
        complete: parser.isComplete, keeps: parser.keepsConnection, error: error)
}
