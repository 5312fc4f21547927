import COpenSSL
import RemissionTrust

extension VerificationProblem {
    /// Maps one OpenSSL verification error code to a problem, with the facts of the certificate it concerns.
    init(openSSLCode code: Int32, certificate: CertificateFacts?) {
        let subject = certificate?.subject ?? ""
        switch code {
        case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT:
            self = .selfSigned
        case X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
            self = .untrustedRoot
        case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY,
            X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
            self = .unknownIssuer(issuer: certificate?.issuer ?? "")
        case X509_V_ERR_CERT_HAS_EXPIRED:
            self = .expired(subject: subject, notAfter: certificate?.notAfter ?? 0)
        case X509_V_ERR_CERT_NOT_YET_VALID:
            self = .notYetValid(subject: subject, notBefore: certificate?.notBefore ?? 0)
        case X509_V_ERR_EE_KEY_TOO_SMALL, X509_V_ERR_CA_KEY_TOO_SMALL:
            self = .weakKey(subject: subject, keyType: certificate?.keyType ?? "", bits: certificate?.keyBits ?? 0)
        case X509_V_ERR_CA_MD_TOO_WEAK:
            self = .weakSignature(subject: subject, algorithm: certificate?.signatureAlgorithm ?? "")
        case X509_V_ERR_CERT_REVOKED:
            self = .revoked(subject: subject)
        case X509_V_ERR_INVALID_CA, X509_V_ERR_INVALID_NON_CA, X509_V_ERR_KEYUSAGE_NO_CERTSIGN:
            self = .notACertificateAuthority(subject: subject)
        case X509_V_ERR_PATHLEN_INVALID_FOR_NON_CA...X509_V_ERR_EXTENSIONS_REQUIRE_VERSION_3:
            // 80–93: the RFC 5280 profile rules only strict X.509 mode checks (StrictCheck).
            self = .profileViolation(
                subject: subject, code: Int(code), rule: String(cString: X509_verify_cert_error_string(Int(code))))
        case X509_V_ERR_PATH_LENGTH_EXCEEDED, X509_V_ERR_PROXY_PATH_LENGTH_EXCEEDED:
            self = .pathLengthExceeded(subject: subject)
        case X509_V_ERR_INVALID_PURPOSE, X509_V_ERR_PROXY_CERTIFICATES_NOT_ALLOWED:
            self = .notForTLSServers(subject: subject)
        case X509_V_ERR_PERMITTED_VIOLATION, X509_V_ERR_EXCLUDED_VIOLATION, X509_V_ERR_SUBTREE_MINMAX,
            X509_V_ERR_UNSUPPORTED_CONSTRAINT_TYPE, X509_V_ERR_UNSUPPORTED_CONSTRAINT_SYNTAX,
            X509_V_ERR_UNSUPPORTED_NAME_SYNTAX:
            self = .nameConstraintViolation(subject: subject)
        default:
            self = .other(code: Int(code), message: String(cString: X509_verify_cert_error_string(Int(code))))
        }
    }
}
