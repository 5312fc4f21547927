import RemissionCredentials

extension Onboarding {
    /// What `save` did, for the view to word.
    public struct Saved: Sendable, Equatable {
        public var name: String
        public var updated: Bool
        public var isDefault: Bool
        /// The keyring item's label, when a password was stored.
        public var keyringLabel: String?
        /// Why a password given in this run was not stored: the keyring cannot be used (no D-Bus
        /// session over SSH, no provider, locked…), so profile and trust were saved without it.
        public var passwordNotStored: KeyringError?
        /// The client key whose passphrase was stored in the keyring, if one was.
        public var passphraseKeyFile: String? = nil
        /// The secret gateway headers whose values were stored in the keyring.
        public var headersInKeyring: [String] = []
        /// Those whose values were not stored, and why (the keyring cannot be used).
        public var headersNotStored: [String] = []
        public var headersNotStoredReason: KeyringError? = nil

        mutating func noteHeaders(_ names: [String], notStored reason: KeyringError?) {
            if let reason, !names.isEmpty {
                (headersNotStored, headersNotStoredReason) = (names, reason)
            } else if reason == nil {
                headersInKeyring = names
            }
        }
    }
}
