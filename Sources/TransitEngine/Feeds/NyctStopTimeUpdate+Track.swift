import TransitData

extension GTFSRealtime.NyctStopTimeUpdate {
    /// The track riders will find the train on: the actual track once the dispatcher has set
    /// it, else the scheduled one; nil when neither is given (an empty string counts as absent).
    var track: String? {
        if let actualTrack, !actualTrack.isEmpty { return actualTrack }
        if let scheduledTrack, !scheduledTrack.isEmpty { return scheduledTrack }
        return nil
    }
}
