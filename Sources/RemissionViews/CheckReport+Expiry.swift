import RemissionModel
import RemissionTrust

/// One certificate `check` looked at for its expiry: each of the presented chain, and the client
/// certificate. `--json` carries every one (`certificates`); the text warns of the expiring ones.
public struct CertificateExpiry: Sendable, Equatable {
    public enum Role: String, Sendable, Equatable {
        case leaf, intermediate, root, client

        /// The schedule it is renewed on: the server's and the client's own certificates as leaves,
        /// the CA certificates the server sends on their CA's.
        var schedule: ExpiryRule.Role {
            switch self {
            case .leaf, .client: .leaf
            case .intermediate, .root: .authority
            }
        }
    }

    public var role: Role
    public var subject: String
    /// The names it covers, which name it in the text when it has no subject (`CertificateName`).
    public var names: [SubjectAltName] = []
    public var notBefore: Int64
    public var notAfter: Int64
    /// Less is left than `threshold` (`ExpiryRule`).
    public var expiring: Bool
    public var threshold: ExpiryRule.Threshold

    /// The presented chain's certificates, leaf first, then the client certificate.
    public static func of(
        chain: PresentedChain?, client: CertificateFacts?, rule: ExpiryRule, now: Int64
    ) -> [CertificateExpiry] {
        var roles: [(Role, CertificateFacts)] = (chain?.certificates ?? []).enumerated().map { index, certificate in
            (index == 0 ? .leaf : certificate.isSelfIssued ? .root : .intermediate, certificate)
        }
        if let client { roles.append((.client, client)) }
        return roles.map { role, certificate in
            CertificateExpiry(
                role: role, subject: certificate.subject, names: certificate.subjectAltNames,
                notBefore: certificate.notBefore,
                notAfter: certificate.notAfter, expiring: rule.isExpiring(certificate, role: role.schedule, now: now),
                threshold: rule.threshold(
                    notBefore: certificate.notBefore, notAfter: certificate.notAfter, role: role.schedule))
        }
    }

    /// "warning: the intermediate certificate 'CN=…' expires 2026-12-01 (in 3 days), less than 14 days
    /// ahead: is its renewal running?", under check's tls step; "…: its renewal is overdue (less than a
    /// quarter of its 12 hours is left)" when the renewal margin decided (`ExpiryRule`).
    public func warningLine(now: Int64) -> String {
        let (name, date) = (CertificateName.of(subject: subject, names: names), Dates.day(notAfter))
        let when = Self.relativeTime(notAfter, now: now)
        let what =
            switch role {
            case .leaf: tr("the certificate '\(name)'")
            case .intermediate: tr("the intermediate certificate '\(name)'")
            case .root: tr("the root certificate '\(name)'")
            case .client: tr("the client certificate '\(name)'")
            }
        if notAfter <= now { return tr("warning: \(what) expired \(date) (\(when)).") }
        let within: String
        switch threshold {
        case .days(let days): within = tr("less than \(count: Int(days), "day", "days") ahead")
        case .warnExpiry(let days): within = tr("within the \(count: days, "day", "days") of --warn-expiry")
        case .renewalOverdue(let lifetime, let schedule):
            let share =
                switch schedule {
                case .leaf: tr("less than a quarter of its \(Self.duration(lifetime)) is left")
                case .authority: tr("less than a tenth of its \(Self.duration(lifetime)) is left")
                }
            return tr("warning: \(what) expires \(date) (\(when)): its renewal is overdue (\(share)).")
        }
        return tr("warning: \(what) expires \(date) (\(when)), \(within): is its renewal running?")
    }

    /// Like `Dates.relativeDays`, in hours when less than two days apart (a 12-hour leaf's "in 3 hours").
    static func relativeTime(_ instant: Int64, now: Int64) -> String {
        let past = now >= instant
        let distance = past ? UInt64(bitPattern: now &- instant) : UInt64(bitPattern: instant &- now)
        guard distance < 2 * 86_400 else { return Dates.relativeDays(instant, now: now) }
        let hours = Int(distance / 3600)
        switch (past, hours) {
        case (true, 0): return tr("less than an hour ago")
        case (false, 0): return tr("in less than an hour")
        case (true, _): return tr("\(count: hours, "hour", "hours") ago")
        case (false, _): return tr("in \(count: hours, "hour", "hours")")
        }
    }

    /// A lifetime: "12 hours", "30 days".
    static func duration(_ seconds: Int64) -> String {
        seconds < 2 * 86_400
            ? tr("\(count: Int(seconds / 3600), "hour", "hours")")
            : tr("\(count: Int(seconds / 86_400), "day", "days")")
    }

    /// `2026-12-01T08:30:00Z`: ISO 8601 in UTC, for `--json`.
    public static func iso8601(_ unixSeconds: Int64) -> String {
        let date = UTCDate(unixSeconds: unixSeconds)
        return "\(date)T\(padded(Int64(date.hour), 2)):\(padded(Int64(date.minute), 2)):"
            + "\(padded(Int64(date.second), 2))Z"
    }

    public var jsonValue: JSONValue {
        .object([
            "role": .string(role.rawValue),
            "subject": .string(subject),
            "notAfter": .string(Self.iso8601(notAfter)),
            "expiring": .bool(expiring),
        ])
    }
}

extension CheckReport {
    /// Some certificate expires within its threshold (`ExpiryRule`).
    public var expiring: Bool { certificates.contains(where: \.expiring) }

    /// The first certificate to expire among the expiring ones.
    var soonestExpiring: CertificateExpiry? {
        certificates.filter(\.expiring).min { $0.notAfter < $1.notAfter }
    }
}
