/// When `check` warns ahead of a certificate's expiry (PRODUCT.md §2: "Expiry warnings follow the
/// certificate's schedule: an automatically renewed certificate warns only when its renewal is
/// overdue"). Pure: the certificate's dates, its role, the rule and an injected time.
///
/// A certificate warns when less is left than the smaller of DAYS (`--warn-expiry DAYS`, else 14)
/// and its renewal margin: what is left of it once its renewal is overdue.
/// - A leaf (or the client certificate) is renewed when a third of its lifetime is left: certbot at
///   30 of 90 days, Caddy (certmagic's `DefaultRenewalWindowRatio`) at 4 of 12 hours, checked every
///   10 minutes; `step certificate needs-renewal` answers the same. Its renewal is overdue at a
///   quarter: the twelfth between is the renewer's own delay (Caddy's 10-minute round, certbot's
///   timer that runs twice a day with up to 12 hours of random delay).
/// - A CA certificate the server sends (an intermediate) is renewed by its CA later and reaches the
///   server only with the server's next leaf: Caddy renews its 7-day intermediate when a fifth is
///   left (`caddypki` `renewalWindowRatio` 0.2) and serves the old one until its 12-hour leaf is
///   renewed, so as little as ~25 hours (15%) is seen. Overdue at a tenth.
/// So a Caddy leaf warns under 3 hours left, its intermediate under 16.8 hours, a 90-day certificate
/// at DAYS (its quarter is 22.5 days), and `--warn-expiry 21` stays quiet while renewals happen.
public struct ExpiryRule: Sendable, Equatable {
    /// `check --warn-expiry DAYS`; nil: 14 days.
    public var warnDays: Int?

    public static let defaultDays: Int64 = 14
    static let day: Int64 = 86_400

    public init(warnDays: Int? = nil) { self.warnDays = warnDays }

    /// Which schedule a certificate is renewed on.
    public enum Role: Sendable, Equatable {
        /// The server's own certificate, or the client certificate: renewed at a third, overdue at a quarter.
        case leaf
        /// A CA certificate of the presented chain (an intermediate, or a root the server sends):
        /// renewed by its CA, seen with the server's next leaf; overdue at a tenth.
        case authority

        /// The share of the lifetime left when a renewal is overdue: 1/4 or 1/10.
        public var overdueDivisor: Int64 {
            switch self {
            case .leaf: 4
            case .authority: 10
            }
        }
    }

    /// Why a certificate warns at the time it does.
    public enum Threshold: Sendable, Equatable {
        /// The days without `--warn-expiry`: 14.
        case days(Int64)
        /// `--warn-expiry DAYS`.
        case warnExpiry(Int)
        /// The renewal margin, smaller than the days: the certificate's renewal is overdue (the
        /// lifetime in seconds, and the role that says which share of it).
        case renewalOverdue(lifetime: Int64, Role)

        public var seconds: Int64 {
            switch self {
            case .days(let days): days.multipliedReportingOverflow(by: ExpiryRule.day).partialValue
            case .warnExpiry(let days):
                Int64(days).multipliedReportingOverflow(by: ExpiryRule.day).partialValue
            case .renewalOverdue(let lifetime, let role): lifetime / role.overdueDivisor
            }
        }
    }

    /// The threshold for a certificate valid from `notBefore` to `notAfter` with `role`.
    public func threshold(notBefore: Int64, notAfter: Int64, role: Role = .leaf) -> Threshold {
        let days: Threshold = warnDays.map { .warnExpiry($0) } ?? .days(Self.defaultDays)
        let lifetime = notAfter.subtractingReportingOverflow(notBefore)
        guard !lifetime.overflow else { return days }
        let margin = Threshold.renewalOverdue(lifetime: max(0, lifetime.partialValue), role)
        return margin.seconds < days.seconds ? margin : days
    }

    /// Less is left of the certificate than its threshold (an expired one too).
    public func isExpiring(notBefore: Int64, notAfter: Int64, role: Role = .leaf, now: Int64) -> Bool {
        let left = notAfter.subtractingReportingOverflow(now)
        if left.overflow { return now > notAfter }  // far apart: expired long ago, or far in the future
        return left.partialValue < threshold(notBefore: notBefore, notAfter: notAfter, role: role).seconds
    }

    public func isExpiring(_ certificate: CertificateFacts, role: Role, now: Int64) -> Bool {
        isExpiring(notBefore: certificate.notBefore, notAfter: certificate.notAfter, role: role, now: now)
    }

    /// The role of the certificate at `index` of a presented chain: the first is the leaf.
    public static func role(inChainAt index: Int) -> Role { index == 0 ? .leaf : .authority }
}
