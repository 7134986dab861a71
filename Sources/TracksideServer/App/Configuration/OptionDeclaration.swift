/// What every layer needs to know about one option, whatever its Swift type: its name (which
/// gives the flag `--name`, the variable `TRACKSIDE_NAME` and the config-file key `name`), how it
/// is written, its default and its help. Declared once, through `Option`.
public struct OptionDeclaration: Sendable {
    /// How values are written on the command line and in the config file.
    public enum Shape: Sendable {
        /// `--name VALUE`; a number or a string in the file.
        case value
        /// `--name` alone (or `--name=false`, `--no-name`); true or false in the file.
        case flag
        /// `--name VALUE`, repeatable; comma-separated in the environment, an array in the file.
        case list
    }

    /// The kebab-case name, e.g. `max-message-size`.
    public let name: String
    public let shape: Shape
    /// Whether the file takes a JSON number (rather than a string).
    public let isNumeric: Bool
    /// The value's name in help, e.g. `BYTES`.
    public let placeholder: String
    /// The default as help and docs show it.
    public let defaultDescription: String
    /// What a valid value looks like ("an integer from 0 to 65535"), for help and error messages.
    public let expected: String
    public let help: String
    /// Variables read besides `TRACKSIDE_NAME`, when it is unset (a name other tools already use).
    public let environmentAliases: [String]
    /// Why one written value (a list item for lists) is invalid, or nil when it is valid.
    let problem: @Sendable (String) -> String?

    /// `--name`.
    public var flag: String { "--" + name }

    /// `TRACKSIDE_NAME`, dashes as underscores.
    public var environmentName: String {
        "TRACKSIDE_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// Every variable read, in the order looked at.
    public var environmentNames: [String] { [environmentName] + environmentAliases }
}
