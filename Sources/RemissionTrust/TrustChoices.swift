/// What first contact can offer to trust besides this one certificate, and which choice survives the
/// server's renewals (PRODUCT.md §2: "offers trusting the private CA beside the leaf, and recommends
/// what survives renewals"). Pure: a function of the presented chain, whose facts include each
/// presented CA tried as the only anchor (`TransportOptions.examinesEveryPresentedAnchor`).
public struct TrustChoices: Sendable, Hashable {
    public enum Choice: Sendable, Hashable {
        /// Trust this exact certificate (trust on first use): replaced at every renewal.
        case certificate
        /// Pin the key of the certificate that issued the leaf (an intermediate): survives leaf renewals
        /// until the intermediate itself is replaced.
        case issuerKey(SPKIPin)
        /// Pin the key of the root the server sends: survives every renewal under that root.
        case rootKey(SPKIPin)
        /// Trust the CA's root certificate as the server's CA file: the server does not send it, so it
        /// is copied from the CA's machine (`privateCA` says where it lives when it is known).
        case caFile
    }

    /// What is offered, in the order shown; `.certificate` is always first.
    public var offered: [Choice]
    public var recommended: Choice
    /// A private CA recognised by its names.
    public var privateCA: PrivateCA?
    /// The leaf lives less than a week: accepting it alone means CERTIFICATE CHANGED within days.
    public var leafIsShortLived: Bool

    /// Below this lifetime a leaf is short-lived (a week).
    public static let shortLifetime: Int64 = 7 * 86_400

    public init(chain: PresentedChain) {
        let certificates = chain.certificates
        let leaf = certificates.first
        func anchors(_ index: Int) -> Bool {
            guard index < certificates.count else { return false }
            let key = certificates[index].spkiPin
            return chain.anchorVerifications.contains { $0.anchors == .presentedCertificate(key) && $0.verified }
        }
        let last = certificates.count - 1
        let rootSent = last >= 1 && certificates[last].isSelfIssued
        var offered: [Choice] = [.certificate]
        if certificates.count >= 2, !(rootSent && last == 1), anchors(1) {
            offered.append(.issuerKey(certificates[1].spkiPin))
        }
        if rootSent, anchors(last) { offered.append(.rootKey(certificates[last].spkiPin)) }
        let issuedByCA = leaf.map { !$0.isSelfIssued } ?? false
        if issuedByCA, !rootSent { offered.append(.caFile) }
        self.offered = offered
        privateCA = PrivateCA(chain: chain)
        leafIsShortLived = leaf.map { $0.notAfter - $0.notBefore < Self.shortLifetime } ?? false

        // What survives renewals best: the root's key, else the root as a CA file when the issuer is
        // short-lived or a known private CA, else the issuer's key, else this certificate.
        let issuerLifetime = certificates.count >= 2 ? certificates[1].notAfter - certificates[1].notBefore : 0
        if let root = offered.first(where: { if case .rootKey = $0 { true } else { false } }) {
            recommended = root
        } else if offered.contains(.caFile), privateCA != nil || issuerLifetime < 365 * 86_400 {
            recommended = .caFile
        } else if let issuer = offered.first(where: { if case .issuerKey = $0 { true } else { false } }) {
            recommended = issuer
        } else {
            recommended = offered.contains(.caFile) ? .caFile : .certificate
        }
    }
}

/// A private certificate authority recognised by the names it gives its certificates, with where its
/// root certificate lives (facts: Caddy's `modules/caddypki`, step-ca's and mkcert's documentation).
public enum PrivateCA: Sendable, Hashable {
    /// Caddy's `tls internal`: "Caddy Local Authority - … Root/Intermediate"; leaves of 12 hours.
    case caddy
    /// smallstep's step-ca: "… Intermediate CA" issued by "… Root CA"; leaves of 24 hours by default.
    case stepCA
    /// mkcert: "mkcert development CA".
    case mkcert

    init?(chain: PresentedChain) {
        let names = chain.certificates.flatMap { [$0.subject, $0.issuer] }
        if names.contains(where: { $0.contains("Caddy Local Authority") }) {
            self = .caddy
        } else if names.contains(where: { $0.contains("mkcert development CA") }) {
            self = .mkcert
        } else if chain.certificates.count >= 2,
            Self.commonName(chain.certificates[1].subject).hasSuffix(" Intermediate CA"),
            Self.commonName(chain.certificates[1].issuer).hasSuffix(" Root CA")
        {
            self = .stepCA
        } else {
            return nil
        }
    }

    /// The CN of an RFC 2253 name, or the whole name.
    private static func commonName(_ name: String) -> String {
        guard let range = name.firstRange(of: "CN=") else { return name }
        return String(name[range.upperBound...].prefix { $0 != "," })
    }
}
