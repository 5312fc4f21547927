extension CheckText {
    /// The line before each round of `check --watch` (text only; --json objects carry no stamp):
    /// `── 2026-11-25 05:30:12 CET ──`, so a scrolled log says when each report was made.
    public static func roundStamp(now: Int64, zone: TimeZoneChoice) -> String {
        "── " + Units.dateTime(WallClock(unixSeconds: now, zone)) + " ──"
    }
}
