/// Options shown together in help and docs under one title.
public struct OptionGroup: Sendable {
    public let title: String
    public let options: [OptionDeclaration]

    public init(_ title: String, _ options: [OptionDeclaration]) {
        self.title = title
        self.options = options
    }
}
