import Foundation
import Testing
import TestSupport
@testable import TracksideServer
import WebSocketServer

/// `GET /api/stations/{id}` names a station's lines as riders do: each labelled line's short name
/// and colours (`route_labels`), arrivals or not.
@Suite struct StationDetailTests {
    /// One tram line with a rider-facing name and colours, and one without a short name, at the
    /// station `CEN` (platform `CEN-1`) of an agency that is not NYC Transit.
    static let tables: [String: String] = [
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nT,Tramways,https://t.example,Europe/Paris\n",
        "routes.txt": """
            route_id,route_short_name,route_long_name,route_type,route_color,route_text_color
            tram-0001-2024,T1,Gare - Port,0,E2001A,FFFFFF
            tram-0002-2024,,Gare - Lac,0,,

            """,
        "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nD,1,1,1,1,1,1,1,20240101,20301231\n",
        "stops.txt": """
            stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station
            CEN,Centre,45.75,4.85,1,
            CEN-1,Centre,45.75,4.85,0,CEN
            POR,Port,45.76,4.86,0,

            """,
        "trips.txt": "route_id,trip_id,service_id,direction_id\ntram-0001-2024,t1,D,0\ntram-0002-2024,t2,D,0\n",
        "stop_times.txt": """
            trip_id,stop_id,arrival_time,departure_time,stop_sequence
            t1,CEN-1,05:00:00,05:00:00,1
            t1,POR,05:10:00,05:10:00,2
            t2,CEN-1,06:00:00,06:00:00,1
            t2,POR,06:10:00,06:10:00,2

            """,
    ]

    @Test func aStationsLabelledLinesCarryTheirShortNamesAndColours() throws {
        let folder = try TemporaryFolder.with(Self.tables)
        let app = try TracksideApp(configuration: TracksideConfiguration(source: .simulation, gtfsPaths: [folder.path]),
                                   logger: Logger { _ in })
        let station = try #require(app.routedGET("/api/stations/CEN"), "no station route")
        let response = station()
        let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(Set(body["lines"] as? [String] ?? []) == ["tram-0001-2024", "tram-0002-2024"])
        let labels = try #require(body["route_labels"] as? [String: [String: String]], "\(body)")
        // The unnamed line has no label to give: the page keeps its id.
        #expect(labels == ["tram-0001-2024": ["route_short_name": "T1", "route_color": "E2001A", "route_text_color": "FFFFFF"]])
    }
}
