/// The proto2 extensions a decoder should understand, each registered on the message it extends.
///
/// An extension field whose (extendee, number) is not registered is skipped like any unknown
/// field. The MTA's trips and alerts extensions both use number 1001 on `FeedHeader`, so they
/// cannot live in one registry: registering a second extension at the same place traps.
public struct ProtobufExtensionRegistry: Sendable {
    private struct Entry: Equatable, Sendable {
        let extendee: ObjectIdentifier
        let number: Int
        let extensionType: ObjectIdentifier
    }

    private var entries: [Entry] = []

    public init() {}

    /// Registers message type `extensionType` as extension field `number` of `extendee`.
    public mutating func register(
        _ extensionType: any ProtobufMessage.Type,
        extending extendee: any ProtobufMessage.Type,
        number: Int
    ) {
        let entry = Entry(extendee: ObjectIdentifier(extendee), number: number,
                          extensionType: ObjectIdentifier(extensionType))
        precondition(!entries.contains { $0.extendee == entry.extendee && $0.number == number },
                     "two extensions registered as field \(number) of \(extendee.protobufName)")
        entries.append(entry)
    }

    /// Whether `extensionType` is registered as field `number` of `extendee`.
    ///
    /// A linear scan: registries hold a handful of entries and this runs once per extension
    /// field occurrence, where hashing would cost more than comparing.
    public func contains(
        _ extensionType: any ProtobufMessage.Type,
        extending extendee: any ProtobufMessage.Type,
        number: Int
    ) -> Bool {
        let wanted = ObjectIdentifier(extensionType)
        let extendeeID = ObjectIdentifier(extendee)
        for entry in entries where entry.number == number && entry.extendee == extendeeID {
            return entry.extensionType == wanted
        }
        return false
    }
}
