import Foundation
import RemissionCredentials
import RemissionModel
import RemissionSession
import Testing

/// Issue 14: a keyring that cannot be used does not stop connect from saving the server and its
/// trust; a keyring that refuses this password (or fails otherwise) still saves nothing.
@Suite("Use cases: connect without a usable keyring")
struct OnboardingKeyringlessTests {
    @Test(
        "no bus, locked, no answer: profile saved, the password not stored and why",
        arguments: [
            KeyringError.noSessionBus(reason: "unset"), .locked(collection: "Login"), .timedOut(operation: .store),
        ])
    func savesWithoutPassword(error: KeyringError) throws {
        let fixture = try Fixture(environment: ["TR_AUTH": "alice:typed"], keyringFailure: error)
        defer { fixture.remove() }
        let saved = try OnboardingSaveTests.onboarding(fixture).save(savePassword: true, makeDefault: false)
        #expect(saved.passwordNotStored == error)
        #expect(saved.keyringLabel == nil)
        #expect(try fixture.context.savedServers().profiles.map(\.name) == ["nas", "box"])
    }

    @Test("a NUL in the password, or another keyring failure: nothing saved (as before)")
    func refusedSavesNothing() throws {
        for error in [
            KeyringError.passwordContainsNul,
            .failure(operation: .store, domain: "g-io-error-quark", code: 1, message: "x"),
        ] {
            let fixture = try Fixture(environment: ["TR_AUTH": "alice:typed"], keyringFailure: error)
            defer { fixture.remove() }
            #expect(throws: Failure(.onboarding(.passwordNotStored(error)), server: "box")) {
                try OnboardingSaveTests.onboarding(fixture).save(savePassword: true, makeDefault: false)
            }
            #expect(try fixture.context.savedServers().profiles.map(\.name) == ["nas"])
        }
    }
}
