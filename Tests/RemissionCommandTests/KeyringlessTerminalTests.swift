import Foundation
import TestSupport
import Testing

/// Issue 14: over SSH (no D-Bus session) the keyring cannot be used. On a terminal a command that
/// needs a password asks for it there and says that it cannot be stored and why; without a terminal
/// it exits 7 as before.
@Suite("No usable keyring: the password is asked on the terminal (pseudo-terminal, real daemon)")
struct KeyringlessTerminalTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    let noBus = ServersWorld.noBus

    @Test(
        "list without D-Bus: asks on the terminal, says once why it cannot store it, lists, offers nothing; without a terminal exit 7"
    )
    func listAsks() throws {
        let connect = try home.run(
            [
                "connect", bed.daemonURL(), "--name", "ssh", "--user", bed.user, "--password-stdin",
                "--no-save-password",
            ],
            stdin: bed.password)
        #expect(connect.status == 0, "\(connect.all)")

        // A "yes" typed after the list answers nothing: no keyring, so no offer to store the password.
        let asked = try home.runOnTerminal(["list"], lines: [bed.password, "yes"], env: noBus)
        #expect(asked.status == 0, "\(asked.all)")
        #expect(
            asked.out.flowing.contains(
                "The keyring cannot be used, so the password is asked here and will not be stored."))
        #expect(asked.out.flowing.components(separatedBy: "will not be stored").count == 2, "\(asked.out)")
        #expect(!asked.out.contains("Store this password"))
        #expect(asked.out.contains("No D-Bus session bus"))
        #expect(asked.out.contains("Password for \(bed.user)@127.0.0.1:"))
        #expect(asked.out.contains("Sum:"), "\(asked.out)")  // the list was fetched with the typed password
        #expect(!asked.out.contains(bed.password))

        let script = try home.run(["list"], env: noBus)
        #expect(script.status == 7, "\(script.all)")
        #expect(script.err.contains("No D-Bus session bus"))
    }
}
