import COpenSSL
import CShims
import RemissionModel
import RemissionTrust

/// Gathers the facts the trust policy decides on (`PresentedChain`) from a presented chain: each
/// certificate read, OpenSSL's verification against the system store and CA file, and, for each pinned
/// key a presented certificate after the leaf carries, OpenSSL's verification with that certificate as
/// the only anchor. It decides nothing: `TrustPolicy` does, over these facts.
///
/// Every verification runs with strict X.509 (`X509_V_FLAG_X509_STRICT`, as x509-limbo's OpenSSL
/// harness), partial chains (an intermediate given as an anchor counts, as curl), the TLS server purpose
/// (the leaf fit for serverAuth, every issuer a CA allowed to issue, path length and name constraints
/// enforced); every error is collected, not only the last. When strict mode finds something, the
/// verification runs once more without it, so the facts say what only strict mode found.
public enum ChainExaminer {
    static let verificationFlags = UInt(X509_V_FLAG_X509_STRICT | X509_V_FLAG_PARTIAL_CHAIN)

    /// The facts of the chain in `storeContext` (the handshake's, initialised by libssl with the
    /// presented chain as untrusted and our store as trusted).
    ///
    /// - Parameters:
    ///   - time: the verification time in Unix seconds; nil for now.
    ///   - caFileFingerprints: SHA-256 of the CA file's certificates, to say which anchor verified.
    ///   - everyPresentedAnchor: try every presented certificate after the leaf as the only anchor,
    ///     not only those whose key is pinned (first contact: which CA key could be pinned).
    static func examine(
        storeContext: OpaquePointer, peerName: PeerName, pinnedKeys: Set<SPKIPin>, everyPresentedAnchor: Bool = false,
        time: Int64?, caFileFingerprints: Set<[UInt8]>
    ) -> PresentedChain {
        let presented = untrustedCertificates(storeContext)
        let facts = presented.map { CertificateReader.facts(of: $0) }
        configure(storeContext, time: time)
        let storeVerification = verify(storeContext, anchors: .store, caFileFingerprints: caFileFingerprints)
        var anchorVerifications: [AnchorVerification] = []
        if let leaf = presented.first, let untrusted = X509_STORE_CTX_get0_untrusted(storeContext) {
            for (certificate, fact) in zip(presented, facts).dropFirst()
            where everyPresentedAnchor || pinnedKeys.contains(fact.spkiPin) {
                anchorVerifications.append(
                    verify(
                        leaf: leaf, untrusted: untrusted, anchor: certificate, key: fact.spkiPin, time: time,
                        parameters: X509_STORE_CTX_get0_param(storeContext)))
            }
        }
        ERR_clear_error()
        var chain = PresentedChain(
            certificates: facts, peerName: peerName, storeVerification: storeVerification,
            anchorVerifications: anchorVerifications)
        if everyPresentedAnchor { chain.signatures = signatureLinks(presented) }  // first contact's choices
        return chain
    }

