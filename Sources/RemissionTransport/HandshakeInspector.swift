import COpenSSL
import CShims
import RemissionModel
import RemissionTrust

/// Has trust decided inside the TLS handshake and records what it saw.
///
/// `configureContext` prepares an `SSL_CTX` (a server's, or an `https://` proxy's with its own
/// inspector): our store and `SSL_CTX_set_cert_verify_callback`.
/// OpenSSL then calls `verifyChain` with the presented chain before the handshake finishes; it gathers
/// the facts (`ChainExaminer`) and asks the pure `TrustPolicy`, so no request byte (above all no
/// `Authorization` header) leaves before the policy has decided.
///
/// - Warning: OpenSSL's own verification is replaced by the callback; this object is the only thing
///   standing between the user and an impostor. The host is taken from our endpoint, never from the connection.
final class HandshakeInspector {
    /// What the leaf must cover: the endpoint's host, read once (`PeerName`).
    let peerName: PeerName
    /// Every presented certificate after the leaf is tried as the only anchor, pinned or not.
    let examinesEveryPresentedAnchor: Bool
    let anchors: TrustAnchors
    /// The pure policy that decides over the facts gathered here.
    let policy: TrustPolicy
    /// Offered to a server that asks for a client certificate, once its own certificate is trusted.
    let clientIdentity: ClientIdentity?

    /// Results of the handshake in progress; reset before each exchange.
    var chain: PresentedChain?
    var decision: TrustDecision?
    var protocolVersion: String?
    var cipher: String?
    /// What the handshake showed of mutual TLS: the server asked for a client certificate, we sent
    /// ours, and the TLS alert the server sent, if any (its description, e.g. "unknown CA").
    var clientCertificateRequested = false
    var clientCertificateOffered = false
    var receivedAlert: String?

    init(
        endpoint: ServerEndpoint, anchors: TrustAnchors, clientIdentity: ClientIdentity?, policy: TrustPolicy,
        examinesEveryPresentedAnchor: Bool = false, tlsName: String? = nil
    ) {
        self.clientIdentity = clientIdentity
        self.peerName = PeerName(host: tlsName ?? endpoint.host)
        self.examinesEveryPresentedAnchor = examinesEveryPresentedAnchor
        self.anchors = anchors
        self.policy = policy
    }

    /// The policy refused the chain it saw: what the transport reports, whatever failed after.
    var trustRefusal: TransportError? {
        guard let decision, !decision.isTrusted, let chain else { return nil }
        return .trustRefused(decision, chain: chain)
    }

    /// The server asked for a client certificate after its own was trusted: when the connection
    /// then fails (the engine says whether it failed where such a refusal shows), the server refused
    /// ours, or wanted one and got none (its alert says which, when it sent one).
    var clientCertificateRefusal: TransportError? {
        guard clientCertificateRequested, decision?.isTrusted == true else { return nil }
        return .clientCertificateRefused(offered: clientCertificateOffered, alert: receivedAlert)
    }

    /// What this handshake showed, for the step report; nil when none was seen.
    var tlsReport: TLSReport? {
        guard chain != nil || protocolVersion != nil else { return nil }
        return TLSReport(
            protocolVersion: protocolVersion, cipher: cipher, chain: chain, decision: decision,
            clientCertificateRequested: clientCertificateRequested, clientCertificateOffered: clientCertificateOffered)
    }

    func reset() {
        chain = nil
        decision = nil
        protocolVersion = nil
        cipher = nil
        clientCertificateRequested = false
        clientCertificateOffered = false
        receivedAlert = nil
    }

