import RemissionTrust
import Testing

/// `check`'s expiry warning: less than DAYS (14, or `--warn-expiry DAYS`) left and the renewal
/// overdue (a quarter of a leaf's lifetime left, a tenth of an intermediate's).
@Suite("expiry rule (pure)")
struct ExpiryRuleTests {
    static let hour: Int64 = 3600
    static let minute: Int64 = 60
    static let day: Int64 = 86_400

    struct Row: Sendable, CustomTestStringConvertible {
        var lifetime: Int64
        var left: Int64
        var warnDays: Int?
        var role: ExpiryRule.Role = .leaf
        var warns: Bool
        var why: String
        var testDescription: String { why }
    }

    static let table: [Row] = [
        // The default, 14 days, for long lifetimes.
        Row(lifetime: 90 * day, left: 15 * day, warnDays: nil, warns: false, why: "90 days, 15 left"),
        Row(lifetime: 90 * day, left: 14 * day, warnDays: nil, warns: false, why: "exactly 14 days left: not less"),
        Row(lifetime: 90 * day, left: 14 * day - 1, warnDays: nil, warns: true, why: "a second under 14 days"),
        Row(lifetime: 90 * day, left: 3 * day, warnDays: nil, warns: true, why: "90 days, 3 left"),
        Row(lifetime: 398 * day, left: 13 * day, warnDays: nil, warns: true, why: "a 398-day certificate at 13"),
        // A 30-day certificate: renewed at 10 days, overdue at 7.5.
        Row(lifetime: 30 * day, left: 9 * day, warnDays: nil, warns: false, why: "30 days: 9 left, renewal due"),
        Row(lifetime: 30 * day, left: 7 * day, warnDays: nil, warns: true, why: "30 days: 7 left, overdue"),
        // Caddy's 12-hour leaf: certmagic renews it at 4 hours left, every 10 minutes; overdue at 3.
        Row(lifetime: 12 * hour, left: 11 * hour, warnDays: nil, warns: false, why: "Caddy leaf, fresh"),
        Row(lifetime: 12 * hour, left: 4 * hour, warnDays: nil, warns: false, why: "Caddy leaf, renewal due"),
        Row(
            lifetime: 12 * hour, left: 4 * hour - 10 * minute, warnDays: nil, warns: false,
            why: "Caddy leaf, a renewal round late"),
        Row(lifetime: 12 * hour, left: 3 * hour, warnDays: nil, warns: false, why: "Caddy leaf, exactly a quarter"),
        Row(lifetime: 12 * hour, left: 3 * hour - 1, warnDays: nil, warns: true, why: "Caddy leaf, overdue"),
        // step-ca's day: renewed at 8 hours left, overdue at 6.
        Row(lifetime: 24 * hour, left: 7 * hour, warnDays: nil, warns: false, why: "step-ca leaf, renewal due"),
        Row(lifetime: 24 * hour, left: 5 * hour, warnDays: nil, warns: true, why: "step-ca leaf, overdue"),
        // Caddy's 7-day intermediate: renewed by Caddy at a fifth (33.6 h), served until the next
        // leaf (≥ ~25 h seen); overdue at a tenth (16.8 h). As a leaf it would warn at a quarter.
        Row(
            lifetime: 7 * day, left: 25 * hour, warnDays: nil, role: .authority, warns: false,
            why: "Caddy intermediate, as served after its renewal"),
        Row(
            lifetime: 7 * day, left: 17 * hour, warnDays: nil, role: .authority, warns: false,
            why: "Caddy intermediate, still above a tenth"),
        Row(
            lifetime: 7 * day, left: 16 * hour, warnDays: nil, role: .authority, warns: true,
            why: "Caddy intermediate, overdue"),
        Row(lifetime: 7 * day, left: 25 * hour, warnDays: nil, warns: true, why: "the same dates as a leaf"),
        Row(
            lifetime: 5 * 365 * day, left: 20 * day, warnDays: nil, role: .authority, warns: false,
            why: "a public intermediate, 20 days left"),
        Row(
            lifetime: 5 * 365 * day, left: 13 * day, warnDays: nil, role: .authority, warns: true,
            why: "a public intermediate, 13 days left"),
        Row(lifetime: 90 * day, left: -day, warnDays: nil, warns: true, why: "expired"),
        // --warn-expiry DAYS in place of 14, the renewal margin as before.
        Row(lifetime: 12 * hour, left: 3 * hour, warnDays: 0, warns: false, why: "--warn-expiry 0: not expired"),
        Row(lifetime: 12 * hour, left: -1, warnDays: 0, warns: true, why: "--warn-expiry 0: expired"),
        Row(lifetime: 12 * hour, left: 11 * hour, warnDays: 1, warns: false, why: "--warn-expiry 1, Caddy leaf fresh"),
        Row(lifetime: 12 * hour, left: 2 * hour, warnDays: 1, warns: true, why: "--warn-expiry 1, Caddy overdue"),
        Row(lifetime: 12 * hour, left: 5 * hour, warnDays: 21, warns: false, why: "--warn-expiry 21, Caddy due soon"),
        Row(lifetime: 12 * hour, left: 2 * hour, warnDays: 21, warns: true, why: "--warn-expiry 21, Caddy overdue"),
        Row(lifetime: 90 * day, left: 20 * day, warnDays: 21, warns: true, why: "--warn-expiry 21, certbot at 20"),
        Row(lifetime: 90 * day, left: 22 * day, warnDays: 21, warns: false, why: "--warn-expiry 21, certbot at 22"),
        Row(
            lifetime: 90 * day, left: 25 * day, warnDays: 30, warns: false,
            why: "--warn-expiry 30, certbot renewing (due at 30, overdue at 22.5)"),
        Row(lifetime: 90 * day, left: 22 * day, warnDays: 30, warns: true, why: "--warn-expiry 30, certbot overdue"),
        Row(lifetime: 3650 * day, left: 400 * day, warnDays: 365, warns: false, why: "--warn-expiry 365, 10 years"),
        Row(lifetime: 3650 * day, left: 300 * day, warnDays: 365, warns: true, why: "--warn-expiry 365, 300 left"),
    ]

