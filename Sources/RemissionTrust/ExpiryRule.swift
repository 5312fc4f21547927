/// When `check` warns ahead of a certificate's expiry (PRODUCT.md §1). Pure: the certificate's dates,
/// the rule and an injected time.
///
/// Without `--warn-expiry`, a certificate warns when less is left than the smaller of 14 days and a
/// third of its lifetime: a 90-day ACME certificate at 14 days (certbot renews at 30), a 30-day one at
/// 10, a 12-hour Caddy leaf only when its renewal is overdue (under 4 hours; Caddy renews it at two
/// thirds, as `step certificate needs-renewal` does). With `--warn-expiry DAYS` the threshold is DAYS
/// for every certificate, so a monitor's question has one answer whatever the lifetimes.
public struct ExpiryRule: Sendable, Equatable {
    /// `check --warn-expiry DAYS`; nil: the rule above.
    public var warnDays: Int?

    public static let defaultDays: Int64 = 14
    static let day: Int64 = 86_400

    public init(warnDays: Int? = nil) { self.warnDays = warnDays }

    /// Why a certificate warns at the time it does.
    public enum Threshold: Sendable, Equatable {
        /// The first half of the rule: 14 days.
        case days(Int64)
        /// A third of a lifetime shorter than 42 days (the lifetime in seconds).
        case thirdOfLifetime(Int64)
        /// `--warn-expiry DAYS`.
        case warnExpiry(Int)

        public var seconds: Int64 {
            switch self {
            case .days(let days): days.multipliedReportingOverflow(by: ExpiryRule.day).partialValue
            case .thirdOfLifetime(let lifetime): lifetime / 3
            case .warnExpiry(let days):
                Int64(days).multipliedReportingOverflow(by: ExpiryRule.day).partialValue
            }
        }
    }

    /// The threshold for a certificate valid from `notBefore` to `notAfter`.
    public func threshold(notBefore: Int64, notAfter: Int64) -> Threshold {
        if let warnDays { return .warnExpiry(warnDays) }
        let lifetime = notAfter.subtractingReportingOverflow(notBefore)
        guard !lifetime.overflow, lifetime.partialValue / 3 < Self.defaultDays * Self.day else {
            return .days(Self.defaultDays)
        }
        return .thirdOfLifetime(max(0, lifetime.partialValue))
    }

    /// Less is left of the certificate than its threshold (an expired one too).
    public func isExpiring(notBefore: Int64, notAfter: Int64, now: Int64) -> Bool {
        let left = notAfter.subtractingReportingOverflow(now)
        if left.overflow { return now > notAfter }  // far apart: expired long ago, or far in the future
        return left.partialValue < threshold(notBefore: notBefore, notAfter: notAfter).seconds
    }

    public func isExpiring(_ certificate: CertificateFacts, now: Int64) -> Bool {
        isExpiring(notBefore: certificate.notBefore, notAfter: certificate.notAfter, now: now)
    }
}
