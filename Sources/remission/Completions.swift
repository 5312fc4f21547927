import ArgumentParser
import RemissionStorage

/// What the shell completion scripts offer where a value is expected (`remission
/// --generate-completion-script bash|zsh|fish`). Saved server names come from the binary itself
/// (ArgumentParser's `---completion` call when Tab is pressed), which reads `servers.json` and
/// nothing else: no network, no keyring, no lock, no write.
extension CompletionKind {
    /// The names of the saved servers (a URL is typed, not completed).
    static var savedServer: CompletionKind {
        .custom { _, _, prefix in SavedServerNames.matching(prefix) }
    }

    /// A `.torrent` file (directories too, to walk into).
    static var torrentFile: CompletionKind { .file(extensions: ["torrent"]) }

    /// A PEM file of certificates (directories too; any extension, `.pem`, `.crt` and `.cer` are all common).
    static var certificateFile: CompletionKind { .file() }
}

/// The saved server names, read straight from `servers.json`.
enum SavedServerNames {
    /// Names that start with `prefix`, in the file's order; none when the file is missing or unreadable
    /// (completion never reports errors: it just offers nothing).
    static func matching(_ prefix: String, environment: [String: String] = processEnvironment()) -> [String] {
        guard let paths = try? StoragePaths(environment: environment),
            let saved = try? ProfileStore(paths: paths).all()
        else { return [] }
        return saved.profiles.map(\.name).filter { $0.hasPrefix(prefix) }
    }
}
