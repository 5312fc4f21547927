import Testing

@testable import RemissionTrust

private let hex = "3A1F" + String(repeating: "0123456789ABCDEF", count: 3) + "9876543210AB"
private let colons = stride(from: 0, to: 64, by: 2).map {
    String(hex.dropFirst($0).prefix(2))
}.joined(separator: ":")
/// 32 bytes of 0xFF: `//////…/8=`.
private let allOnes = String(repeating: "/", count: 42) + "8="

typealias ExpectedError = @Sendable (_ input: String) -> TrustInputError

/// Inputs and the error each must give (a function of the input, which the error quotes).
private let refusedFingerprints: [(String, ExpectedError)] = [
    ("SHA1:" + String(hex.prefix(40)), { .unsupportedFingerprintAlgorithm(input: $0, algorithm: "SHA1") }),
    ("SHA256:" + String(hex.dropLast()), { .fingerprintLength(input: $0, digits: 63) }),
    ("SHA256:" + hex + "00", { .fingerprintLength(input: $0, digits: 66) }),
    ("", { .fingerprintLength(input: $0, digits: 0) }),
    ("SHA256:", { .fingerprintLength(input: $0, digits: 0) }),
    ("SHA256:" + String(hex.dropLast()) + "g", { .fingerprintNotHex(input: $0, character: "g") }),
    // ssh's SHA256 fingerprints are base64: refused with a hint.
    ("SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s", { .fingerprintNotHex(input: $0, character: "u") }),
    ("SHA256:3 A" + String(hex.dropFirst(2)), { .fingerprintNotHex(input: $0, character: " ") }),
]

private let refusedPins: [(String, ExpectedError)] = [
    (allOnes, { .pinPrefix(input: $0) }),
    ("sha1//" + allOnes, { .pinPrefix(input: $0) }),
    ("sha256:" + allOnes, { .pinPrefix(input: $0) }),
    ("sha256//" + String(allOnes.dropLast()), { .pinNotBase64(input: $0) }),
    ("sha256//" + allOnes.replacing("/", with: "_"), { .pinNotBase64(input: $0) }),  // base64url
    ("sha256//", { .pinLength(input: $0, bytes: 0) }),
    ("sha256//AAAAAAAAAAAAAAAAAAAAAA==", { .pinLength(input: $0, bytes: 16) }),
    ("sha256//" + allOnes + ";sha256//" + allOnes, { .pinNotBase64(input: $0) }),  // curl's list form
]

@Suite("Parsing fingerprints and pins")
struct TrustInputTests {
    @Test(
        "fingerprints accepted",
        arguments: [
            "SHA256:" + hex,  // As remission prints it.
            "sha256:" + hex.lowercased(),  // Any case.
            "SHA256:" + colons,  // With colons.
            colons.lowercased(),  // Colons, no prefix (openssl x509 -fingerprint).
            hex,  // Bare hex.
            "  SHA-256:" + hex + "\n",  // Spelled with a dash, pasted with whitespace.
        ])
    func fingerprintAccepted(input: String) throws {
        let parsed = try CertificateFingerprint(parsing: input)
        #expect(parsed.description == "SHA256:" + hex)
        #expect(parsed.bytes.count == 32)
    }

    @Test(
        "fingerprints refused",
        arguments: refusedFingerprints)
    func fingerprintRefused(input: String, error: ExpectedError) {
        #expect(throws: error(input)) { try CertificateFingerprint(parsing: input) }
    }

    @Test(
        "pins accepted, kept in canonical form",
        arguments: [
            ("sha256//" + allOnes, allOnes),
            ("SHA256//" + allOnes, allOnes),  // Prefix in any case.
            (" sha256//" + allOnes + " ", allOnes),  // Surrounding whitespace.
            ("sha256//" + String(repeating: "/", count: 42) + "/=", allOnes),  // Non-zero padding bits.
            ("sha256//" + String(repeating: "A", count: 43) + "=", String(repeating: "A", count: 43) + "="),
        ])
    func pinAccepted(input: String, base64: String) throws {
        let parsed = try SPKIPin(parsing: input)
        #expect(parsed == SPKIPin(base64: base64))
        #expect(parsed.description == "sha256//" + base64)
        #expect(parsed.digest?.count == 32)
    }

    @Test(
        "pins refused",
        arguments: refusedPins)
    func pinRefused(input: String, error: ExpectedError) {
        #expect(throws: error(input)) { try SPKIPin(parsing: input) }
    }

    @Test("a pin made from a digest gives the digest back")
    func pinDigest() {
        let digest = (0..<32).map { UInt8($0 * 7) }
        #expect(SPKIPin(digest: digest).digest == digest)
        #expect(SPKIPin(digest: digest).base64.count == 44)
    }
}
