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
        // libcurl and libsecret are loaded with dlopen, not linked (their headers say why); libcurl's
        // headers come from libcurl4-openssl-dev.
        .target(name: "CCurl"),
        .target(name: "CSecret"),
        .target(name: "CShims", dependencies: ["COpenSSL"]),

        // Pure values: endpoints, JSON, torrents, sessions.
        .target(name: "RemissionModel"),
        // Files: XDG paths, atomic writes, locks, versioned documents.
        .target(name: "RemissionStorage", dependencies: ["RemissionModel"]),
        // Trust: pure policy over certificate facts, and the trust store.
        .target(name: "RemissionTrust", dependencies: ["RemissionModel", "RemissionStorage"]),
        // Transport: libcurl + OpenSSL, trust decided inside the TLS handshake.
        .target(
            name: "RemissionTransport",
            dependencies: [
                "CCurl", "COpenSSL", "CShims", "RemissionModel", "RemissionTrust",
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
        // The command-line interface: commands, prompts, rendering.
        .target(
            name: "RemissionCLI",
            dependencies: [
                "RemissionModel", "RemissionStorage", "RemissionTrust", "RemissionTransport",
                "RemissionRPC", "RemissionCredentials",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(name: "remission", dependencies: ["RemissionCLI"]),

        // Starts and stops the real test bed (transmission-daemon, nginx, certificates) for tests.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "RemissionModelTests", dependencies: ["RemissionModel"]),
        .testTarget(name: "RemissionStorageTests", dependencies: ["RemissionStorage", "TestSupport"]),
        .testTarget(name: "RemissionTrustTests", dependencies: ["RemissionTrust", "TestSupport"]),
        .testTarget(
            name: "RemissionRPCTests",
            dependencies: ["RemissionRPC", .product(name: "Logging", package: "swift-log")]),
        .testTarget(
            name: "RemissionTransportTests", dependencies: ["RemissionTransport", "RemissionRPC", "TestSupport"]),
        .testTarget(name: "RemissionCredentialsTests", dependencies: ["RemissionCredentials", "TestSupport"]),
        .testTarget(
            name: "RemissionCLITests",
            dependencies: [
                "RemissionCLI", "TestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
