import RemissionCredentials
import RemissionModel
import RemissionStorage

// connect's gateway headers (issue 25): given now, kept in servers.json by name, secret values in the
// keyring (`GatewayHeaderStore`), stored only when the check with them succeeded (`save`).

extension Onboarding {
    /// The values of every header the server will have: given now, saved plain ones, and saved secret
    /// ones from the keyring (under the old address when re-pointing), asked on a terminal when the
    /// keyring has none. Run after `obtainCredentials`: an `Authorization` header and Transmission's
    /// password cannot both go.
    public mutating func obtainHeaders(prompt: (any PasswordPrompt)?) throws(Failure) {
        let stored = existing?.identity ?? identity
        var input = GatewayHeaderInput(
            saved: options.headers, identity: stored.key, store: context.headerValues, prompt: prompt)
        let context = context
        input.legacy = { name throws(KeyringError) in
            try LegacyRouteItems.headerValue(
                name, identity: stored, among: (try? context.savedServers().profiles) ?? [], store: context.headerValues
            )
        }
        for header in headerFlags.given { input.known[header.name.lowercased()] = header }
        do {
            headers = try input.resolve()
            try GatewayHeaderInput.checkCollision(headers, credentials: credentials)
        } catch {
            throw Failure(error.cause, server: name)
        }
    }

    /// Whether a password may be asked: not when an `Authorization` header goes instead.
    var headersLeaveRoomForPassword: Bool { !GatewayHeader.collidesWithPassword(headers.map(\.name)) }

    /// The secret values `save` stores: those given now, or all of them when the server is new or
    /// becomes another identity (the keyring's items are keyed by `ServerIdentity.key`: its address
    /// and route).
    var headersToStore: [GatewayHeader] {
        let moved = existing.map { $0.identity != identity } ?? true
        let given = Set(headerFlags.given.map { $0.name.lowercased() })
        return headers.filter { $0.isSecret && (moved || given.contains($0.name.lowercased())) }
    }

    func storeHeaderValues() throws(KeyringError) {
        for header in headersToStore {
            try context.headerValues.storeHeaderValue(header.value, server: identity.key, name: header.name)
        }
    }

    /// Removes the keyring items of secret headers this run removed or made plain, once the profile
    /// no longer names them. Best effort: an item left behind is never read again.
    func forgetRemovedHeaderValues() {
        guard let existing else { return }
        let secretNow = Set(options.headers.filter(\.isSecret).map { $0.name.lowercased() })
        for old in existing.options.headers where old.isSecret && !secretNow.contains(old.name.lowercased()) {
            _ = try? context.headerValues.removeHeaderValue(server: existing.identity.key, name: old.name)
        }
    }
}
