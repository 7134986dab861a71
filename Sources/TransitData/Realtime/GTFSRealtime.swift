/// The GTFS-realtime 2.0 model (`transit_realtime` in gtfs-realtime.proto), with the NYCT subway
/// trips extension and the MTA "Mercury" alerts extension.
///
/// Messages are plain value types: proto2 `required` fields are non-optional, `optional` fields
/// are optionals (nil when absent on the wire, so defaults are the reader's choice), repeated
/// fields are arrays with plural names. Each message decodes and encodes through
/// `ProtobufMessage` and writes `.proto`-named JSON through `writeJSON(to:)`.
public enum GTFSRealtime {}
