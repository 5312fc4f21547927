/// Why a fingerprint or pin typed by the user was not understood. `FailureText.trustInputReason`
/// (RemissionViews) quotes the input and shows the expected form.
public enum TrustInputError: Error, Sendable, Equatable {
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

}
