import Foundation
import RemissionTrust
import Testing
import TrustFixtures

@testable import RemissionViews

@Suite("UTC dates")
struct UTCDateTests {
    @Test(
        "known instants",
        arguments: [
            (Int64(0), "1970-01-01 00:00:00 UTC"),
            (-1, "1969-12-31 23:59:59 UTC"),
            (951_782_400, "2000-02-29 00:00:00 UTC"),  // Divisible by 400: a leap year.
            (1_709_164_800, "2024-02-29 00:00:00 UTC"),
            (1_700_000_000, "2023-11-14 22:13:20 UTC"),
            (4_107_542_400, "2100-03-01 00:00:00 UTC"),  // 2100 is not a leap year: Feb 28 + 1 day.
            (253_402_300_799, "9999-12-31 23:59:59 UTC"),
            (-62_135_596_800, "0001-01-01 00:00:00 UTC"),
            (-2_208_988_800, "1900-01-01 00:00:00 UTC"),
        ])
    func known(seconds: Int64, expected: String) {
        #expect(Units.dateTime(WallClock(unixSeconds: seconds, .utc)) == expected)
        #expect(UTCDate(unixSeconds: seconds).description == String(expected.prefix(10)))
    }

    @Test("agrees with Foundation's Gregorian calendar from 1600 to 2600")
    func matchesFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var mismatches: [Int64] = []
        // Every 13th day plus an odd time of day, across leap and century years, before and after 1970.
        for seconds in stride(from: Int64(-11_676_096_000), to: 19_880_236_800, by: 13 * 86_400 + 4_001) {
            let ours = UTCDate(unixSeconds: seconds)
            let parts = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds)))
            if parts.year.map(Int64.init) != ours.year || parts.month != ours.month || parts.day != ours.day
                || parts.hour != ours.hour || parts.minute != ours.minute || parts.second != ours.second
            {
                mismatches.append(seconds)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, the first at \(mismatches.prefix(3))")
    }

    @Test(
        "relative days",
        arguments: [
            (Int64(-12 * 86_400 - 5), "12 days ago"),
            (-86_400, "1 day ago"),
            (-3_600, "less than a day ago"),
            (0, "less than a day ago"),
            (3_600, "in less than a day"),
            (86_400, "in 1 day"),
            (30 * 86_400 + 1, "in 30 days"),
        ] as [(Int64, String)])
    func relative(offset: Int64, expected: String) {
        let now: Int64 = 1_767_225_600
        #expect(Dates.relativeDays(now + offset, now: now) == expected)
    }

    /// A damaged log line once held `"time": -9223372036854775808`: `remission log` trapped (SIGILL)
    /// in `floorDivision`'s `quotient * divisor`. Every Int64 is a date now, in either zone.
    @Test(
        "the ends of Int64 are dates in both zones, without a trap",
        arguments: [
            (Int64.max, "292277026596-12-04 15:30:07 UTC"),
            (Int64.min, "-292277022657-01-27 08:29:52 UTC"),
            (Int64.min + 1, "-292277022657-01-27 08:29:53 UTC"),
        ])
    func extremes(seconds: Int64, expected: String) {
        #expect(Units.dateTime(WallClock(unixSeconds: seconds, .utc)) == expected)
        // glibc's localtime_r cannot give such a year in a C int: the moment is written in UTC.
        #expect(WallClock(unixSeconds: seconds, .local) == WallClock(unixSeconds: seconds, .utc))
        #expect(!Units.dateTime(WallClock(unixSeconds: seconds, .local)).isEmpty)
        #expect(UTCDate(unixSeconds: seconds).description == String(expected.split(separator: " ")[0]))
    }

    @Test("floorDivision, civil(fromDays:) and relativeDays take every Int64")
    func arithmeticWithoutOverflow() {
        #expect(floorDivision(.min, 86_400) == (-106_751_991_167_301, 30_592))
        #expect(floorDivision(.max, 86_400) == (106_751_991_167_300, 55_807))
        #expect(floorDivision(-1, 86_400) == (-1, 86_399))
        #expect(floorDivision(.min, 1) == (.min, 0))
        #expect(civil(fromDays: 0) == (1970, 1, 1))
        #expect(civil(fromDays: .max).month >= 1)
        #expect(civil(fromDays: .min).day >= 1)
        #expect(Dates.relativeDays(.min, now: .max) == "213503982334601 days ago")
        #expect(Dates.relativeDays(.max, now: .min) == "in 213503982334601 days")
    }
}
