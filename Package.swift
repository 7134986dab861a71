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
    ],
    targets: [
        .systemLibrary(name: "CZlib", path: "CZlib"),
        .systemLibrary(name: "CLinux", path: "CLinux"),
        .target(name: "TransitData", dependencies: ["CZlib"]),
        .target(name: "TransitEngine", dependencies: ["TransitData"]),
        .target(name: "WebSocketServer", dependencies: ["CZlib", "CLinux"]),
        .target(name: "TracksideServer",
                dependencies: ["TransitData", "TransitEngine", "WebSocketServer"]),
        .executableTarget(name: "trackside", dependencies: ["TracksideServer", "CLinux"]),
        // Build-time tool for the page's offline base map (Data/maps); not linked into the server.
        .target(name: "BaseMapBuilder", dependencies: ["TransitData", "TransitEngine"]),
        .executableTarget(name: "trackside-basemap", dependencies: ["BaseMapBuilder", "TransitData"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TransitDataTests", dependencies: ["TransitData", "TestSupport"]),
        .testTarget(name: "TransitEngineTests", dependencies: ["TransitEngine", "TestSupport"]),
        .testTarget(name: "WebSocketServerTests", dependencies: ["WebSocketServer", "TransitData", "TestSupport"]),
        .testTarget(name: "BaseMapBuilderTests", dependencies: ["BaseMapBuilder", "TestSupport"]),
        .testTarget(name: "TracksideServerTests", dependencies: ["TracksideServer", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
