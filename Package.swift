// swift-tools-version: 6.0
import PackageDescription

/// Trackside: a live transit vehicle push server.
/// The module graph follows docs/ARCHITECTURE.md: data decoding, a pure engine,
/// a transport that knows nothing about transit, and the server that wires them.
let package = Package(
    name: "Trackside",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "trackside", targets: ["trackside"]),
        .executable(name: "trackside-bench", targets: ["trackside-bench"]),
    ],
    // Every target lists each module it imports (besides Foundation, Dispatch, Synchronization and Glibc).
    targets: [
        .systemLibrary(name: "CZlib", path: "CZlib"),
        .systemLibrary(name: "CLinux", path: "CLinux"),
        // The one histogram: counts in fixed buckets, shared by the transport, `/metrics`, the tick and the bench.
        .target(name: "Metrics"),
        // What the data layer and the transport both stand on: zlib in each direction (`Deflater`, `Inflater`,
        // `CRC32`), the JSON string escaper, the FNV-1a content hash.
        .target(name: "Codecs", dependencies: ["CZlib"]),
        .target(name: "TransitData", dependencies: ["Codecs"]),
        .target(name: "TransitEngine", dependencies: ["TransitData"]),
        // `getaddrinfo` for TCP, the one resolver of both the transport's `--host` and the Redis client's URL.
        .target(name: "HostResolution"),
        .target(name: "WebSocketServer", dependencies: ["CLinux", "Codecs", "HostResolution", "Metrics"]),
        // The RESP2 client for `serve --role engine|edge`: codec, connections, streams and leases.
        .target(name: "Redis", dependencies: ["HostResolution"]),
        .target(name: "TracksideServer",
                dependencies: ["Codecs", "Metrics", "Redis", "TransitData", "TransitEngine", "WebSocketServer"]),
        // The subcommand plumbing both executables share: arguments, commands, exit statuses.
        .target(name: "TracksideCommandLine", dependencies: ["TracksideServer", "TransitData", "TransitEngine"]),
        .executableTarget(name: "trackside",
                          dependencies: ["TracksideCommandLine", "TracksideServer", "TransitData", "TransitEngine",
                                         "WebSocketServer"]),
        // Benchmarks, their load generators and bench servers (and the tests' redis-server launcher, for the
        // scale-out topology): never part of the `trackside` binary.
        .executableTarget(name: "trackside-bench",
                          dependencies: ["Metrics", "TracksideCommandLine", "TracksideServer", "TransitData",
                                         "TransitEngine", "WebSocketServer", "CLinux", "TestSupport"]),
        // Build-time tool for the page's offline base map (Data/maps); never part of the `trackside` binary.
        .target(name: "BaseMapBuilder", dependencies: ["TransitData", "TransitEngine"]),
        .executableTarget(name: "trackside-basemap", dependencies: ["BaseMapBuilder", "TransitData"]),
        .target(name: "TestSupport", path: "Tests/TestSupport", exclude: ["redis-test.conf"]),
        .testTarget(name: "MetricsTests", dependencies: ["Metrics"]),
        .testTarget(name: "HostResolutionTests", dependencies: ["HostResolution"]),
        .testTarget(name: "CodecsTests", dependencies: ["Codecs"]),
        .testTarget(name: "TransitDataTests", dependencies: ["TransitData", "Codecs", "TestSupport"]),
        .testTarget(name: "TransitEngineTests", dependencies: ["TransitEngine", "TransitData", "TestSupport"]),
        .testTarget(name: "RedisTests", dependencies: ["Redis", "TransitData", "TestSupport"]),
        .testTarget(name: "WebSocketServerTests",
                    dependencies: ["WebSocketServer", "Metrics", "TransitData", "TestSupport"]),
        .testTarget(name: "BaseMapBuilderTests", dependencies: ["BaseMapBuilder", "TransitEngine", "TestSupport"]),
        .testTarget(name: "TracksideServerTests",
                    dependencies: ["TracksideServer", "Metrics", "TransitData", "TransitEngine", "WebSocketServer",
                                   "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
