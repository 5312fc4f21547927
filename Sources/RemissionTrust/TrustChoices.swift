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

    /// Below this lifetime an issuer is not recommended when its root can be named (a year).
    public static let longLifetime: Int64 = 365 * 86_400

    /// The choices for `chain`. The issuer and the root are chosen by signature (`SignatureLinks`): the
    /// certificate whose key verifies the leaf, and the self-signed one the signature path ends in, each
    /// offered only when the chain verifies with it as the only anchor. Never by name or position.
    public init(chain: PresentedChain) {
        let certificates = chain.certificates
        let leaf = certificates.first
        let path = chain.signatures.path
        let rootIndex = path.count >= 2 && chain.signatures.isSelfSigned(path[path.count - 1]) ? path.last : nil
        let issuerIndex = path.count >= 2 ? path[1] : nil
        func anchors(_ index: Int) -> Bool {
            index < certificates.count && chain.anchorVerified(certificates[index].spkiPin)
        }
        var offered: [Choice] = [.certificate]
        if let issuerIndex, issuerIndex != rootIndex, anchors(issuerIndex) {
            offered.append(.issuerKey(certificates[issuerIndex].spkiPin))
        }
        if let rootIndex, anchors(rootIndex) { offered.append(.rootKey(certificates[rootIndex].spkiPin)) }
        // The root as a file when the server does not send one (whatever the names say, a sent root
        // that issued nothing by signature is no root to point at either).
        let issuedByCA = leaf.map { !$0.isSelfIssued } ?? false
        let rootSent = certificates.count >= 2 && certificates[certificates.count - 1].isSelfIssued
        if issuedByCA, rootIndex == nil, !rootSent { offered.append(.caFile) }
        self.offered = offered
        privateCA = PrivateCA(chain: chain)
        leafIsShortLived = leaf.map { $0.notAfter - $0.notBefore < Self.shortLifetime } ?? false

        // What survives renewals best: the root's key, else the root as a CA file when the issuer is
        // short-lived or a known private CA, else the issuer's key when it lives long, else the root as
        // a file, else this certificate.
        let issuerLifetime = issuerIndex.map { certificates[$0].notAfter - certificates[$0].notBefore } ?? 0
        if let root = offered.first(where: { if case .rootKey = $0 { true } else { false } }) {
            recommended = root
        } else if offered.contains(.caFile), privateCA != nil || issuerLifetime < Self.longLifetime {
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
