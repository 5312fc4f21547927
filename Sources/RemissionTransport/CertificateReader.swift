import COpenSSL
import CShims
import RemissionModel
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the facts Remission shows and decides on from one OpenSSL certificate.
enum CertificateReader {
    static func facts(of certificate: OpaquePointer) -> CertificateFacts {
        let der = derBytes(of: certificate)
        let subject = name(X509_get_subject_name(certificate))
        let issuer = name(X509_get_issuer_name(certificate))
        let (keyType, keyBits) = keyDescription(of: certificate)
        return CertificateFacts(
            subject: subject,
            issuer: issuer,
            subjectAltNames: subjectAltNames(of: certificate),
            notBefore: unixTime(X509_get0_notBefore(certificate)),
            notAfter: unixTime(X509_get0_notAfter(certificate)),
            keyType: keyType,
            keyBits: keyBits,
            signatureAlgorithm: signatureAlgorithm(of: certificate),
            fingerprint: CertificateFingerprint(bytes: sha256(der)),
            spkiPin: SPKIPin(base64: base64(sha256(spkiBytes(of: certificate)))),
            isSelfIssued: X509_NAME_cmp(X509_get_subject_name(certificate), X509_get_issuer_name(certificate)) == 0,
            der: der,
            commonNames: commonNames(X509_get_subject_name(certificate))
        )
    }

    static func derBytes(of certificate: OpaquePointer) -> [UInt8] {
        let length = i2d_X509(certificate, nil)
        guard length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            _ = i2d_X509(certificate, &cursor)
        }
        return bytes
    }

    /// DER SubjectPublicKeyInfo: what an RFC 7469 pin hashes (not `X509_pubkey_digest`, which hashes only the key bits).
    static func spkiBytes(of certificate: OpaquePointer) -> [UInt8] {
        guard let publicKey = X509_get_X509_PUBKEY(certificate) else { return [] }
        let length = i2d_X509_PUBKEY(publicKey, nil)
        guard length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            _ = i2d_X509_PUBKEY(publicKey, &cursor)
        }
        return bytes
    }

    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = bytes.withUnsafeBytes { input in
            EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha256(), nil)
        }
        return Array(digest.prefix(Int(length)))
    }

    static func base64(_ bytes: [UInt8]) -> String { Base64.encode(bytes) }

    /// RFC 2253 form ("CN=localhost,O=Remission Test").
    static func name(_ name: OpaquePointer?) -> String {
        guard let name, let bio = BIO_new(BIO_s_mem()) else { return "" }
        defer { BIO_free(bio) }
        X509_NAME_print_ex(bio, name, 0, rm_xn_flag_rfc2253())
        var data: UnsafeMutablePointer<CChar>? = nil
        let length = rm_BIO_get_mem_data(bio, &data)
        guard let data, length > 0 else { return "" }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// Every commonName entry of a name, in order, as its bytes read as UTF-8 (an entry that is not
    /// text matches no host: `HostMatch` takes printable ASCII only).
    static func commonNames(_ name: OpaquePointer?) -> [String] {
        guard let name else { return [] }
        var names: [String] = []
        var index: Int32 = -1
        while true {
            index = X509_NAME_get_index_by_NID(name, NID_commonName, index)
            guard index >= 0, let entry = X509_NAME_get_entry(name, index) else { break }
            names.append(asn1Text(X509_NAME_ENTRY_get_data(entry)))
        }
        return names
    }

    static func subjectAltNames(of certificate: OpaquePointer) -> [SubjectAltName] {
        guard let raw = X509_get_ext_d2i(certificate, NID_subject_alt_name, nil, nil) else { return [] }
        let names = OpaquePointer(raw)
        defer { rm_GENERAL_NAMES_free(names) }
        var result: [SubjectAltName] = []
        for index in 0..<rm_sk_GENERAL_NAME_num(names) {
            guard let entry = rm_sk_GENERAL_NAME_value(names, index) else { continue }
            switch entry.pointee.type {
            case GEN_DNS:
                result.append(.dns(asn1Text(entry.pointee.d.dNSName)))
            case GEN_IPADD:
                result.append(.ip(ipText(entry.pointee.d.iPAddress)))
            default:
                continue
            }
        }
        return result
    }

    private static func asn1Text(_ string: UnsafeMutablePointer<ASN1_STRING>?) -> String {
        guard let string, let data = ASN1_STRING_get0_data(string) else { return "" }
        let length = Int(ASN1_STRING_length(string))
        return String(decoding: UnsafeBufferPointer(start: data, count: length), as: UTF8.self)
    }

    private static func ipText(_ string: UnsafeMutablePointer<ASN1_STRING>?) -> String {
        guard let string, let data = ASN1_STRING_get0_data(string) else { return "" }
        let bytes = Array(UnsafeBufferPointer(start: data, count: Int(ASN1_STRING_length(string))))
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        guard bytes.count == 4 || bytes.count == 16, inet_ntop(family, bytes, &buffer, socklen_t(buffer.count)) != nil
        else {
            return bytes.map { String($0, radix: 16) }.joined(separator: ":")
        }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    static func unixTime(_ time: UnsafePointer<ASN1_TIME>?) -> Int64 {
        guard let time else { return 0 }
        var parts = tm()
        guard ASN1_TIME_to_tm(time, &parts) == 1 else { return 0 }
        return Int64(timegm(&parts))
    }

    static func keyDescription(of certificate: OpaquePointer) -> (String, Int) {
        guard let key = X509_get0_pubkey(certificate) else { return ("unknown", 0) }
        let bits = Int(EVP_PKEY_get_bits(key))
        let type: String
        switch EVP_PKEY_get_base_id(key) {
        case EVP_PKEY_RSA, EVP_PKEY_RSA_PSS: type = "RSA"
        case EVP_PKEY_EC: type = "EC"
        case EVP_PKEY_ED25519: type = "Ed25519"
        case EVP_PKEY_ED448: type = "Ed448"
        default:
            type = EVP_PKEY_get0_type_name(key).map { String(cString: $0) } ?? "unknown"
        }
        return (type, bits)
    }

    static func signatureAlgorithm(of certificate: OpaquePointer) -> String {
        let nid = X509_get_signature_nid(certificate)
        guard let name = OBJ_nid2ln(nid) else { return "unknown" }
        return String(cString: name)
    }
}