    /// The same facts without a connection: `chain` as a server would send it (leaf first, DER),
    /// verified against `anchors` (as the server's CA file) and `systemAnchors` (as the system store)
    /// alone, at `time`. For tests that hold the rules against OpenSSL's own verification and
    /// x509-limbo, and for reading a chain from files. Nil when a certificate does not parse or the chain
    /// is empty.
    public static func examine(
        chain: [[UInt8]], anchors: [[UInt8]], systemAnchors: [[UInt8]] = [], peerName: PeerName,
        pinnedKeys: Set<SPKIPin>, time: Int64?, everyPresentedAnchor: Bool = false
    ) -> PresentedChain? {
        let presented = chain.compactMap(certificate(der:))
        let systemCertificates = systemAnchors.compactMap(certificate(der:))
        let anchorCertificates = anchors.compactMap(certificate(der:))
        defer {
            presented.forEach { X509_free($0) }
            anchorCertificates.forEach { X509_free($0) }
            systemCertificates.forEach { X509_free($0) }
        }
        guard presented.count == chain.count, anchorCertificates.count == anchors.count,
            systemCertificates.count == systemAnchors.count, let leaf = presented.first, let store = X509_STORE_new()
        else { return nil }
        defer { X509_STORE_free(store) }
        for anchor in systemCertificates { X509_STORE_add_cert(store, anchor) }
        var fingerprints = Set<[UInt8]>()
        for anchor in anchorCertificates {
            X509_STORE_add_cert(store, anchor)
            fingerprints.insert(CertificateReader.sha256(CertificateReader.derBytes(of: anchor)))
        }
        guard let untrusted = rm_sk_X509_new_null() else { return nil }
        defer { rm_sk_X509_free(untrusted) }
        for certificate in presented { _ = rm_sk_X509_push(untrusted, certificate) }
        guard let context = X509_STORE_CTX_new() else { return nil }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store, leaf, untrusted) == 1 else { return nil }
        // The security level a handshake on this system has (Debian's OpenSSL: level 2, 112 bits:
        // RSA and DSA keys of 2048 bits, curves of 224), so the facts match what a connection sees.
        if let parameters = X509_STORE_CTX_get0_param(context) { X509_VERIFY_PARAM_set_auth_level(parameters, 2) }
        return examine(
            storeContext: context, peerName: peerName, pinnedKeys: pinnedKeys,
            everyPresentedAnchor: everyPresentedAnchor, time: time, caFileFingerprints: fingerprints)
    }

    /// The presented chain of a store context, leaf first (not owned).
    static func untrustedCertificates(_ storeContext: OpaquePointer) -> [OpaquePointer] {
        guard let untrusted = X509_STORE_CTX_get0_untrusted(storeContext) else { return [] }
        return (0..<rm_sk_X509_num(untrusted)).compactMap { rm_sk_X509_value(untrusted, $0) }
    }

    private static func configure(_ storeContext: OpaquePointer, time: Int64?) {
        _ = X509_STORE_CTX_set_purpose(storeContext, X509_PURPOSE_SSL_SERVER)
        guard let parameters = X509_STORE_CTX_get0_param(storeContext) else { return }
        X509_VERIFY_PARAM_set_flags(parameters, verificationFlags)
        if let time { X509_VERIFY_PARAM_set_time(parameters, time_t(time)) }
    }

    /// The chain against one anchor: a fresh store holding only `anchor`.
    /// `parameters` are the handshake's (its security level: key sizes and digests), so a pinned CA's
    /// path is held to them as the store's is.
    static func verify(
        leaf: OpaquePointer, untrusted: OpaquePointer, anchor: OpaquePointer, key: SPKIPin, time: Int64?,
        parameters: OpaquePointer?
    ) -> AnchorVerification {
        let failed = AnchorVerification(anchors: .presentedCertificate(key), completed: false, problems: [])
        guard let store = X509_STORE_new() else { return failed }
        defer { X509_STORE_free(store) }
        guard X509_STORE_add_cert(store, anchor) == 1, let context = X509_STORE_CTX_new() else { return failed }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store, leaf, untrusted) == 1 else { return failed }
        if let parameters, let own = X509_STORE_CTX_get0_param(context) { _ = X509_VERIFY_PARAM_set1(own, parameters) }
        configure(context, time: time)
        return verify(context, anchors: .presentedCertificate(key), caFileFingerprints: [])
    }

    /// Runs `X509_verify_cert` in strict mode, carrying on past each error to collect every one. When it
    /// finds something, the same verification runs again without strict mode (`lenientRun`), so that
    /// what only strict mode finds is told apart (`AnchorVerification.strictFindings`): the policy
    /// decides which of those count for the path's anchor (`StrictCheck`).
    private static func verify(
        _ storeContext: OpaquePointer, anchors: AnchorVerification.Anchors, caFileFingerprints: Set<[UInt8]>
    ) -> AnchorVerification {
        let strict = run(storeContext)
        var anchoredByCAFile = false
        if strict.completed, let anchor = strict.path.last {
            anchoredByCAFile = caFileFingerprints.contains(
                CertificateReader.sha256(CertificateReader.derBytes(of: anchor)))
        }
        let path = strict.path.map { SPKIPin(digest: CertificateReader.sha256(CertificateReader.spkiBytes(of: $0))) }
        var findings = strict.findings
        if !strict.completed && findings.isEmpty {
            // OpenSSL stopped without calling back (an internal error): still a reason, never a pass.
            let code = X509_STORE_CTX_get_error(storeContext)
            let reported = code == X509_V_OK ? X509_V_ERR_UNSPECIFIED : code
            findings.append(
                VerificationFinding(
                    code: reported, depth: -1, problem: VerificationProblem(openSSLCode: reported, certificate: nil)))
        }
        // What strict mode alone found: every finding unless the run without strict mode built the same
        // path and did not find it. When that run cannot be made, everything counts as a path problem;
        // whatever that run finds counts too (strict mode only adds checks, so it should find nothing new).
        var strictOnly = Set<VerificationFinding.Key>()
        if strict.completed, !findings.isEmpty, let lenient = lenientRun(like: storeContext), lenient.completed,
            lenient.path == strict.path.map(CertificateReader.derBytes(of:))
        {
            strictOnly = Set(findings.map(\.key)).subtracting(lenient.findings.map(\.key))
            findings += lenient.findings.filter { found in !findings.contains { $0.key == found.key } }
        }
        let pathProblems = distinct(findings.filter { !strictOnly.contains($0.key) }.map(\.problem))
        let strictFindings = distinct(
            findings.filter { strictOnly.contains($0.key) }.map {
                StrictFinding(code: Int($0.code), problem: $0.problem)
            })
        ERR_clear_error()
        return AnchorVerification(
            anchors: anchors, completed: strict.completed, problems: pathProblems, strictFindings: strictFindings,
            path: path, anchoredByCAFile: anchoredByCAFile)
    }

    /// One `X509_verify_cert` over `storeContext` as configured, collecting every error; the path it
    /// built (leaf first, not owned: valid while the context lives).
    private static func run(_ storeContext: OpaquePointer) -> (
        completed: Bool, findings: [VerificationFinding], path: [OpaquePointer]
    ) {
        let collector = VerificationCollector()
        let completed = withExtendedLifetime(collector) { () -> Bool in
            X509_STORE_CTX_set_ex_data(storeContext, collectorIndex, Unmanaged.passUnretained(collector).toOpaque())
            X509_STORE_CTX_set_verify_cb(storeContext, collectVerificationError)
            defer {
                X509_STORE_CTX_set_ex_data(storeContext, collectorIndex, nil)
                X509_STORE_CTX_set_verify_cb(storeContext, nil)
            }
            return X509_verify_cert(storeContext) == 1
        }
        var path: [OpaquePointer] = []
        if let built = X509_STORE_CTX_get0_chain(storeContext) {
            path = (0..<rm_sk_X509_num(built)).compactMap { rm_sk_X509_value(built, $0) }
        }
        ERR_clear_error()
        return (completed, collector.findings, path)
    }

    /// The verification `storeContext` ran (its store, leaf, presented chain and parameters), again on a
    /// fresh context without strict X.509 mode, as curl and `openssl verify` run it. Nil when the context
    /// cannot be made.
    private static func lenientRun(like storeContext: OpaquePointer) -> (
        completed: Bool, findings: [VerificationFinding], path: [[UInt8]]
    )? {
        guard let store = X509_STORE_CTX_get0_store(storeContext), let leaf = X509_STORE_CTX_get0_cert(storeContext),
            let context = X509_STORE_CTX_new()
        else { return nil }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store, leaf, X509_STORE_CTX_get0_untrusted(storeContext)) == 1,
            let own = X509_STORE_CTX_get0_param(context), let parameters = X509_STORE_CTX_get0_param(storeContext),
            X509_VERIFY_PARAM_set1(own, parameters) == 1
        else { return nil }
        _ = X509_STORE_CTX_set_purpose(context, X509_PURPOSE_SSL_SERVER)
        X509_VERIFY_PARAM_clear_flags(own, UInt(X509_V_FLAG_X509_STRICT))
        X509_VERIFY_PARAM_set_flags(own, UInt(X509_V_FLAG_PARTIAL_CHAIN))
        let lenient = run(context)
        return (lenient.completed, lenient.findings, lenient.path.map(CertificateReader.derBytes(of:)))
    }

    private static func distinct<Element: Hashable>(_ items: [Element]) -> [Element] {
        var seen = Set<Element>()
        return items.filter { seen.insert($0).inserted }
    }

    private static func certificate(der: [UInt8]) -> OpaquePointer? {
        der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_X509(nil, &cursor, buffer.count)
        }
    }
}

