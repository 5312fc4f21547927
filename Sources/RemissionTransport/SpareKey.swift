import COpenSSL
import CShims
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// A spare key pair for a backup pin (`trust pin NAME --generate-backup FILE`), made offline.
///
/// ECDSA on P-256: every TLS 1.2+ client and server (nginx, Transmission's own TLS-less RPC behind
/// any proxy, Let's Encrypt) takes a P-256 certificate, its key is generated at once (RSA-3072 takes
/// seconds and gains nothing here), and its PEM is a few lines. Ed25519 would be smaller still, but
/// certificates with Ed25519 keys are refused by most TLS clients and CAs do not issue them.
public struct SpareKey: Sendable {
    /// The private key, PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`), as `openssl pkey` reads it.
    /// Never printed or logged; written once, to the file the user named.
    public let privateKeyPEM: [UInt8]
    /// The RFC 7469 pin of its SubjectPublicKeyInfo (what `openssl pkey -pubout -outform DER |
    /// openssl dgst -sha256 -binary | base64` gives).
    public let pin: SPKIPin

    /// The curve's name, for the view.
    public static let keyType = "ECDSA P-256"

    /// Generates a key with OpenSSL's default random source; nil when OpenSSL refuses (no entropy).
    public static func generate() -> SpareKey? {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { return nil }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer? = nil
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_group_name(context, "P-256") == 1,
            EVP_PKEY_generate(context, &key) == 1, let key
        else { return nil }
        defer { EVP_PKEY_free(key) }
        guard let pem = privatePEM(key), let spki = publicKeyInfo(key) else { return nil }
        return SpareKey(privateKeyPEM: pem, pin: SPKIPin(digest: CertificateReader.sha256(spki)))
    }

    private static func privatePEM(_ key: OpaquePointer) -> [UInt8]? {
        guard let bio = BIO_new(BIO_s_mem()) else { return nil }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PrivateKey(bio, key, nil, nil, 0, nil, nil) == 1 else { return nil }
        var data: UnsafeMutablePointer<CChar>? = nil
        let length = rm_BIO_get_mem_data(bio, &data)
        guard let data, length > 0 else { return nil }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// DER SubjectPublicKeyInfo of the key's public half.
    private static func publicKeyInfo(_ key: OpaquePointer) -> [UInt8]? {
        let length = i2d_PUBKEY(key, nil)
        guard length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            _ = i2d_PUBKEY(key, &cursor)
        }
        return bytes
    }
}
