import Testing

@testable import RemissionCredentials

@Suite("netrc parsing")
struct NetrcTests {
    static let sample = """
        machine nas.local login admin password s3cret
        machine other.example
            login bob
            password "with space \\" quote"

        macdef init
        cd /pub
        login nobody

        default login anonymous password guest
        """

    @Test("machine entries, quoted passwords, macdef skipped, default last")
    func parses() {
        let netrc = Netrc(parsing: Self.sample)
        #expect(netrc.entry(host: "NAS.local", user: nil)?.password == "s3cret")
        #expect(netrc.entry(host: "other.example", user: "bob")?.password == "with space \" quote")
        #expect(netrc.entry(host: "unknown.example", user: nil)?.login == "anonymous")
        #expect(!netrc.entries.contains { $0.login == "nobody" })
    }

    @Test("a login that differs from the wanted user does not match the machine")
    func userMustMatch() {
        let netrc = Netrc(parsing: "machine nas.local login admin password a\nmachine nas.local login eve password b\n")
        #expect(netrc.entry(host: "nas.local", user: "eve")?.password == "b")
        #expect(netrc.entry(host: "nas.local", user: "mallory") == nil)
    }

    @Test("empty and junk input give no entries")
    func empty() {
        #expect(Netrc(parsing: "").entries.isEmpty)
        #expect(Netrc(parsing: "login x password y").entries.isEmpty)
    }
}
