import COpenSSL
import CShims
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// A client certificate and its private key, loaded once and offered by `HandshakeInspector` to a
/// server that asks for one, after its own certificate was trusted (mutual TLS).
///
/// Read from PEM (the certificate, then any chain certificates; the key in the same file or in its
/// own) or from PKCS#12 (`.p12`, `.pfx`, or any file that is not PEM). The file is read where it is,
/// never copied. Immutable after `load`: OpenSSL's reference-counted objects are only read, so one
/// identity may serve several transports.
public final class ClientIdentity: @unchecked Sendable {
    public let certificatePath: String
    public let keyPath: String?
    /// The certificate's facts: subject, issuer, validity, fingerprint.
    public let facts: CertificateFacts
    let certificate: OpaquePointer
    let key: OpaquePointer
    let chain: [OpaquePointer]

    private init(
        certificatePath: String, keyPath: String?, certificate: OpaquePointer, key: OpaquePointer,
        chain: [OpaquePointer]
    ) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
        self.certificate = certificate
        self.key = key
        self.chain = chain
        self.facts = CertificateReader.facts(of: certificate)
    }

    deinit {
        X509_free(certificate)
        EVP_PKEY_free(key)
        for extra in chain { X509_free(extra) }
    }

    /// Loads the certificate and its key; `passphrase` decrypts an encrypted key (or a PKCS#12 file).
    /// Throws `passphraseNeeded` when the key is encrypted and no passphrase was given, so the caller
    /// can look one up and try again; `expired` when the certificate is past its validity at `now`.
    public static func load(
        certificate certificatePath: String, key keyPath: String?, passphrase: String?, now: Int64
    ) throws(ClientCertificateError) -> ClientIdentity {
        let certificateBytes = try readFile(certificatePath)
        let identity: ClientIdentity
        if isPKCS12(path: certificatePath, bytes: certificateBytes) {
            identity = try pkcs12(certificateBytes, path: certificatePath, passphrase: passphrase)
        } else {
            let keyBytes = try keyPath.map { path throws(ClientCertificateError) in try readFile(path) }
            identity = try pem(
                certificateBytes, path: certificatePath, keyBytes: keyBytes, keyPath: keyPath, passphrase: passphrase)
        }
        ERR_clear_error()
        if identity.facts.notAfter < now {
            throw .expired(path: certificatePath, notAfter: identity.facts.notAfter)
        }
        return identity
    }

    /// The certificate's facts without its key, to show which certificate a server uses: nil for a
    /// PKCS#12 file that needs a passphrase to be opened.
    public static func certificateFacts(path: String) throws(ClientCertificateError) -> CertificateFacts? {
        let bytes = try readFile(path)
        if isPKCS12(path: path, bytes: bytes) {
            do {
                return try pkcs12(bytes, path: path, passphrase: nil).facts
            } catch .passphraseNeeded {
                return nil
            }
        }
        let certificates = readCertificates(bytes)
        defer { for certificate in certificates { X509_free(certificate) } }
        ERR_clear_error()
        guard let first = certificates.first else { throw .notACertificate(path: path) }
        return CertificateReader.facts(of: first)
    }

    /// PKCS#12 by its name, or by content that is DER rather than PEM text.
    private static func isPKCS12(path: String, bytes: [UInt8]) -> Bool {
        let lower = path.lowercased()
        if lower.hasSuffix(".p12") || lower.hasSuffix(".pfx") { return true }
        return bytes.first == 0x30  // DER SEQUENCE, not "-----BEGIN"
    }

    private static func pem(
        _ bytes: [UInt8], path: String, keyBytes: [UInt8]?, keyPath: String?, passphrase: String?
    ) throws(ClientCertificateError) -> ClientIdentity {
        let certificates = readCertificates(bytes)
        guard let first = certificates.first else { throw .notACertificate(path: path) }
        var owned = Array(certificates.dropFirst())
        defer {
            X509_free(first)
            for certificate in owned { X509_free(certificate) }
        }
        let key = try readKey(keyBytes ?? bytes, path: keyPath ?? path, passphrase: passphrase)
        guard X509_check_private_key(first, key) == 1 else {
            EVP_PKEY_free(key)
            throw .keyMismatch(certificate: path, key: keyPath ?? path)
        }
        X509_up_ref(first)
        let chain = owned
        owned = []
        return ClientIdentity(certificatePath: path, keyPath: keyPath, certificate: first, key: key, chain: chain)
    }

    private static func readCertificates(_ bytes: [UInt8]) -> [OpaquePointer] {
        withMemoryBIO(bytes) { bio in
            var certificates: [OpaquePointer] = []
            while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) { certificates.append(certificate) }
            return certificates
        }
    }

    private static func readKey(_ bytes: [UInt8], path: String, passphrase: String?) throws(ClientCertificateError)
        -> OpaquePointer
    {
        let box = PassphraseBox(passphrase)
        let key = withMemoryBIO(bytes) { bio in
            PEM_read_bio_PrivateKey(bio, nil, passphraseCallback, Unmanaged.passUnretained(box).toOpaque())
        }
        if let key { return key }
        ERR_clear_error()
        guard box.asked else { throw .noKey(path: path) }
        throw passphrase == nil ? .passphraseNeeded(path: path) : .wrongPassphrase(path: path)
    }

    private static func pkcs12(_ bytes: [UInt8], path: String, passphrase: String?) throws(ClientCertificateError)
        -> ClientIdentity
    {
        guard let archive = withMemoryBIO(bytes, { d2i_PKCS12_bio($0, nil) }) else {
            throw .notACertificate(path: path)
        }
        defer { PKCS12_free(archive) }
        // An archive without a password has a MAC over the empty (or absent) password.
        let candidates: [String?] = passphrase.map { [$0] } ?? [nil, ""]
        guard let secret = candidates.first(where: { verifyMAC(archive, $0) }) else {
            throw passphrase == nil ? .passphraseNeeded(path: path) : .wrongPassphrase(path: path)
        }
        var key: OpaquePointer?
        var certificate: OpaquePointer?
        var extra: OpaquePointer?
        let parsed = PKCS12_parse(archive, secret, &key, &certificate, &extra) == 1
        var chain: [OpaquePointer] = []
        if let extra {
            for index in 0..<rm_sk_X509_num(extra) {
                if let member = rm_sk_X509_value(extra, index), X509_up_ref(member) == 1 { chain.append(member) }
            }
            // The stack owns one reference to each member (ours are the up-refs above): X509_free each,
            // then the stack. OPENSSL_sk_pop_free with a nil function crashed here.
            rm_sk_X509_pop_free(extra)
        }
        guard parsed, let key, let certificate else {
            if let key { EVP_PKEY_free(key) }
            if let certificate { X509_free(certificate) }
            for member in chain { X509_free(member) }
            throw .noKey(path: path)
        }
        guard X509_check_private_key(certificate, key) == 1 else {
            EVP_PKEY_free(key)
            X509_free(certificate)
            for member in chain { X509_free(member) }
            throw .keyMismatch(certificate: path, key: path)
        }
        return ClientIdentity(certificatePath: path, keyPath: nil, certificate: certificate, key: key, chain: chain)
    }

    private static func verifyMAC(_ archive: OpaquePointer, _ secret: String?) -> Bool {
        guard let secret else { return PKCS12_verify_mac(archive, nil, 0) == 1 }
        return PKCS12_verify_mac(archive, secret, Int32(secret.utf8.count)) == 1
    }

    private static func readFile(_ path: String) throws(ClientCertificateError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT ? .missing(path: path) : .unreadable(path: path, errno: code)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            guard count > 0 else { throw .unreadable(path: path, errno: errno) }
            bytes += buffer[..<count]
            // A certificate or key is a few kB; anything this large is not one.
            guard bytes.count <= 1 << 20 else { throw .notACertificate(path: path) }
        }
        return bytes
    }

    private static func withMemoryBIO<T>(_ bytes: [UInt8], _ body: (OpaquePointer) -> T) -> T {
        bytes.withUnsafeBytes { raw in
            let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count))!
            defer { BIO_free(bio) }
            return body(bio)
        }
    }
}

