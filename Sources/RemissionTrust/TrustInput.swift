import RemissionModel

extension CertificateFingerprint {
    /// Parses a SHA-256 certificate fingerprint as a user types or pastes it: an optional `SHA256:` prefix
    /// (any case, `SHA-256:` too), then 64 hex digits in any case, with or without colons (`AB:CD:…`, the form
    /// `openssl x509 -fingerprint -sha256` prints). Surrounding whitespace is ignored.
    public init(parsing text: String) throws(TrustInputError) {
        let input = text.trimmingASCIIWhitespace()
        var digits = Substring(input)
        if let colon = digits.firstIndex(of: ":") {
            let prefix = digits[..<colon]
            if prefix.lowercased().filter({ $0 != "-" }) == "sha256" {
                digits = digits[digits.index(after: colon)...]
            } else if prefix.count != 2 || !prefix.allSatisfy(\.isHexDigit) {
                // Not a hex pair, so it names a digest ("SHA1:", "MD5:").
                throw .unsupportedFingerprintAlgorithm(input: input, algorithm: String(prefix))
            }
        }
        let hex = digits.filter { $0 != ":" }
        if let bad = hex.first(where: { !($0.isASCII && $0.isHexDigit) }) {
            throw .fingerprintNotHex(input: input, character: bad)
        }
        guard hex.count == 64 else { throw .fingerprintLength(input: input, digits: hex.count) }
        let nibbles = hex.map { UInt8($0.hexDigitValue!) }
        self.init(bytes: stride(from: 0, to: 64, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] })
    }
}

extension SPKIPin {
    /// Parses an RFC 7469 pin as `curl --pinnedpubkey` takes it: `sha256//` (prefix in any case) and the
    /// base64 of a 32-byte SHA-256 digest. The base64 is decoded to check it, and kept in canonical form so
    /// that equal digests compare equal.
    public init(parsing text: String) throws(TrustInputError) {
        let input = text.trimmingASCIIWhitespace()
        guard input.lowercased().hasPrefix("sha256//") else { throw .pinPrefix(input: input) }
        guard
            let digest = Base64.decode(
                String(input.dropFirst("sha256//".count)), requirePadding: true, ignoringTrailingBits: true)
        else {
            throw .pinNotBase64(input: input)
        }
        guard digest.count == 32 else { throw .pinLength(input: input, bytes: digest.count) }
        self.init(digest: digest)
    }

    /// The pin of a SHA-256 digest of a DER SubjectPublicKeyInfo (the transport computes the digest).
    public init(digest: [UInt8]) {
        self.init(base64: Base64.encode(digest))
    }

    /// The 32 digest bytes, or `nil` when `base64` is not valid base64.
    public var digest: [UInt8]? { Base64.decode(base64) }
}

// Fingerprints and pins are written as the strings people type (`SHA256:HEX`, `sha256//B64`),
// so `--json` output and files read naturally.
extension CertificateFingerprint {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do { self = try CertificateFingerprint(parsing: text) } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(error)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension SPKIPin {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do { self = try SPKIPin(parsing: text) } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(error)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
