import TransitData
import TransitEngine

/// A display alert as sent to clients: its wire JSON serialised once, with what decides who
/// receives it (its routes and stations).
public struct PublishedAlert: Equatable, Sendable {
    public let id: String
    public let routes: [String]
    public let stations: [String]
    /// `DisplayAlert.writeJSON(to:)`; two published alerts with the same id differ when these
    /// bytes differ, which is what clients would draw differently.
    public let json: [UInt8]

    public init(_ alert: DisplayAlert) {
        id = alert.id
        routes = alert.routes
        stations = alert.stations
        var writer = JSONWriter(reservingCapacity: 1024)
        alert.writeJSON(to: &writer)
        json = writer.bytes
    }

    /// An alert as another process published it (a stream entry).
    public init(id: String, routes: [String], stations: [String], json: [UInt8]) {
        self.id = id
        self.routes = routes
        self.stations = stations
        self.json = json
    }
}