    @Test("warns when less than DAYS is left and the renewal is overdue", arguments: table)
    func rule(row: Row) {
        let now: Int64 = 1_795_000_000
        let notAfter = now + row.left
        let rule = ExpiryRule(warnDays: row.warnDays)
        #expect(
            rule.isExpiring(notBefore: notAfter - row.lifetime, notAfter: notAfter, role: row.role, now: now)
                == row.warns)
    }

    /// A renewer at a third, with its own delay, seen by `--warn-expiry 21` every 5 minutes of a
    /// lifetime: quiet until a quarter is left, then every check warns.
    @Test(
        "a lifetime checked every 5 minutes: quiet while on schedule, warns once overdue",
        arguments: [(12 * hour, ExpiryRule.Role.leaf), (24 * hour, .leaf), (7 * day, .authority)])
    func lifetime(lifetime: Int64, role: ExpiryRule.Role) {
        let rule = ExpiryRule(warnDays: 21)
        let notBefore: Int64 = 1_795_000_000
        let overdueAt = notBefore + lifetime - lifetime / role.overdueDivisor
        for now in stride(from: notBefore, to: notBefore + lifetime, by: 300) {
            let warns = rule.isExpiring(notBefore: notBefore, notAfter: notBefore + lifetime, role: role, now: now)
            #expect(warns == (now > overdueAt), "\(now - notBefore) s into \(lifetime) s")
        }
    }

    @Test("the threshold says why")
    func thresholds() {
        #expect(ExpiryRule().threshold(notBefore: 0, notAfter: 90 * Self.day) == .days(14))
        #expect(
            ExpiryRule().threshold(notBefore: 0, notAfter: 12 * Self.hour)
                == .renewalOverdue(lifetime: 12 * Self.hour, .leaf))
        #expect(ExpiryRule().threshold(notBefore: 0, notAfter: 12 * Self.hour).seconds == 3 * Self.hour)
        #expect(
            ExpiryRule().threshold(notBefore: 0, notAfter: 7 * Self.day, role: .authority).seconds
                == 7 * Self.day / 10)
        #expect(ExpiryRule(warnDays: 30).threshold(notBefore: 0, notAfter: 365 * Self.day) == .warnExpiry(30))
        #expect(
            ExpiryRule(warnDays: 30).threshold(notBefore: 0, notAfter: 12 * Self.hour)
                == .renewalOverdue(lifetime: 12 * Self.hour, .leaf))
        #expect(ExpiryRule(warnDays: 0).threshold(notBefore: 0, notAfter: 12 * Self.hour) == .warnExpiry(0))
    }

    @Test("the chain's first certificate is the leaf, the others are CA certificates")
    func roles() {
        #expect(ExpiryRule.role(inChainAt: 0) == .leaf)
        #expect(ExpiryRule.role(inChainAt: 1) == .authority)
        #expect(ExpiryRule.role(inChainAt: 2) == .authority)
    }

    @Test("any dates, however far apart, give an answer without trapping")
    func extremes() {
        let rule = ExpiryRule()
        for role in [ExpiryRule.Role.leaf, .authority] {
            #expect(rule.isExpiring(notBefore: .min, notAfter: .min, role: role, now: .max))
            #expect(!rule.isExpiring(notBefore: .min, notAfter: .max, role: role, now: .min))
            #expect(!rule.isExpiring(notBefore: .max, notAfter: .max, role: role, now: 0))
            #expect(rule.isExpiring(notBefore: .max, notAfter: .min, role: role, now: 0))
            #expect(ExpiryRule(warnDays: 3650).isExpiring(notBefore: 0, notAfter: .max, role: role, now: .min) == false)
            #expect(!rule.isExpiring(notBefore: .min, notAfter: .max / 2, role: role, now: 0))
        }
    }
}
