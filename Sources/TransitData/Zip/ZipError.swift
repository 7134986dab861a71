/// Why a zip archive or one of its entries could not be read.
public struct ZipError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The archive's name, as given when it was opened.
    public let archive: String
    /// The entry concerned, if any.
    public let entry: String?
    /// What is wrong, in words (with the byte offset where it helps).
    public let reason: String

    /// An error about `archive`, optionally one of its entries.
    public init(archive: String, entry: String? = nil, reason: String) {
        self.archive = archive
        self.entry = entry
        self.reason = reason
    }

    public var description: String {
        if let entry { return "\(archive): \(entry): \(reason)" }
        return "\(archive): \(reason)"
    }
}
