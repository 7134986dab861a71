/// One field of a stream entry: a name and binary-safe bytes.
public struct StreamField: Hashable, Sendable {
    public var name: String
    public var value: [UInt8]

    public init(_ name: String, _ value: [UInt8]) {
        self.name = name
        self.value = value
    }

    public init(_ name: String, _ value: String) {
        self.init(name, Array(value.utf8))
    }
}

/// One entry of a stream: its id and its fields in the order they were written.
public struct StreamEntry: Hashable, Sendable {
    public var id: StreamID
    public var fields: [StreamField]

    public init(id: StreamID, fields: [StreamField]) {
        self.id = id
        self.fields = fields
    }

    /// The value of the first field called `name`.
    public subscript(name: String) -> [UInt8]? {
        fields.first { $0.name == name }?.value
    }
}

extension StreamEntry {
    /// An entry as Redis sends it: `[id, [name, value, …]]` (the fields may be null for a deleted entry).
    init(reply: RESPValue) throws(RedisError) {
        guard case .array(let parts?) = reply, parts.count == 2, let text = parts[0].string,
              let id = StreamID(text) else {
            throw .unexpectedReply("a stream entry")
        }
        var fields: [StreamField] = []
        if case .array(let flat?) = parts[1] {
            guard flat.count.isMultiple(of: 2) else { throw .unexpectedReply("stream fields without values") }
            fields.reserveCapacity(flat.count / 2)
            for index in stride(from: 0, to: flat.count, by: 2) {
                guard let name = flat[index].string, let value = flat[index + 1].bytes else {
                    throw .unexpectedReply("a stream field")
                }
                fields.append(StreamField(name, value))
            }
        } else if !parts[1].isNull {
            throw .unexpectedReply("stream fields")
        }
        self.init(id: id, fields: fields)
    }

    /// The entries of an `XRANGE`/`XREVRANGE` reply.
    static func list(reply: RESPValue) throws(RedisError) -> [StreamEntry] {
        guard case .array(let entries?) = reply else { throw .unexpectedReply("a list of stream entries") }
        var result: [StreamEntry] = []
        result.reserveCapacity(entries.count)
        for entry in entries { result.append(try StreamEntry(reply: entry)) }
        return result
    }

    /// The entries of an `XREAD` reply for one stream: `[[key, entries]]`, or null when the block time passed.
    static func read(reply: RESPValue) throws(RedisError) -> [StreamEntry] {
        if reply.isNull { return [] }
        guard case .array(let streams?) = reply else { throw .unexpectedReply("an XREAD reply") }
        var result: [StreamEntry] = []
        for stream in streams {
            guard case .array(let pair?) = stream, pair.count == 2 else { throw .unexpectedReply("an XREAD stream") }
            result += try list(reply: pair[1])
        }
        return result
    }
}