/// One error OpenSSL reported: its code, the depth of the certificate in the path (-1: none), and the
/// problem it reads as.
struct VerificationFinding {
    struct Key: Hashable {
        var code: Int32
        var depth: Int32
    }

    var code: Int32
    var depth: Int32
    var problem: VerificationProblem
    var key: Key { Key(code: code, depth: depth) }
}

/// Every error OpenSSL reports while verifying one chain (not only the last one). A class, so that
/// OpenSSL's ex-data slot holds a reference that outlives the call, not a pointer to a local.
final class VerificationCollector {
    private(set) var findings: [VerificationFinding] = []

    func record(code: Int32, depth: Int32, certificate: OpaquePointer?) {
        let facts = certificate.map { CertificateReader.facts(of: $0) }
        let finding = VerificationFinding(
            code: code, depth: depth, problem: VerificationProblem(openSSLCode: code, certificate: facts))
        if !findings.contains(where: { $0.key == finding.key }) { findings.append(finding) }
    }
}

/// Our own ex-data slot on X509_STORE_CTX, where the collector of the verification in progress is kept.
private let collectorIndex: Int32 = rm_X509_STORE_CTX_get_ex_new_index()

/// OpenSSL's per-certificate callback: records the error and carries on, so that every problem is found.
private func collectVerificationError(_ preverifyOK: Int32, _ storeContext: OpaquePointer?) -> Int32 {
    guard preverifyOK == 0, let storeContext else { return 1 }
    let code = X509_STORE_CTX_get_error(storeContext)
    if let raw = X509_STORE_CTX_get_ex_data(storeContext, collectorIndex) {
        Unmanaged<VerificationCollector>.fromOpaque(raw).takeUnretainedValue()
            .record(
                code: code, depth: X509_STORE_CTX_get_error_depth(storeContext),
                certificate: X509_STORE_CTX_get_current_cert(storeContext))
    }
    return 1
}
