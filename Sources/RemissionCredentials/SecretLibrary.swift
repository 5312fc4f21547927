import CSecret

/// libsecret, loaded with `dlopen` the first time a command needs the keyring (CSecret.h says why).
enum SecretLibrary {
    /// The function table, or why libsecret could not be loaded. Immutable once set (`static let` is
    /// initialised once, thread-safely); the table itself is never written after loading.
    private nonisolated(unsafe) static let loaded: (api: UnsafePointer<RSSecretAPI>?, error: String) = {
        var error: UnsafePointer<CChar>?
        let api = rs_secret_api(&error)
        return (api, error.map { String(cString: $0) } ?? "unknown error")
    }()

    /// Loads libsecret if it is not loaded yet. Every keyring operation calls this before anything
    /// else, so a missing library is one clear keyring error (exit 7) rather than a crash.
    static func load() throws(KeyringError) {
        guard loaded.api == nil else { return }
        throw notLoaded(loaded.error)
    }

    /// The keyring error for a libsecret that `dlopen` could not load, with its reason.
    static func notLoaded(_ reason: String) -> KeyringError {
        .failure(
            operation: .connect, domain: "remission", code: 0,
            message: "libsecret could not be loaded (\(reason)); install the libsecret-1-0 package")
    }

    /// The loaded functions, for code that runs after `load()` succeeded.
    static var api: RSSecretAPI {
        guard let api = loaded.api else { preconditionFailure("libsecret used before SecretLibrary.load()") }
        return api.pointee
    }
}

/// Shorthand for `SecretLibrary.api`: `libsecret.g_free(pointer)`.
var libsecret: RSSecretAPI { SecretLibrary.api }
