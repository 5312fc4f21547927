import Foundation
import TestSupport
import Testing

/// Issue 14: `credentials set` checks the password against the server before storing it.
@Suite("credentials set checks the password first (process, real daemon, private keyring)")
struct CredentialsCheckTests {
    @Test("a wrong password: exit 4, nothing stored; --no-check stores it; the right one is checked and stored")
    func checksBeforeStoring() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas")
        let wrong = try world.remission(["credentials", "set", "nas", "--password-stdin"], input: "wrong\n")
        #expect(wrong.status == 4, "\(wrong.out)\(wrong.err)")
        #expect(wrong.err.contains("authentication failed (401)"))
        #expect(wrong.err.contains("Nothing was stored: the password was checked against the server first."))
        #expect(try world.secretToolLookup() == world.bed.password)

        let unchecked = try world.remission(
            ["credentials", "set", "nas", "--password-stdin", "--no-check"], input: "wrong\n")
        #expect(unchecked.status == 0, "\(unchecked.out)\(unchecked.err)")
        #expect(try world.secretToolLookup() == "wrong")

        let right = try world.remission(
            ["credentials", "set", "nas", "--password-stdin"], input: world.bed.password + "\n")
        #expect(right.status == 0, "\(right.out)\(right.err)")
        #expect(try world.secretToolLookup() == world.bed.password)
    }
}