    func configureContext(_ context: OpaquePointer) {
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        SSL_CTX_set1_cert_store(context, anchors.store)
        _ = rm_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION)
        // A resumed session skips the verify callback; trust must be decided on every connection.
        _ = rm_SSL_CTX_set_session_cache_mode(context, Int(SSL_SESS_CACHE_OFF))
        // No renegotiation: a server asking for one while we wait for its answer is refused at once
        // (a TLS 1.2 renegotiation would otherwise stall the read until --timeout).
        SSL_CTX_set_options(context, rm_SSL_OP_NO_TICKET() | rm_SSL_OP_NO_RENEGOTIATION())
        SSL_CTX_set_cert_verify_callback(context, verifyChainCallback, Unmanaged.passUnretained(self).toOpaque())
        // The client-certificate and info callbacks take no argument: they find us through the context.
        SSL_CTX_set_ex_data(context, inspectorIndex, Unmanaged.passUnretained(self).toOpaque())
        SSL_CTX_set_client_cert_cb(context, clientCertificateCallback)
        SSL_CTX_set_info_callback(context, alertCallback)
    }

    /// The server asked for a client certificate (OpenSSL calls this after the server's certificate
    /// was verified, in TLS 1.2 and 1.3 alike). Ours is offered only when the policy trusted the
    /// server in this very handshake: a server that is not trusted never sees it.
    func provideClientCertificate(
        _ ssl: OpaquePointer, certificate: UnsafeMutablePointer<OpaquePointer?>,
        key: UnsafeMutablePointer<OpaquePointer?>
    ) -> Int32 {
        clientCertificateRequested = true
        guard let identity = clientIdentity, decision?.isTrusted == true else { return 0 }
        for extra in identity.chain { _ = rm_SSL_add1_chain_cert(ssl, extra) }
        X509_up_ref(identity.certificate)
        EVP_PKEY_up_ref(identity.key)
        certificate.pointee = identity.certificate
        key.pointee = identity.key
        clientCertificateOffered = true
        return 1
    }

    /// Gathers the chain's facts (`ChainExaminer`), asks the policy, and returns 1 (trusted) or 0 (refused).
    func verifyChain(_ storeContext: OpaquePointer) -> Int32 {
        // Pins or an accepted certificate decide alone: the CA store then only adds notes, and the slow
        // bundle file is not worth parsing for them.
        if policy.consultsSystemStore {
            anchors.loadDeferredBundleIfNeeded(
                storeContext: storeContext, presented: ChainExaminer.untrustedCertificates(storeContext))
        }
        var presentedChain = ChainExaminer.examine(
            storeContext: storeContext, peerName: peerName, pinnedKeys: policy.pinnedKeys,
            everyPresentedAnchor: examinesEveryPresentedAnchor, time: nil,
            caFileFingerprints: anchors.caFileFingerprints)
        var decision = policy.evaluate(presentedChain)
        if !decision.isTrusted {
            // What advice rests on, only for a refusal: signatures, every presented CA as an anchor, the
            // CA file's certificates, the trust it was judged by. The decision is taken again over them
            // (a changed certificate's renewal is proven by signature); it can only refuse again.
            ChainExaminer.completeForAdvice(&presentedChain, storeContext: storeContext, time: nil)
            presentedChain.caFileCertificates = ChainExaminer.caFileFacts(anchors.caFile)
            presentedChain.judgedBy = policy.trust
            let again = policy.evaluate(presentedChain)
            if !again.isTrusted { decision = again }
        }
        self.chain = presentedChain
        self.decision = decision
        ERR_clear_error()
        if decision.isTrusted {
            X509_STORE_CTX_set_error(storeContext, X509_V_OK)
            return 1
        }
        X509_STORE_CTX_set_error(storeContext, X509_V_ERR_APPLICATION_VERIFICATION)
        return 0
    }
}

/// Our own ex-data slot on SSL_CTX, where the inspector of the handle is kept.
private let inspectorIndex: Int32 = rm_SSL_CTX_get_ex_new_index()

private func inspector(of ssl: OpaquePointer?) -> HandshakeInspector? {
    guard let ssl, let context = SSL_get_SSL_CTX(ssl), let raw = SSL_CTX_get_ex_data(context, inspectorIndex) else {
        return nil
    }
    return Unmanaged<HandshakeInspector>.fromOpaque(raw).takeUnretainedValue()
}

private func clientCertificateCallback(
    _ ssl: OpaquePointer?, _ certificate: UnsafeMutablePointer<OpaquePointer?>?,
    _ key: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    guard let ssl, let certificate, let key, let inspector = inspector(of: ssl) else { return 0 }
    return inspector.provideClientCertificate(ssl, certificate: certificate, key: key)
}

/// Records a fatal alert the server sent: how a server that is not nginx refuses a client certificate.
private func alertCallback(_ ssl: OpaquePointer?, _ whereFlags: Int32, _ value: Int32) {
    guard whereFlags & (SSL_CB_ALERT | SSL_CB_READ) == (SSL_CB_ALERT | SSL_CB_READ), value >> 8 == SSL3_AL_FATAL,
        let inspector = inspector(of: ssl)
    else {
        return
    }
    inspector.receivedAlert = String(cString: SSL_alert_desc_string_long(value))
}

private func verifyChainCallback(_ storeContext: OpaquePointer?, _ argument: UnsafeMutableRawPointer?) -> Int32 {
    guard let storeContext, let argument else { return 0 }
    return Unmanaged<HandshakeInspector>.fromOpaque(argument).takeUnretainedValue().verifyChain(storeContext)
}
