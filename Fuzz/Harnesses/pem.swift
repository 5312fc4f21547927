import COpenSSL
import RemissionModel
import RemissionTrust

@testable import RemissionTransport

#if canImport(Glibc)
    import Glibc
#endif

/// A CA file (`--cacert`) as the transport reads it (`TrustAnchors`: OpenSSL's PEM reader, then
/// `CertificateReader` for the facts shown and decided on). The first input byte picks the form:
/// even, the rest is the file as is; odd, the rest is DER, wrapped in one PEM block, so mutations
/// reach OpenSSL's certificate parser and our reading of what it returns. Properties: the anchors'
/// fingerprints are those of the certificates read; each fingerprint is the SHA-256 of the DER; when
/// OpenSSL reads that DER back, it is the same certificate. (It does not always read it back: a
/// certificate whose outer fields are BER that OpenSSL accepted is re-encoded around the cached
/// original `tbsCertificate` into bytes its own `d2i_X509` refuses, "unexpected eoc" in `sig_alg`; found
/// by this harness, the same on OpenSSL's command line. The fingerprint is still the hash of what we
/// decide on, computed the same way when a certificate is accepted and when it is seen again.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let input = bytes(start, count)
    let body = Array(input.dropFirst())
    let file =
        input[0] & 1 == 0
        ? body
        : Array("-----BEGIN CERTIFICATE-----\n\(pemLines(body))-----END CERTIFICATE-----\n".utf8)
    let path = scratchPath
    writeScratch(file, to: path)

    let environment = ["SSL_CERT_DIR": "/nonexistent", "SSL_CERT_FILE": "/nonexistent"]
    guard let certificates = try? TrustAnchors.readPEMCertificates(path) else {
        check((try? TrustAnchors(caFile: path, environment: environment)) == nil, "anchors from an unread file")
        return 0
    }
    var fingerprints = Set<[UInt8]>()
    for certificate in certificates {
        let facts = CertificateReader.facts(of: certificate)
        check(facts.fingerprint.bytes == CertificateReader.sha256(facts.der), "fingerprint is not of the DER")
        fingerprints.insert(facts.fingerprint.bytes)
        facts.der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            let again = d2i_X509(nil, &cursor, buffer.count)
            if let again {
                check(CertificateReader.derBytes(of: again) == facts.der, "DER differs when read again")
                X509_free(again)
            }
        }
        X509_free(certificate)
    }
    ERR_clear_error()
    let anchors = try? TrustAnchors(caFile: path, environment: environment)
    check(anchors?.caFileFingerprints == fingerprints, "anchors' fingerprints differ from the certificates read")
    return 0
}

/// Base64 in 64-character lines, as PEM writes it.
private func pemLines(_ der: [UInt8]) -> String {
    let text = Array(Base64.encode(der).utf8)
    var lines = ""
    for start in stride(from: 0, to: text.count, by: 64) {
        lines += String(decoding: text[start..<min(start + 64, text.count)], as: UTF8.self) + "\n"
    }
    return lines
}

private let scratchPath = "/tmp/remission-fuzz-pem-\(getpid()).pem"