/// Why a client certificate could not be used. Plain data; worded by the view layer.
public enum ClientCertificateError: Error, Sendable, Equatable {
    case missing(path: String)
    case unreadable(path: String, errno: Int32)
    /// The file holds no certificate (PEM or PKCS#12).
    case notACertificate(path: String)
    /// No private key could be read (the key file, or the certificate file when no key file is given).
    case noKey(path: String)
    /// The key is encrypted and no passphrase was given.
    case passphraseNeeded(path: String)
    /// The passphrase does not decrypt the key.
    case wrongPassphrase(path: String)
    /// The key is not the certificate's.
    case keyMismatch(certificate: String, key: String)
    /// The certificate's validity ended at `notAfter` (Unix seconds).
    case expired(path: String, notAfter: Int64)
}

/// The passphrase handed to OpenSSL's PEM callback, and whether OpenSSL asked for one (it asks only
/// for an encrypted key).
private final class PassphraseBox {
    let passphrase: [UInt8]?
    var asked = false

    init(_ passphrase: String?) { self.passphrase = passphrase.map { Array($0.utf8) } }
}

/// OpenSSL's `pem_password_cb`: copies the passphrase, or returns -1 (no passphrase) so that OpenSSL
/// never falls back to asking on the terminal itself.
private func passphraseCallback(
    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int32, _ writing: Int32, _ context: UnsafeMutableRawPointer?
) -> Int32 {
    guard let buffer, let context else { return -1 }
    let box = Unmanaged<PassphraseBox>.fromOpaque(context).takeUnretainedValue()
    box.asked = true
    guard let passphrase = box.passphrase, !passphrase.isEmpty, passphrase.count <= Int(size) else { return -1 }
    passphrase.withUnsafeBytes { raw in
        UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress!, byteCount: raw.count)
    }
    return Int32(passphrase.count)
}
