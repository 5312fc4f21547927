import RemissionCredentials
import RemissionModel
import RemissionStorage
import RemissionTransport

/// What `connect` was told about gateway headers: headers given now (`--header`, `--secret-header`,
/// values already read) and names to remove (`--remove-header`).
public struct GatewayHeaderFlags: Sendable, Equatable {
    public var given: [GatewayHeader]
    public var removed: [String]

    public init(given: [GatewayHeader] = [], removed: [String] = []) {
        self.given = given
        self.removed = removed
    }

    public var isEmpty: Bool { given.isEmpty && removed.isEmpty }

    /// `--header 'Name: value'`: checked, and secret when its name says so
    /// (`GatewayHeader.isSecretByDefault`).
    public static func header(_ text: String) throws(Failure) -> GatewayHeader {
        do {
            let (name, value) = try GatewayHeader.parse(text)
            return GatewayHeader(name: name, value: value, isSecret: GatewayHeader.isSecretByDefault(name))
        } catch {
            throw Failure(.gatewayHeader(error))
        }
    }

    /// `--secret-header NAME` (or `--remove-header NAME`): the name checked before anything is asked.
    public static func checkName(_ name: String) throws(Failure) {
        do { try GatewayHeader.check(name: name) } catch { throw Failure(.gatewayHeader(error)) }
    }

    /// A value read for `--secret-header NAME`.
    public static func secret(_ name: String, value: String) throws(Failure) -> GatewayHeader {
        let trimmed = value.trimmingASCIIWhitespace()
        do { try GatewayHeader.check(value: trimmed, of: name) } catch { throw Failure(.gatewayHeader(error)) }
        return GatewayHeader(name: name, value: trimmed, isSecret: true)
    }

    /// `saved` with these flags applied: a given header replaces the saved one of the same name (any
    /// case) in its place, a new one goes last, a removed one goes. A name given twice, a removed name
    /// that is not saved, or too many headers is refused.
    public func applied(to saved: [SavedHeader]) throws(Failure) -> [SavedHeader] {
        var seen: Set<String> = []
        for name in given.map(\.name) + removed where !seen.insert(name.lowercased()).inserted {
            throw Failure(.gatewayHeader(.duplicate(name: name)))
        }
        var result = saved
        for name in removed {
            guard let index = result.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw Failure(.gatewayHeader(.notSaved(name: name)))
            }
            result.remove(at: index)
        }
        for header in given {
            let entry = SavedHeader(name: header.name, value: header.isSecret ? nil : header.value)
            if let index = result.firstIndex(where: { $0.name.lowercased() == header.name.lowercased() }) {
                result[index] = entry
            } else {
                result.append(entry)
            }
        }
        if result.count > GatewayHeader.maximumCount {
            throw Failure(.gatewayHeader(.tooMany(maximum: GatewayHeader.maximumCount)))
        }
        return result
    }
}

/// A saved server's gateway headers with their values: plain ones from servers.json, secret ones
/// from the keyring (`GatewayHeaderStore`, keyed by the server's identity: `scheme://host:port`, and
/// ` via ROUTE` for a routed server, `ServerIdentity.key`).
/// As with passwords (PRODUCT.md §3): a keyring that cannot be used, or a value not stored, is asked
/// on a terminal (the prompt says why); otherwise a keyring failure (exit 7), never a request
/// without the header.
public struct GatewayHeaderInput {
    public var saved: [SavedHeader]
    /// The identity the secret values are stored under.
    public var identity: String
    public var store: any GatewayHeaderStore
    public var prompt: (any PasswordPrompt)?
    /// Values known already (given to `connect` now), by lower-cased name: not looked up.
    public var known: [String: GatewayHeader] = [:]
    /// Where a value not under `identity` may be instead: a routed server's, stored under its bare URL
    /// before routes were part of its identity (`LegacyRouteItems`). None by default.
    public var legacy: (String) throws(KeyringError) -> String? = { _ in nil }

    public init(
        saved: [SavedHeader], identity: String, store: any GatewayHeaderStore, prompt: (any PasswordPrompt)?
    ) {
        (self.saved, self.identity, self.store, self.prompt) = (saved, identity, store, prompt)
    }

    public func resolve() throws(Failure) -> [GatewayHeader] {
        var headers: [GatewayHeader] = []
        for header in saved {
            if let given = known[header.name.lowercased()] {
                headers.append(given)
            } else if let value = header.value {
                headers.append(GatewayHeader(name: header.name, value: value, isSecret: false))
            } else {
                headers.append(GatewayHeader(name: header.name, value: try secret(header.name), isSecret: true))
            }
        }
        return headers
    }

    private func secret(_ name: String) throws(Failure) -> String {
        var stored: String?
        do throws(KeyringError) {
            stored = try store.headerValue(server: identity, name: name)
            if stored == nil { stored = try legacy(name) }
        } catch {
            guard let prompt, let typed = prompt.askHeaderValue(name: name, server: identity, keyringUnusable: error)
            else { throw Failure(.keyring(error)) }
            return try checked(typed, name)
        }
        if let stored { return stored }
        guard let prompt, let typed = prompt.askHeaderValue(name: name, server: identity, keyringUnusable: nil) else {
            throw Failure(.gatewayHeader(.notInKeyring(name: name)))
        }
        return try checked(typed, name)
    }

    private func checked(_ value: String, _ name: String) throws(Failure) -> String {
        try GatewayHeaderFlags.secret(name, value: value).value
    }

    /// An `Authorization` header and Transmission's own Basic authentication cannot both go.
    public static func checkCollision(_ headers: [GatewayHeader], credentials: BasicCredentials?) throws(Failure) {
        guard credentials != nil, GatewayHeader.collidesWithPassword(headers.map(\.name)) else { return }
        throw Failure(.gatewayHeader(.authorizationWithPassword))
    }
}

extension SessionContext {
    /// The saved server's gateway headers with their values, into `target.headers`.
    func resolveHeaders(for target: inout ServerTarget, prompt: (any PasswordPrompt)?) throws(Failure) {
        guard let saved = target.profile?.options.headers, !saved.isEmpty else { return }
        do {
            let identity = target.identity
            var input = GatewayHeaderInput(saved: saved, identity: identity.key, store: headerValues, prompt: prompt)
            input.legacy = { name throws(KeyringError) in
                try LegacyRouteItems.headerValue(
                    name, identity: identity, among: (try? self.savedServers().profiles) ?? [], store: self.headerValues
                )
            }
            target.headers = try input.resolve()
            try GatewayHeaderInput.checkCollision(target.headers, credentials: target.credentials)
        } catch {
            throw Failure(error.cause, server: target.label)
        }
    }
}
