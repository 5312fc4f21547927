/// Where Remission keeps its files, resolved once from an environment dictionary (PRODUCT.md §4).
///
/// Each directory is, in order of preference:
/// 1. `REMISSION_CONFIG_HOME` / `REMISSION_CACHE_HOME` / `REMISSION_STATE_HOME`: the Remission directory itself;
/// 2. `$XDG_CONFIG_HOME/remission` / `$XDG_CACHE_HOME/remission` / `$XDG_STATE_HOME/remission`;
/// 3. `$HOME/.config/remission` / `$HOME/.cache/remission` / `$HOME/.local/state/remission`.
///
/// Empty variables count as unset. A relative XDG value is ignored, as the XDG Base Directory
/// specification requires; a relative `REMISSION_*` override is an error, because the user asked for it
/// explicitly and silently using another directory would surprise them. Nothing is created here:
/// `AtomicFile` and `FileLock` create missing directories (mode 0700) when they first write.
public struct StoragePaths: Sendable, Equatable {
    /// The configuration directory: `servers.json`, `trust.json`.
    public var config: String
    /// The cache directory: `snapshots/`, `servers/` (`ServerFactsCache`).
    public var cache: String
    /// The state directory (history, logs).
    public var state: String

    public init(config: String, cache: String, state: String) {
        self.config = config
        self.cache = cache
        self.state = state
    }

    /// Resolves the three directories from `environment` (pass the process environment in the executable,
    /// a literal dictionary in tests).
    public init(environment: [String: String]) throws(StorageError) {
        config = try Self.resolve(
            override: "REMISSION_CONFIG_HOME", xdg: "XDG_CONFIG_HOME", homeRelative: ".config", environment)
        cache = try Self.resolve(
            override: "REMISSION_CACHE_HOME", xdg: "XDG_CACHE_HOME", homeRelative: ".cache", environment)
        state = try Self.resolve(
            override: "REMISSION_STATE_HOME", xdg: "XDG_STATE_HOME", homeRelative: ".local/state", environment)
    }

    /// `servers.json` in the configuration directory.
    public var serversFile: String { config + "/servers.json" }
    /// `trust.json` in the configuration directory.
    public var trustFile: String { config + "/trust.json" }
    /// `snapshots/` in the cache directory: the last torrent list per server, for offline display.
    public var snapshotsDirectory: String { cache + "/snapshots" }

    private static func resolve(
        override: String, xdg: String, homeRelative: String, _ environment: [String: String]
    ) throws(StorageError) -> String {
        if let value = environment[override], !value.isEmpty {
            guard value.hasPrefix("/") else { throw .relativeOverride(variable: override, value: value) }
            return trimmingTrailingSlashes(value)
        }
        if let base = environment[xdg], base.hasPrefix("/") {
            return joined(base, "remission")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { throw .noHomeDirectory(variable: override) }
        return joined(joined(home, homeRelative), "remission")
    }
}

/// `base/name` without doubled or trailing slashes (`/` stays `/`).
func joined(_ base: String, _ name: String) -> String {
    let trimmed = trimmingTrailingSlashes(base)
    return trimmed == "/" ? "/" + name : trimmed + "/" + name
}

func trimmingTrailingSlashes(_ path: String) -> String {
    var result = Substring(path)
    while result.count > 1, result.hasSuffix("/") { result = result.dropLast() }
    return String(result)
}
