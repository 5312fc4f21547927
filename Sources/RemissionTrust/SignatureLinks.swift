/// Which presented certificates' public keys verify which presented certificates' signatures, checked
/// with OpenSSL (`X509_verify`) by the transport: by signature, never by name. A server chooses the
/// names its certificates carry (an impostor copies the real CA's), but it cannot make a key it does
/// not hold verify a signature, so this is what tells the certificate that really issued the leaf.
///
/// What the advice rests on (`TrustAdvice`): a renewal is proven only when the new leaf verifies under
/// a key already trusted or recorded; `trust pin --issuer|--root` take the keys found here.
public struct SignatureLinks: Sendable, Hashable {
    /// For each presented certificate (leaf first, at most `maximumExamined`), the indices of the
    /// presented certificates whose key verifies its signature: itself for a self-signed one. Empty
    /// when the links were not examined (a trusted handshake never needs them).
    public var signers: [[Int]]

    /// The transport examines at most this many presented certificates (n² signature checks).
    public static let maximumExamined = 8

    public init(signers: [[Int]] = []) { self.signers = signers }

    /// Whether the transport examined the chain's signatures.
    public var examined: Bool { !signers.isEmpty }

    /// The first presented certificate other than `index` whose key verifies `index`'s signature.
    public func issuer(of index: Int) -> Int? {
        guard index >= 0, index < signers.count else { return nil }
        return signers[index].first { $0 != index }
    }

    /// Whether `index` verifies under its own key (a self-signed certificate, by signature).
    public func isSelfSigned(_ index: Int) -> Bool {
        index >= 0 && index < signers.count && signers[index].contains(index)
    }

    /// The leaf, the certificate whose key verifies it, that one's…, up to a self-signed one or one
    /// whose issuer was not presented; no certificate twice.
    public var path: [Int] {
        guard examined else { return [] }
        var path = [0]
        while let next = issuer(of: path[path.count - 1]), !path.contains(next) { path.append(next) }
        return path
    }
}

extension PresentedChain {
    /// The presented certificate whose key verifies the leaf's signature (its real issuer), if any.
    public var leafIssuer: CertificateFacts? {
        signatures.issuer(of: 0).flatMap { $0 < certificates.count ? certificates[$0] : nil }
    }

    /// The presented root that the signature path from the leaf ends in: a self-signed certificate
    /// reached from the leaf through issuers that each verify the one below. Nil when the server does
    /// not send it (Caddy never does) or the path breaks.
    public var signatureRoot: CertificateFacts? {
        let path = signatures.path
        guard path.count >= 2, let last = path.last, signatures.isSelfSigned(last), last < certificates.count
        else { return nil }
        return certificates[last]
    }

    /// Whether the leaf's signature verifies under the key `pin` of a presented certificate.
    public func leafVerifies(under pin: SPKIPin) -> Bool {
        guard signatures.examined else { return false }
        return signatures.signers[0].contains { $0 != 0 && $0 < certificates.count && certificates[$0].spkiPin == pin }
    }
}
