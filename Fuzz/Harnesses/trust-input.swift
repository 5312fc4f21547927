import RemissionModel
import RemissionTrust

/// Fingerprints and pins as a user types them (`--fingerprint`, `--pin`, trust.json), and the one
/// `Base64`. Properties: an accepted fingerprint or pin prints as text that parses back to it; a pin
/// holds a 32-byte digest; base64 that decodes encodes back to text that decodes to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = text(start, count)
    if let fingerprint = try? CertificateFingerprint(parsing: input) {
        check(fingerprint.bytes.count == 32, "fingerprint of \(fingerprint.bytes.count) bytes")
        check((try? CertificateFingerprint(parsing: fingerprint.description)) == fingerprint, "\(fingerprint)")
        check((try? CertificateFingerprint(parsing: fingerprint.colonSeparated)) == fingerprint, "colon form")
    }
    if let pin = try? SPKIPin(parsing: input) {
        check(pin.digest?.count == 32, "pin \(pin) holds no 32-byte digest")
        check((try? SPKIPin(parsing: pin.description)) == pin, "\(pin) does not parse back")
        check(SPKIPin(digest: pin.digest ?? []) == pin, "\(pin) is not canonical")
    }
    for (padding, trailing) in [(false, false), (true, false), (true, true), (false, true)] {
        guard let decoded = Base64.decode(input, requirePadding: padding, ignoringTrailingBits: trailing) else {
            continue
        }
        let encoded = Base64.encode(decoded)
        check(Base64.decode(encoded) == decoded, "base64 of \(decoded) does not decode back")
        check(Base64.decode(encoded, requirePadding: true, ignoringTrailingBits: false) == decoded, "strict form")
    }
    return 0
}
