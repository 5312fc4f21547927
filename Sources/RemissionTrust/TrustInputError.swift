/// Why a fingerprint or pin typed by the user was not understood. Each message quotes the input and
/// shows the expected form.
public enum TrustInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The fingerprint names another digest (`SHA1:…`, `MD5:…`): only SHA-256 identifies a certificate.
    case unsupportedFingerprintAlgorithm(input: String, algorithm: String)
    /// The fingerprint contains a character that is not a hex digit (or a colon between pairs).
    case fingerprintNotHex(input: String, character: Character)
    /// The fingerprint has the wrong number of hex digits (SHA-256 has 64).
    case fingerprintLength(input: String, digits: Int)
    /// The pin does not start with `sha256//`.
    case pinPrefix(input: String)
    /// The text after `sha256//` is not standard, padded base64.
    case pinNotBase64(input: String)
    /// The pin decodes to the wrong number of bytes (SHA-256 has 32).
    case pinLength(input: String, bytes: Int)

    private static let fingerprintForm =
        "Expected SHA256: and 64 hex digits, colons allowed, as `remission trust show` prints it"
    private static let pinForm =
        "Expected sha256// and 44 base64 characters, as `remission trust show` prints it "
        + "and `curl --pinnedpubkey` takes it"

    public var description: String {
        switch self {
        case .unsupportedFingerprintAlgorithm(let input, let algorithm):
            return "'\(input)' is a \(algorithm) fingerprint; only SHA-256 fingerprints are accepted. "
                + Self.fingerprintForm + "."
        case .fingerprintNotHex(let input, let character):
            return "'\(input)' is not a SHA-256 fingerprint: '\(character)' is not a hex digit "
                + "(remission fingerprints are hex, not the base64 ssh prints). " + Self.fingerprintForm + "."
        case .fingerprintLength(let input, let digits):
            return "'\(input)' is not a SHA-256 fingerprint: it has \(digits) hex digits, not 64. "
                + Self.fingerprintForm + "."
        case .pinPrefix(let input):
            return "'\(input)' is not an SPKI pin: it must start with sha256//. " + Self.pinForm + "."
        case .pinNotBase64(let input):
            return "'\(input)' is not an SPKI pin: the text after sha256// is not valid base64. " + Self.pinForm + "."
        case .pinLength(let input, let bytes):
            return "'\(input)' is not an SPKI pin: it decodes to \(bytes) bytes, not the 32 of a SHA-256 digest. "
                + Self.pinForm + "."
        }
    }
}
