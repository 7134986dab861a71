/// What `XINFO STREAM` says about a stream, without its first and last entries' contents.
public struct StreamInfo: Hashable, Sendable {
    /// Entries in the stream now.
    public var length: Int
    /// The largest id ever added; an `XADD` must use a larger one.
    public var lastGeneratedID: StreamID
    /// The oldest entry still held, nil when empty. A reader whose last id is below it (and who has not read up to
    /// it) has missed trimmed entries.
    public var firstEntryID: StreamID?
    /// The newest entry still held, nil when empty.
    public var lastEntryID: StreamID?
    /// Entries ever added (Redis 7), nil before.
    public var entriesAdded: Int?

    public init(length: Int, lastGeneratedID: StreamID, firstEntryID: StreamID?, lastEntryID: StreamID?,
                entriesAdded: Int?) {
        self.length = length
        self.lastGeneratedID = lastGeneratedID
        self.firstEntryID = firstEntryID
        self.lastEntryID = lastEntryID
        self.entriesAdded = entriesAdded
    }
}

extension StreamInfo {
    /// Reads the RESP2 reply: a flat array of names and values.
    init(reply: RESPValue) throws(RedisError) {
        guard case .array(let flat?) = reply, flat.count.isMultiple(of: 2) else {
            throw .unexpectedReply("an XINFO STREAM reply")
        }
        var members: [String: RESPValue] = [:]
        for index in stride(from: 0, to: flat.count, by: 2) {
            guard let name = flat[index].string else { throw .unexpectedReply("an XINFO STREAM member") }
            members[name] = flat[index + 1]
        }
        guard case .integer(let length)? = members["length"], let text = members["last-generated-id"]?.string,
              let lastGenerated = StreamID(text) else {
            throw .unexpectedReply("XINFO STREAM without length and last-generated-id")
        }
        func entryID(_ name: String) throws(RedisError) -> StreamID? {
            guard let value = members[name], !value.isNull else { return nil }
            return try StreamEntry(reply: value).id
        }
        var entriesAdded: Int?
        if case .integer(let added)? = members["entries-added"] { entriesAdded = Int(added) }
        self.init(length: Int(length), lastGeneratedID: lastGenerated, firstEntryID: try entryID("first-entry"),
                  lastEntryID: try entryID("last-entry"), entriesAdded: entriesAdded)
    }
}
