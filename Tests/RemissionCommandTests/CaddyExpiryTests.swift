import Foundation
import TestSupport
import Testing

/// Issue 32, expiry on the schedule: `check --warn-expiry 21` against a real Caddy with `tls
/// internal` (12-hour leaves, 7-day intermediate, renewed on Caddy's schedule) stays quiet while
/// renewals happen and exits 9 once one is overdue. Caddy keeps its own clock; `remission` runs under
/// libfaketime (`faketime`, Debian's package), so its clock walks through the leaf's lifetime while
/// the server keeps presenting the same chain, as it would if its renewal had stopped.
@Suite("expiry on the schedule: a real Caddy, remission under faketime (process)", .serialized)
struct CaddyExpiryTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    /// A certificate's validity in Unix seconds, read by openssl (the first certificate of `file`).
    func validity(_ file: String) throws -> (notBefore: Int64, notAfter: Int64) {
        let out = try bed.run("openssl", args: ["x509", "-in", file, "-noout", "-startdate", "-enddate"]).stdoutText
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMM d HH:mm:ss yyyy 'GMT'"
        var dates: [Int64] = []
        for line in out.split(separator: "\n") {
            let value = line.split(separator: "=", maxSplits: 1).last.map(String.init) ?? ""
            let collapsed = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            dates.append(Int64(try #require(formatter.date(from: collapsed), "\(out)").timeIntervalSince1970))
        }
        try #require(dates.count == 2, "\(out)")
        return (dates[0], dates[1])
    }

    /// `remission check URL --ca-file ROOT [arguments]` with its clock at `time` (Unix seconds).
    func check(_ caddy: CaddyRenewalTests.Caddy, at time: Int64, _ arguments: [String]) throws -> CLIHome.Result {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let stamp = Date(timeIntervalSince1970: TimeInterval(time))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        var environment = home.environment
        environment["TR_AUTH"] = bed.credentials
        environment["TZ"] = "UTC"
        let result = try bed.run(
            "faketime",
            args: [
                formatter.string(from: stamp), home.remission, "check",
                "https://localhost:\(caddy.port)/transmission/rpc", "--ca-file", caddy.root,
            ] + arguments,
            env: environment, timeout: .seconds(60))
        return CLIHome.Result(status: result.status, out: result.stdoutText, err: result.stderrText)
    }

    func warnings(_ result: CLIHome.Result) -> [Substring] {
        result.out.split(separator: "\n").filter { $0.contains("warning: ") }
    }

    @Test("--warn-expiry 21 across a 12-hour leaf's life: quiet until its renewal is overdue, then 9, then expired")
    func leafLifetime() throws {
        let caddy = try CaddyRenewalTests.Caddy(bed: bed)
        let (notBefore, notAfter) = try validity(caddy.leaf)
        let lifetime = notAfter - notBefore
        #expect((12 * 3600 - 120...12 * 3600 + 120).contains(lifetime), "Caddy's leaf lives \(lifetime) s")
        func at(_ fraction: Double) -> Int64 { notBefore + Int64(Double(lifetime) * fraction) }
        // Caddy renews at two thirds (a third left), checking every 10 minutes: quiet until a quarter is left.
        for fraction in [0.05, 0.5, 0.67, 0.70, 0.74] {
            let run = try check(caddy, at: at(fraction), ["--warn-expiry", "21"])
            #expect(run.status == 0, "at \(fraction) of its life: \(run.all)")
            #expect(warnings(run).isEmpty, "at \(fraction) of its life: \(run.all)")
            #expect(run.out.contains("\nONLINE\n") || run.out.hasSuffix("ONLINE\n"), "\(run.all)")
        }
        for fraction in [0.76, 0.95] {
            let run = try check(caddy, at: at(fraction), ["--warn-expiry", "21"])
            #expect(run.status == 9, "at \(fraction) of its life: \(run.all)")
            #expect(warnings(run).count == 1, "only the leaf, never the 7-day intermediate: \(run.all)")
            #expect(
                warnings(run).first?.contains(
                    "the certificate 'DNS:localhost' expires") == true, "\(run.all)")
            #expect(
                warnings(run).first?.contains(
                    "its renewal is overdue (less than a quarter of its 12 hours is left)") == true, "\(run.all)")
        }
        // Without the flag the same warning, and exit 0; in Russian too.
        let plain = try check(caddy, at: at(0.8), [])
        #expect(plain.status == 0, "\(plain.all)")
        #expect(plain.out.contains("  warn tls"), "\(plain.all)")
        let russian = try check(caddy, at: at(0.8), ["--lang", "ru", "--warn-expiry", "21"])
        #expect(russian.status == 9, "\(russian.all)")
        #expect(russian.out.contains("его обновление просрочено"), "\(russian.all)")
        // Past its end it is expired: refused (5), whatever the flag.
        let expired = try check(caddy, at: notAfter + 600, ["--warn-expiry", "21"])
        #expect(expired.status == 5, "\(expired.all)")
    }

    @Test(
        "Caddy's intermediate as served after Caddy renewed it (~25 h of 7 days left) is quiet; under a tenth it warns")
    func intermediateNearItsEnd() throws {
        let caddy = try CaddyRenewalTests.Caddy(bed: bed)
        try caddy.stopChecked()
        // What Caddy serves between renewing its intermediate (a fifth left) and its next leaf: the old
        // intermediate, signed by Caddy's root, with ~25 hours left, under a leaf issued an hour ago.
        let data = caddy.directory.file("data")
        let script = """
            set -eu
            cd "$1"
            authority=pki/authorities/local
            host=certificates/local/localhost
            cat >ext.cnf <<'CNF'
            [ intermediate ]
            basicConstraints = critical, CA:TRUE, pathlen:0
            keyUsage = critical, keyCertSign, cRLSign
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid:always
            [ leaf ]
            basicConstraints = critical, CA:FALSE
            keyUsage = critical, digitalSignature
            extendedKeyUsage = serverAuth
            subjectAltName = critical, DNS:localhost
            CNF
            openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out old.key 2>/dev/null
            openssl req -new -key old.key -subj "/CN=Caddy Local Authority - ECC Intermediate" -out old.csr
            faketime -f -143h openssl x509 -req -in old.csr -CA $authority/root.crt -CAkey $authority/root.key \\
                -CAcreateserial -days 7 -extfile ext.cnf -extensions intermediate -out old.crt 2>/dev/null
            openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out $host/localhost.key 2>/dev/null
            openssl req -new -key $host/localhost.key -subj "/" -out leaf.csr 2>/dev/null \\
                || openssl req -new -key $host/localhost.key -subj "/CN=localhost" -out leaf.csr
            faketime -f -1h openssl x509 -req -in leaf.csr -CA old.crt -CAkey old.key -CAcreateserial -days 1 \\
                -extfile ext.cnf -extensions leaf -out leaf.crt 2>/dev/null
            cat leaf.crt old.crt >$host/localhost.crt
            """
        let planted = try bed.run("/bin/bash", args: ["-c", script, "bash", data])
        try #require(planted.status == 0, "\(planted.stderrText)")
        try caddy.start()
        let intermediate = try validity(data + "/old.crt")
        let now = Int64(Date().timeIntervalSince1970)
        let left = intermediate.notAfter - now
        #expect((24 * 3600...26 * 3600).contains(left), "the planted intermediate has \(left) s left")
        let served = try check(caddy, at: now, ["--warn-expiry", "21", "--json"])
        #expect(served.status == 0, "\(served.all)")
        #expect(served.out.contains("\"role\":\"intermediate\""), "Caddy serves the planted chain: \(served.all)")
        #expect(!served.out.contains("\"expiring\":true"), "\(served.all)")
        // Caddy did not renew it for 8 more hours: 17 h left, then 16 h (under a tenth of 7 days: 16.8 h).
        let stillQuiet = try check(caddy, at: intermediate.notAfter - 17 * 3600, ["--warn-expiry", "21"])
        #expect(stillQuiet.status == 0, "\(stillQuiet.all)")
        let overdue = try check(caddy, at: intermediate.notAfter - 16 * 3600, ["--warn-expiry", "21"])
        #expect(overdue.status == 9, "\(overdue.all)")
        #expect(warnings(overdue).count == 1, "\(overdue.all)")
        #expect(
            warnings(overdue).first?.contains(
                "the intermediate certificate 'CN=Caddy Local Authority - ECC Intermediate' expires") == true,
            "\(overdue.all)")
        #expect(warnings(overdue).first?.contains("less than a tenth of its 7 days is left") == true, "\(overdue.all)")
    }
}
