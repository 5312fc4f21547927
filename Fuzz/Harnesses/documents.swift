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
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let input = bytes(start, count)
    let path = scratchPath
    let body = Array(input.dropFirst())
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

private let scratchPath = "/tmp/remission-fuzz-documents-\(getpid()).json"
