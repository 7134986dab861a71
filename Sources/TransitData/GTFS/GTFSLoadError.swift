/// Why a GTFS feed could not be opened (its files' contents fail with `CSVError` or `ZipError` instead).
public struct GTFSLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, naming the path.
    public let description: String

    /// An error with the given message.
    public init(_ description: String) {
        self.description = description
    }
}
