import RemissionCredentials
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionStorage
import RemissionTrust
import Testing

@testable import RemissionViews

/// The module errors are plain data; these are their words, from the view layer only.
@Suite("Module errors worded by the views")
struct ModuleErrorTextTests {
    @Test("the module errors carry no words of their own (no description to quote)")
    func plainData() {
        let errors: [any Error] = [
            ProfileError.alreadyExists("nas"), StorageError.noHomeDirectory(variable: "HOME"),
            KeyringError.promptDismissed, CredentialKeyError.emptyUser,
            SnapshotError.tooLarge(path: "/s", bytes: 2, limit: 1),
            EndpointParseError.empty, TrustInputError.pinPrefix(input: "x"), TorrentSelectionError.empty,
            FileIndexesError.malformed("x"),
        ]
        for error in errors {
            #expect(!((error as Any) is any CustomStringConvertible), "\(type(of: error))")
        }
        // The check can fail: RPC's errors still describe themselves (for the -v log).
        #expect((RPCError.truncated(offset: 1) as Any) is any CustomStringConvertible)
        #expect(!(KeyringStatus.available(collection: "Login") is any CustomStringConvertible))
    }

    @Test("torrent selections: the problem and what to type instead")
    func selection() {
        #expect(FailureText.selectionReason(.reversedRange("7-3")).hasPrefix("\"7-3\" is a reversed range"))
        #expect(FailureText.selectionReason(.reversedRange("7-3")).contains("3-7"))
        #expect(FailureText.selectionReason(.empty).contains("1,3,5-7"))
        #expect(FailureText.selectionReason(.notAnId("abc")).contains("info hash"))
        #expect(FailureText.selectionReason(.invalidHash("0123456789abcdef")).contains("16 characters"))
    }

    @Test("server URLs: what a valid URL looks like")
    func endpoint() {
        #expect(FailureText.endpointReason(.containsCredentials).contains("--password-stdin"))
        #expect(FailureText.endpointReason(.unsupportedScheme("ftp")).contains("https://"))
        #expect(FailureText.endpointReason(.invalidPort("99999")) == "'99999' is not a valid port (1-65535).")
    }

