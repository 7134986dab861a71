/// Options that cannot work, said in one line naming where the bad value came from
/// (`--port`, `TRACKSIDE_PORT`, or the key in the config file).
public struct OptionError: Error, CustomStringConvertible, Equatable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
