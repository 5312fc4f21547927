import Testing

@testable import RemissionStorage

@Suite("StoragePaths")
struct StoragePathsTests {
    @Test(
        "directories resolve in the documented order",
        arguments: [
            // HOME only: the XDG defaults under it.
            (
                ["HOME": "/home/ann"], "/home/ann/.config/remission", "/home/ann/.cache/remission",
                "/home/ann/.local/state/remission"
            ),
            // Absolute XDG values win over HOME.
            (
                [
                    "HOME": "/home/ann", "XDG_CONFIG_HOME": "/x/conf", "XDG_CACHE_HOME": "/x/cache",
                    "XDG_STATE_HOME": "/x/state",
                ], "/x/conf/remission", "/x/cache/remission", "/x/state/remission"
            ),
            // Relative and empty XDG values are ignored, as the XDG spec says.
            (
                ["HOME": "/home/ann", "XDG_CONFIG_HOME": "conf", "XDG_CACHE_HOME": "", "XDG_STATE_HOME": "./s"],
                "/home/ann/.config/remission", "/home/ann/.cache/remission", "/home/ann/.local/state/remission"
            ),
            // REMISSION_* overrides are the remission directory itself and win over XDG.
            (
                [
                    "HOME": "/home/ann", "XDG_CONFIG_HOME": "/x/conf", "REMISSION_CONFIG_HOME": "/r/c",
                    "REMISSION_CACHE_HOME": "/r/k", "REMISSION_STATE_HOME": "/r/s",
                ], "/r/c", "/r/k", "/r/s"
            ),
            // Overrides alone need no HOME; trailing slashes are dropped.
            (
                ["REMISSION_CONFIG_HOME": "/r/c/", "REMISSION_CACHE_HOME": "/r/k//", "REMISSION_STATE_HOME": "/"],
                "/r/c", "/r/k", "/"
            ),
            // A trailing slash on XDG or HOME does not double the separator.
            (
                ["HOME": "/home/ann/", "XDG_CACHE_HOME": "/x/cache/"], "/home/ann/.config/remission",
                "/x/cache/remission", "/home/ann/.local/state/remission"
            ),
        ] as [([String: String], String, String, String)])
    func resolves(environment: [String: String], config: String, cache: String, state: String) throws {
        let paths = try StoragePaths(environment: environment)
        #expect(paths == StoragePaths(config: config, cache: cache, state: state))
    }

    @Test("file names live in the right directories")
    func fileNames() {
        let paths = StoragePaths(config: "/c", cache: "/k", state: "/s")
        #expect(paths.serversFile == "/c/servers.json")
        #expect(paths.trustFile == "/c/trust.json")
        #expect(paths.snapshotsDirectory == "/k/snapshots")
    }

    @Test("a relative override is refused, naming the variable")
    func relativeOverride() {
        #expect(throws: StorageError.relativeOverride(variable: "REMISSION_CACHE_HOME", value: "cache")) {
            try StoragePaths(environment: ["HOME": "/home/ann", "REMISSION_CACHE_HOME": "cache"])
        }
    }

    @Test(
        "without an absolute HOME the first unresolved directory is reported",
        arguments: [
            [:],
            ["HOME": "relative"],
            ["REMISSION_CONFIG_HOME": "/r/c", "XDG_CACHE_HOME": "/x/k"],
        ] as [[String: String]])
    func noHome(environment: [String: String]) {
        #expect(throws: StorageError.self) { try StoragePaths(environment: environment) }
    }

    @Test("the missing-HOME error names the override for that directory")
    func noHomeNamesVariable() {
        #expect(throws: StorageError.noHomeDirectory(variable: "REMISSION_STATE_HOME")) {
            try StoragePaths(environment: ["REMISSION_CONFIG_HOME": "/r/c", "XDG_CACHE_HOME": "/x/k"])
        }
    }
}
