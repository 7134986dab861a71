// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.
/// stays small; the owner replaces the whole box on mutation, which keeps value semantics.
final class IndirectStorage<Value: Hashable & Sendable>: Hashable, Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    static func == (lhs: IndirectStorage, rhs: IndirectStorage) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
