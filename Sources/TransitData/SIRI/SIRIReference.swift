/// Bus Time references carry an agency prefix (`MTA NYCT_M15`, `MTABC_Q53`, `MTA_404303`)
/// in front of the GTFS id.
public enum SIRIReference {
    /// The id after the first `_`, or the whole reference when there is no prefix.
    public static func localID(_ reference: String) -> String {
        guard let separator = reference.firstIndex(of: "_") else { return reference }
        return String(reference[reference.index(after: separator)...])
    }
}
