import FoundationEssentials
import RemissionModel

@testable import RemissionStorage

#if canImport(Glibc)
    import Glibc
#endif

/// The config documents as `VersionedFile` reads them: the version check, the legacy import (a bare
/// array is the original app's servers.json), and `DocumentDecoder` into `ServersDocument` or
/// `TrustDocument` (the first input byte picks which; the rest is the file). Property: a document
/// that loads, written as remission writes it (JSONEncoder), decodes back to an equal document.
/// A first byte of 0x80 or more feeds the rest to the server facts cache's decoder instead
/// (`ServerFactsCache`), with the same property.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let input = bytes(start, count)
    let path = scratchPath
    let body = Array(input.dropFirst())
    if input[0] >= 0x80 {
        serverFacts(body)
        return 0
    }
    writeScratch(body, to: path)
    if input[0] & 1 == 0 {
        roundTrip(VersionedFile<ServersDocument>(path: path))
    } else {
        roundTrip(VersionedFile<TrustDocument>(path: path))
    }
    return 0
}

private func roundTrip<Document: VersionedDocument>(_ file: VersionedFile<Document>) {
    guard let document = try? file.load() else { return }
    let encoded: [UInt8]
    do { encoded = Array(try JSONEncoder().encode(document)) } catch {
        check(false, "\(Document.self) that loaded does not encode: \(error)")
        return
    }
    do {
        let tree = DocumentJSON(try JSONValue.parse(encoded))
        let again = try DocumentDecoder.decode(Document.self, from: tree)
        check(again == document, "\(Document.self) differs after writing and reading: \(document) vs \(again)")
    } catch {
        check(false, "\(Document.self) as written does not read back: \(error)")
    }
}

/// What `ServerFactsCache.load` does after reading the file (the URL is the one the facts are for).
private func serverFacts(_ body: [UInt8]) {
    let url = "http://127.0.0.1:9091/transmission/rpc"
    guard let known = ServerFactsCache.decode(bytes: body, url: url) else { return }
    let written = ServerFactsCache.encode(known, url: url)
    let again = (try? JSONValue.parse(written)).flatMap { ServerFactsCache.decode($0, url: url) }
    check(again == known, "server facts differ after writing and reading: \(known) vs \(String(describing: again))")
}

private let scratchPath = "/tmp/remission-fuzz-documents-\(getpid()).json"
