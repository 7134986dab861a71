import TransitData

extension VehicleListing {
    /// `epoch`, `seq`, `ts` and, after the first tick, `feed_ts`: the members a listing shares with a snapshot.
    func writeHeader(to o: inout JSONWriter) {
        o.key("epoch"); o.value(epoch)
        o.key("seq"); o.value(seq)
        o.key("ts"); o.value(timestampMilliseconds)
        if let feedTime { o.key("feed_ts"); o.value(feedTime.rounded(.down), decimals: 0) }
    }
}
