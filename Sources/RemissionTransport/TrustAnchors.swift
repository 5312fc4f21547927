import COpenSSL
import CShims
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// The X509 store our verification runs against: the system CAs plus the server's CA file.
///
/// Installed on every TLS context (a server's, an `https://` proxy's with its own CA file).
/// The system directory is loaded lazily (`X509_STORE_load_path`: certificates are read on demand),
/// because parsing the whole bundle up front costs 15–25 ms per process. `SSL_CERT_FILE` and
/// `SSL_CERT_DIR` are honoured, as OpenSSL's own default paths honour them.
final class TrustAnchors {
    let store: OpaquePointer
    /// SHA-256 fingerprints of the certificates in the CA file, to tell which anchor verified a chain.
    let caFileFingerprints: Set<[UInt8]>
    let caFile: String?

    /// A CA bundle file (`SSL_CERT_FILE`, or the default bundle when the directory is missing) not yet
    /// parsed. Parsing a 140-certificate bundle costs 15–25 ms, so it is loaded only when a chain's
    /// issuer is not found in the directory or the CA file (`loadDeferredBundleIfNeeded`).
    private(set) var deferredBundle: String?

    init(caFile: String?, environment: [String: String]) throws(TransportError) {
        // The CA file is read first: a file that fails leaves nothing allocated behind.
        var certificates: [OpaquePointer] = []
        if let caFile { certificates = try Self.readPEMCertificates(caFile) }
        guard let store = X509_STORE_new() else {
            certificates.forEach { X509_free($0) }
            throw .other(code: -1, detail: "OpenSSL could not allocate a certificate store")
        }
        self.store = store
        self.caFile = caFile

        let directory =
            environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            ?? String(cString: X509_get_default_cert_dir())
        for path in directory.split(separator: ":") {
            _ = X509_STORE_load_path(store, String(path))
        }
        if let file = environment["SSL_CERT_FILE"], !file.isEmpty {
            deferredBundle = file
        } else {
            // As OpenSSL's default paths: the default bundle too (some systems keep a directory without
            // hash links, where only the bundle finds anything). Loaded only if needed, see below.
            deferredBundle = String(cString: X509_get_default_cert_file())
        }
        ERR_clear_error()

        var fingerprints = Set<[UInt8]>()
        for certificate in certificates {
            X509_STORE_add_cert(store, certificate)
            fingerprints.insert(CertificateReader.sha256(CertificateReader.derBytes(of: certificate)))
            X509_free(certificate)
        }
        ERR_clear_error()
        caFileFingerprints = fingerprints
    }

    deinit { X509_STORE_free(store) }

    /// Loads the deferred bundle when the issuer of the chain's last certificate is in neither the
    /// directory nor the CA file, so the verification that follows sees every anchor OpenSSL would.
    /// `presented` is the chain as sent; the bundle is loaded unless some certificate in it has its
    /// issuer in the directory or the CA file already.
    func loadDeferredBundleIfNeeded(storeContext: OpaquePointer, presented: [OpaquePointer]) {
        guard let bundle = deferredBundle else { return }
        for certificate in presented {
            var issuer: OpaquePointer? = nil
            if X509_STORE_CTX_get1_issuer(&issuer, storeContext, certificate) == 1 {
                X509_free(issuer)
                ERR_clear_error()
                return
            }
        }
        deferredBundle = nil
        _ = X509_STORE_load_file(store, bundle)
        ERR_clear_error()
    }

    /// Reads every certificate in a PEM file; an unreadable file or one without certificates is an error
    /// raised before any connection is made.
    static func readPEMCertificates(_ path: String) throws(TransportError) -> [OpaquePointer] {
        guard let bio = BIO_new_file(path, "r") else {
            ERR_clear_error()
            throw .caFile(path: path, detail: "cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { BIO_free(bio) }
        var certificates: [OpaquePointer] = []
        while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) {
            certificates.append(certificate)
        }
        ERR_clear_error()
        if certificates.isEmpty {
            throw .caFile(path: path, detail: "contains no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        return certificates
    }
}
