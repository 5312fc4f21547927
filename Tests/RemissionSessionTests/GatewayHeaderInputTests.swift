import RemissionCredentials
import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionTransport
import Testing

/// A saved server's gateway headers get their values as passwords do (PRODUCT.md §3): the keyring,
/// else the terminal with the reason, else a keyring failure (exit 7); never sent without one.
@Suite("Use cases: gateway header values from the keyring, the prompt, or exit 7")
struct GatewayHeaderInputTests {
    final class Store: GatewayHeaderStore, @unchecked Sendable {
        var values: [String: String] = [:]
        var failure: KeyringError?
        func headerValue(server: String, name: String) throws(KeyringError) -> String? {
            if let failure { throw failure }
            return values[server + " " + name.lowercased()]
        }
        func storeHeaderValue(_ value: String, server: String, name: String) throws(KeyringError) {
            values[server + " " + name.lowercased()] = value
        }
        func removeHeaderValue(server: String, name: String) throws(KeyringError) -> Bool {
            values.removeValue(forKey: server + " " + name.lowercased()) != nil
        }
    }

    struct Prompt: PasswordPrompt {
        var answer: String?
        func askPassword(user: String, endpoint: ServerEndpoint) -> String? { nil }
        func askHeaderValue(name: String, server: String, keyringUnusable: KeyringError?) -> String? { answer }
    }

    static let saved = [
        SavedHeader(name: "CF-Access-Client-Id", value: "id"), SavedHeader(name: "X-Token", value: nil),
    ]
    static let identity = "https://nas.example:443"

    func resolve(_ store: Store, prompt: (any PasswordPrompt)? = nil) throws(Failure) -> [GatewayHeader] {
        try GatewayHeaderInput(saved: Self.saved, identity: Self.identity, store: store, prompt: prompt).resolve()
    }

    @Test("plain values from servers.json, secret ones from the keyring, in order")
    func fromKeyring() throws {
        let store = Store()
        store.values[Self.identity + " x-token"] = "t0ken"
        #expect(
            try resolve(store) == [
                GatewayHeader(name: "CF-Access-Client-Id", value: "id", isSecret: false),
                GatewayHeader(name: "X-Token", value: "t0ken", isSecret: true),
            ])
    }

    @Test("no value stored: asked on a terminal, else exit 7 naming the header")
    func missing() throws {
        let store = Store()
        #expect(try resolve(store, prompt: Prompt(answer: " typed ")).last?.value == "typed")
        #expect(throws: Failure(.gatewayHeader(.notInKeyring(name: "X-Token")))) { try resolve(store) }
        #expect(Failure(.gatewayHeader(.notInKeyring(name: "X-Token"))).status == .keyring)
        // A typed value is checked like a given one: a line break is refused.
        #expect(throws: Failure(.gatewayHeader(.controlCharacter(name: "X-Token")))) {
            try resolve(store, prompt: Prompt(answer: "a\u{1B}b"))
        }
    }

    @Test("an unusable keyring: asked on a terminal, else the keyring's failure")
    func unusable() throws {
        let store = Store()
        store.failure = .noSessionBus(reason: "unset")
        #expect(try resolve(store, prompt: Prompt(answer: "typed")).last?.value == "typed")
        #expect(throws: Failure(.keyring(.noSessionBus(reason: "unset")))) { try resolve(store) }
    }

    @Test("Authorization with Transmission's credentials is refused")
    func collision() throws {
        let headers = [GatewayHeader(name: "authorization", value: "Bearer x", isSecret: true)]
        #expect(throws: Failure(.gatewayHeader(.authorizationWithPassword))) {
            try GatewayHeaderInput.checkCollision(headers, credentials: BasicCredentials(user: "a", password: ""))
        }
        #expect(throws: Never.self) { try GatewayHeaderInput.checkCollision(headers, credentials: nil) }
    }
}
