// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "remission",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "remission", targets: ["remission"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // C bindings: OpenSSL found with pkg-config and linked, plus one shim for its macros.
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        // zlib, for gzip answers from a server that is not on loopback.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libsecret is loaded with dlopen, not linked (its header says why).
        .target(name: "CSecret"),
        // GIO's GDBus for desktop notifications (`notify`), loaded with dlopen like libsecret.
        .target(name: "CNotify"),
        .target(name: "CShims", dependencies: ["COpenSSL"]),
        // po/ru.po, compiled into the binary (#embed) for RemissionViews' Catalog.
        .target(name: "CCatalog"),

        // Pure values: endpoints, JSON, torrents, sessions.
        .target(name: "RemissionModel"),
        // Trust: the pure policy over certificate facts (PRODUCT.md §2); no I/O.
        .target(name: "RemissionTrust", dependencies: ["RemissionModel"]),
        // Files: XDG paths, atomic writes, locks, versioned documents: servers.json, trust.json, snapshots.
        .target(name: "RemissionStorage", dependencies: ["RemissionModel", "RemissionTrust"]),
        // Transport: routes (direct TCP, proxy tunnels) under our own HTTP/1.1 engine on OpenSSL,
        // trust decided inside the TLS handshake.
        .target(
            name: "RemissionTransport",
            dependencies: [
                "COpenSSL", "CShims", "CZlib", "RemissionModel", "RemissionTrust",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Transmission RPC client (classic and JSON-RPC 2.0 dialects).
        .target(
            name: "RemissionRPC",
            dependencies: [
                "RemissionModel", "RemissionTransport",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Passwords in the Secret Service keyring (libsecret).
        .target(name: "RemissionCredentials", dependencies: ["CSecret", "RemissionModel"]),
        // Use cases: target resolution, password sources, check, torrent lookups; one failure
        // vocabulary (`Failure`, `ExitStatus`). Returns values; never prints, no ArgumentParser.
        .target(
            name: "RemissionSession",
            dependencies: [
                "RemissionModel", "RemissionStorage", "RemissionTrust", "RemissionTransport",
                "RemissionRPC", "RemissionCredentials",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Views: every byte meant for a person (reports, tables, errors, hints), terminal-safe.
        .target(
            name: "RemissionViews",
            dependencies: [
                "CCatalog", "RemissionModel", "RemissionTrust", "RemissionTransport", "RemissionRPC",
                "RemissionCredentials",
                "RemissionStorage", "RemissionSession",
            ]),
        // The executable: commands (swift-argument-parser), terminal I/O; parse → use case → view → exit.
        .executableTarget(
            name: "remission",
            dependencies: [
                "CNotify", "CShims", "RemissionModel", "RemissionStorage", "RemissionTrust", "RemissionTransport",
                "RemissionRPC", "RemissionCredentials", "RemissionSession", "RemissionViews",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Starts and stops the real test bed (transmission-daemon, nginx, certificates) for tests.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Certificate facts, pins and chains for the pure trust tests and the views that word them.
        .target(name: "TrustFixtures", dependencies: ["RemissionTrust"], path: "Tests/TrustFixtures"),
        .testTarget(name: "RemissionModelTests", dependencies: ["RemissionModel"]),
        .testTarget(
            name: "RemissionStorageTests",
            dependencies: ["RemissionStorage", "RemissionTrust", "TrustFixtures", "TestSupport"]),
        .testTarget(name: "RemissionTrustTests", dependencies: ["RemissionTrust", "TrustFixtures", "TestSupport"]),
        .testTarget(
            name: "RemissionViewsTests",
            dependencies: [
                "RemissionViews", "RemissionSession", "RemissionTrust", "RemissionModel", "RemissionStorage",
                "RemissionCredentials", "RemissionRPC", "TrustFixtures", "TestSupport",
            ]),
        .testTarget(
            name: "RemissionSessionTests",
            dependencies: [
                "RemissionSession", "RemissionViews", "RemissionRPC", "RemissionTransport", "RemissionCredentials",
                "RemissionStorage", "RemissionTrust", "RemissionModel", "TrustFixtures", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "RemissionRPCTests",
            dependencies: ["RemissionRPC", .product(name: "Logging", package: "swift-log")]),
        .testTarget(
            name: "RemissionTransportTests", dependencies: ["RemissionTransport", "RemissionRPC", "TestSupport"]),
        .testTarget(name: "RemissionCredentialsTests", dependencies: ["RemissionCredentials", "TestSupport"]),
        .testTarget(
            name: "RemissionCommandTests",
            dependencies: [
                "remission", "RemissionSession", "RemissionViews", "TestSupport",
                // SetCommandTests reads the daemon back with its own RPC client.
                "RemissionRPC", "RemissionTransport", "RemissionTrust", "RemissionModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
