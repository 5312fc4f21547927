import RemissionModel
import Testing

@Suite("Base64")
struct Base64Tests {
    // RFC 4648 §10 test vectors.
    static let vectors = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ]

    @Test("encodes the RFC 4648 vectors", arguments: vectors)
    func encode(plain: String, encoded: String) {
        #expect(Base64.encode(plain) == encoded)
    }

    @Test("decodes the RFC 4648 vectors", arguments: vectors)
    func decode(plain: String, encoded: String) {
        #expect(Base64.decode(encoded) == Array(plain.utf8))
    }

    @Test("Basic auth value for tester:secret")
    func basicAuth() {
        #expect(Base64.encode("tester:secret") == "dGVzdGVyOnNlY3JldA==")
    }

    @Test("every byte value round-trips, at every length modulo 3")
    func binaryRoundTrip() {
        let bytes = (0...255).map { UInt8($0) }
        for length in [0, 1, 2, 3, 254, 255, 256] {
            let slice = Array(bytes.prefix(length))
            #expect(Base64.decode(Base64.encode(slice)) == slice)
        }
        #expect(Base64.encode([0xFB, 0xFF]) == "+/8=")  // the two non-alphanumeric letters
    }

    @Test(
        "refuses what is not standard Base64",
        arguments: ["Zm9v!", "Z", "Zm9vY", "Zh==", "Zm9v\n", "-_8=", "Zg=a", "=Zg="])
    func refuses(text: String) {
        #expect(Base64.decode(text) == nil)
    }

    @Test("accepts unpadded input")
    func unpadded() {
        #expect(Base64.decode("Zg") == Array("f".utf8))
        #expect(Base64.decode("Zm8") == Array("fo".utf8))
    }

    @Test(
        "with padding required (pins), unpadded and misplaced padding are refused",
        arguments: ["Zg", "Zm8", "Zm9", "Zg=", "Z===", "Zg==Zg==", "===="])
    func paddingRequired(text: String) {
        #expect(Base64.decode(text, requirePadding: true) == nil)
    }

    @Test("with padding required, whole groups decode")
    func paddedDecodes() {
        #expect(Base64.decode("Zm9vYg==", requirePadding: true) == Array("foob".utf8))
        #expect(Base64.decode("Zm9vYmFy", requirePadding: true) == Array("foobar".utf8))
    }
}
