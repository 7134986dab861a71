/// One option with its Swift type: the declaration every layer uses, the default, and the
/// conversion of validated text to the value. Read resolved values with `ResolvedOptions[option]`.
public struct Option<Value: Sendable>: Sendable {
    public let declaration: OptionDeclaration
    public let defaultValue: Value
    /// The value from the written texts (one for values and flags, the items for lists).
    let convert: @Sendable ([String]) -> Value?

    /// A single-valued option: `parse` both validates and converts (nil: invalid, said as `expected`).
    public init(_ name: String, _ placeholder: String, default defaultValue: Value, shown defaultDescription: String? = nil,
                expected: String, help: String, isNumeric: Bool = false, environmentAliases: [String] = [],
                parse: @escaping @Sendable (String) -> Value?) {
        declaration = OptionDeclaration(name: name, shape: .value, isNumeric: isNumeric, placeholder: placeholder,
                                        defaultDescription: defaultDescription ?? "\(defaultValue)", expected: expected,
                                        help: help, environmentAliases: environmentAliases,
                                        problem: { parse($0) == nil ? "expected \(expected)" : nil })
        self.defaultValue = defaultValue
        convert = { texts in texts.count == 1 ? parse(texts[0]) : nil }
    }

    /// A single-valued option whose parser says what is wrong with a bad value.
    public init(_ name: String, _ placeholder: String, default defaultValue: Value, shown defaultDescription: String,
                expected: String, help: String, checking parse: @escaping @Sendable (String) throws(OptionError) -> Value) {
        declaration = OptionDeclaration(name: name, shape: .value, isNumeric: false, placeholder: placeholder,
                                        defaultDescription: defaultDescription, expected: expected, help: help,
                                        environmentAliases: [], problem: { text in
                                            do throws(OptionError) {
                                                _ = try parse(text)
                                                return nil
                                            } catch {
                                                return error.description
                                            }
                                        })
        self.defaultValue = defaultValue
        convert = { texts in texts.count == 1 ? try? parse(texts[0]) : nil }
    }

    init(declaration: OptionDeclaration, defaultValue: Value, convert: @escaping @Sendable ([String]) -> Value?) {
        self.declaration = declaration
        self.defaultValue = defaultValue
        self.convert = convert
    }
}
