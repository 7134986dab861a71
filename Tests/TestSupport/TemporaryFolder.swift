import Foundation

/// Small files written to a fresh temporary folder: GTFS tables for loader and network tests.
public enum TemporaryFolder {
    /// Writes each `name → text` of `files` into a new folder and returns it.
    public static func with(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackside-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }
}