    @Test("fingerprints and pins: what was wrong and what is expected")
    func trustInput() {
        let text = FailureText.trustInputReason(.fingerprintNotHex(input: "SHA256:xyz", character: "x"))
        #expect(text.contains("'SHA256:xyz'"))
        #expect(text.contains("'x' is not a hex digit"))
        #expect(text.contains("64 hex digits"))
        #expect(
            FailureText.trustInputReason(.unsupportedFingerprintAlgorithm(input: "MD5:AA", algorithm: "MD5"))
                .contains("only SHA-256"))
        let pin = FailureText.trustInputReason(.pinLength(input: "sha256//AAAA", bytes: 3))
        #expect(pin.contains("'sha256//AAAA'"))
        #expect(pin.contains("3 bytes, not the 32"))
        #expect(pin.contains("sha256// and 44 base64 characters"))
        #expect(FailureText.trustInputReason(.pinPrefix(input: "abc")).contains("must start with sha256//"))
    }

    @Test("files: the path, and that it was left untouched")
    func storage() {
        let corrupt = FailureText.storageReason(.corrupt(path: "/c/trust.json", detail: "it is not valid JSON"))
        #expect(corrupt.hasPrefix("/c/trust.json could not be read: it is not valid JSON."))
        #expect(corrupt.contains("left untouched"))
        #expect(
            FailureText.storageReason(.newerVersion(path: "/c/l.json", found: 3, supported: 1))
                == "/c/l.json was written by a newer remission (version 3; this one understands up to 1). "
                + "Upgrade remission; the file was left untouched.")
        let lock = FailureText.storageReason(.lockTimeout(lockPath: "/c/trust.json.lock", timeout: .seconds(10)))
        #expect(lock.contains("/c/trust.json.lock"))
        #expect(lock.contains("Try again"))
        #expect(FailureText.storageReason(.noHomeDirectory(variable: "REMISSION_CONFIG_HOME")).contains("HOME"))
        #expect(
            FailureText.storageReason(.io(path: "/c/x", operation: "open", errno: 13))
                == "/c/x: open failed: Permission denied.")
        #expect(
            FailureText.snapshotReason(.storage(.io(path: "/c/x", operation: "open", errno: 13)))
                == "/c/x: open failed: Permission denied.")
    }

    @Test("saved servers: the name, the saved ones and the next command")
    func profile() {
        #expect(
            FailureText.profileReason(.notFound("nas", saved: ["a", "b"]))
                == "No server named 'nas'. Saved servers: a, b. Add one with: remission connect URL --name nas")
        #expect(
            FailureText.profileReason(.notFound("nas", saved: []))
                == "No server named 'nas': no servers are saved yet. Add one with: remission connect URL --name nas")
        #expect(FailureText.profileReason(.alreadyExists("b")).contains("remission servers remove b"))
        #expect(
            FailureText.profileReason(.invalidName("https://nas", .looksLikeURL))
                == "'https://nas' is not a valid server name: it contains ':', so it would look like a URL or "
                + "host:port. Use a short label without spaces, '/' or ':', such as 'nas' or 'seedbox-2'.")
    }

    @Test("a name with control characters is shown, not obeyed")
    func profileNameIsSafe() {
        let text = FailureText.profileReason(.invalidName("bad\u{1B}[31m", .controlCharacter))
        #expect(!text.contains("\u{1B}"))
        #expect(text.hasPrefix("'bad^[[31m' is not a valid server name: it contains a control"))
    }

    @Test("the keyring: the cause and the ways around it, never a password")
    func keyring() {
        let failed = FailureText.keyringReason(
            .failure(operation: .store, domain: "secret-error", code: 1, message: "bad"))
        #expect(failed.hasPrefix("The keyring failed when asked to store the password: bad [secret-error 1]."))
        for error: KeyringError in [
            .noSessionBus(reason: "unset"), .sessionBusUnreachable(reason: "x"), .noProvider(reason: "x"),
            .noDefaultCollection(reason: "x"), .locked(collection: "Login"), .promptDismissed,
            .timedOut(operation: .lookup),
        ] {
            #expect(FailureText.keyringReason(error).contains("--password-stdin"), "\(error)")
        }
        #expect(FailureText.keyringReason(.locked(collection: "Login")).hasPrefix("The keyring 'Login' is locked."))
        #expect(
            FailureText.keyringStatus(.available(collection: "login"))
                == "Secret Service keyring available (collection 'login', unlocked).")
        #expect(FailureText.keyringStatus(.noProvider(reason: "x")).contains("org.freedesktop.secrets"))
    }

    @Test(
        "keyring failures name the alternatives",
        arguments: [
            KeyringError.noSessionBus(reason: "DBUS_SESSION_BUS_ADDRESS is not set"),
            .sessionBusUnreachable(reason: "Could not connect: Connection refused"),
            .noProvider(reason: "not provided"),
            .noDefaultCollection(reason: "no alias"), .locked(collection: "Login"), .locked(collection: nil),
            .promptDismissed, .timedOut(operation: .connect),
            .failure(operation: .remove, domain: "secret-error", code: 1, message: "bad"),
        ])
    func keyringAlternatives(_ error: KeyringError) {
        #expect(FailureText.keyringReason(error).contains("--password-stdin or TR_AUTH=user:password"))
        #expect(FailureText.keyringReason(error).contains("never stores passwords in plain text"))
    }

    @Test("keyring messages name the cause")
    func keyringCauses() {
        #expect(
            FailureText.keyringReason(.noSessionBus(reason: "DBUS_SESSION_BUS_ADDRESS is not set"))
                == "No D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set). Run remission inside a desktop session, "
                + "or pass the password with --password-stdin or TR_AUTH=user:password; remission never stores "
                + "passwords in plain text.")
        #expect(
            FailureText.keyringReason(.noProvider(reason: "x")).contains("Install and start gnome-keyring or KeePassXC")
        )
        #expect(FailureText.keyringReason(.locked(collection: nil)).hasPrefix("The keyring is locked."))
        #expect(FailureText.keyringReason(.promptDismissed).contains("dismissed"))
        #expect(FailureText.keyringReason(.timedOut(operation: .lookup)).contains("look up the password"))
        #expect(FailureText.keyringReason(.passwordContainsNul).contains("Nothing was stored"))
        #expect(
            FailureText.keyringStatus(.noProvider(reason: "r"))
                == FailureText.keyringReason(.noProvider(reason: "r")))
    }

    @Test("keyring keys: what to do")
    func credentialKey() {
        #expect(FailureText.credentialKeyReason(.emptyUser).contains("--user"))
        #expect(FailureText.credentialKeyReason(.emptyServer).contains("wildcard"))
    }
}
