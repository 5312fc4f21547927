import RemissionTrust
import Testing

/// `check`'s expiry warning: the smaller of 14 days and a third of the lifetime, or `--warn-expiry DAYS`.
@Suite("expiry rule (pure)")
struct ExpiryRuleTests {
    static let hour: Int64 = 3600
    static let day: Int64 = 86_400

    /// (lifetime, left, --warn-expiry, warns)
    static let table: [(Int64, Int64, Int?, Bool)] = [
        (90 * day, 15 * day, nil, false),
        (90 * day, 14 * day, nil, false),  // exactly 14 days left: not yet less
        (90 * day, 14 * day - 1, nil, true),
        (90 * day, 3 * day, nil, true),
        (398 * day, 13 * day, nil, true),
        (30 * day, 11 * day, nil, false),  // a third of 30 days: 10
        (30 * day, 9 * day, nil, true),
        (12 * hour, 5 * hour, nil, false),  // a Caddy leaf, renewed at 4 h left
        (12 * hour, 4 * hour, nil, false),
        (12 * hour, 3 * hour, nil, true),  // its renewal is overdue
        (24 * hour, 7 * hour, nil, true),  // step-ca's day: a third is 8 h
        (7 * day, 3 * day, nil, false),  // Caddy's intermediate
        (7 * day, 2 * day, nil, true),
        (90 * day, -day, nil, true),  // expired
        (12 * hour, 3 * hour, 0, false),  // --warn-expiry 0: only what has expired
        (12 * hour, -1, 0, true),
        (12 * hour, 11 * hour, 1, true),  // --warn-expiry DAYS is DAYS for every certificate
        (90 * day, 20 * day, 21, true),
        (90 * day, 22 * day, 21, false),
        (3650 * day, 400 * day, 365, false),
    ]

    @Test("warns when less is left than min(14 days, a third of the lifetime), or DAYS", arguments: table.indices)
    func rule(index: Int) {
        let (lifetime, left, warnDays, warns) = Self.table[index]
        let now: Int64 = 1_795_000_000
        let notAfter = now + left
        let rule = ExpiryRule(warnDays: warnDays)
        #expect(rule.isExpiring(notBefore: notAfter - lifetime, notAfter: notAfter, now: now) == warns)
    }

    @Test("the threshold says why")
    func thresholds() {
        #expect(ExpiryRule().threshold(notBefore: 0, notAfter: 90 * Self.day) == .days(14))
        #expect(ExpiryRule().threshold(notBefore: 0, notAfter: 12 * Self.hour) == .thirdOfLifetime(12 * Self.hour))
        #expect(ExpiryRule().threshold(notBefore: 0, notAfter: 12 * Self.hour).seconds == 4 * Self.hour)
        #expect(ExpiryRule(warnDays: 30).threshold(notBefore: 0, notAfter: 12 * Self.hour) == .warnExpiry(30))
    }

    @Test("any dates, however far apart, give an answer without trapping")
    func extremes() {
        let rule = ExpiryRule()
        #expect(rule.isExpiring(notBefore: .min, notAfter: .min, now: .max))
        #expect(!rule.isExpiring(notBefore: .min, notAfter: .max, now: .min))
        #expect(!rule.isExpiring(notBefore: .max, notAfter: .max, now: 0))
        #expect(rule.isExpiring(notBefore: .max, notAfter: .min, now: 0))
        #expect(ExpiryRule(warnDays: 3650).isExpiring(notBefore: 0, notAfter: .max, now: .min) == false)
    }
}
