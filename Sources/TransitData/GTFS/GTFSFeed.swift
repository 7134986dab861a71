import Foundation

/// A static GTFS feed: the network's agencies, routes, stops, trips, shapes, service calendar,
/// transfers, frequencies and pathways, with lookups by id.
///
/// `stop_times.txt` is not loaded with the rest (the full subway has half a million rows):
/// stream it with `stopTimes()` or load it compactly with `loadSchedule()`.
public struct GTFSFeed: Sendable {
    /// `agency.txt`.
    public var agencies: [GTFSAgency]
    /// `routes.txt`, by `route_id`.
    public var routes: GTFSTable<GTFSRoute>
    /// `stops.txt`, by `stop_id`.
    public var stops: GTFSTable<GTFSStop>
    /// `trips.txt`, by `trip_id`.
    public var trips: GTFSTable<GTFSTrip>
    /// `shapes.txt` grouped into shapes, by `shape_id`.
    public var shapes: GTFSTable<GTFSShape>
    /// `calendar.txt`.
    public var calendars: [GTFSCalendar]
    /// `calendar_dates.txt`.
    public var calendarDates: [GTFSCalendarDate]
    /// `transfers.txt`.
    public var transfers: [GTFSTransfer]
    /// `frequencies.txt`: the service windows of frequency-based trips, in file order.
    public var frequencies: [GTFSFrequency]
    /// `pathways.txt`: the walking links inside stations, in file order.
    public var pathways: [GTFSPathway]
    /// Where the feed was read from, for streaming `stop_times.txt`; nil for a feed built in memory.
    public var source: GTFSSource?

    /// A feed from tables already in memory.
    public init(agencies: [GTFSAgency] = [], routes: [GTFSRoute] = [], stops: [GTFSStop] = [], trips: [GTFSTrip] = [],
                shapes: [GTFSShape] = [], calendars: [GTFSCalendar] = [], calendarDates: [GTFSCalendarDate] = [],
                transfers: [GTFSTransfer] = [], frequencies: [GTFSFrequency] = [], pathways: [GTFSPathway] = [],
                source: GTFSSource? = nil) {
        self.agencies = agencies
        self.routes = GTFSTable(routes)
        self.stops = GTFSTable(stops)
        self.trips = GTFSTable(trips)
        self.shapes = GTFSTable(shapes)
        self.calendars = calendars
        self.calendarDates = calendarDates
        self.transfers = transfers
        self.frequencies = frequencies
        self.pathways = pathways
        self.source = source
    }

    /// The time zone of the schedule: the first agency's (GTFS requires all agencies to share it).
    public var timeZone: TimeZone? {
        agencies.first?.timeZone
    }
}
