import Foundation

/// The real NYC feeds in `../shared/data` beside the repository (see its PROVENANCE.md).
///
/// Tests that need them use `.enabled(if: SharedData.isAvailable)`. Outside CI a machine without
/// the folder skips them; in CI (where `CI` is set) they always run, so a missing folder fails.
public enum SharedData {
    /// The repository root, found from this file's location.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the repository.
    public static let sharedRoot = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// `../shared/data`.
    public static let root = sharedRoot.appendingPathComponent("data")

    /// Whether real-data tests should run here.
    public static var isAvailable: Bool {
        ProcessInfo.processInfo.environment["CI"] != nil || FileManager.default.fileExists(atPath: root.path)
    }

    /// A file or folder inside `../shared/data`.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The bytes of a file inside `../shared/data`.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }
}
