import Foundation
import Testing
import TransitData
@testable import TransitEngine

@Suite struct ArrivalBoardSignRowsTests {
    let board = ArrivalBoard(stationID: "127", timestamp: 1_000, groups: [
        ArrivalGroup(routeID: "1", direction: "N", headsign: "Van Cortlandt Park - 242 St", arrivals: [
            Arrival(tripID: "a", time: 1_020, minutes: 0, isDue: true),
            Arrival(tripID: "b", time: 1_600, minutes: 10, isDue: false),
        ]),
        ArrivalGroup(routeID: "2", direction: "S", headsign: "Flatbush Av", arrivals: [
            Arrival(tripID: "c", time: 1_200, minutes: 3, isDue: false, track: "M"),
        ]),
        ArrivalGroup(routeID: "3", direction: "S", headsign: nil, arrivals: [
            Arrival(tripID: "d", time: 1_300, minutes: 5, isDue: false),
        ]),
    ])

    @Test func rowsMergeEveryGroupSoonestFirst() {
        #expect(board.signRows(count: 10).map(\.text) == [
            "1 Van Cortlandt P…  Due", "2 Flatbush Av  3 min", "3 S  5 min", "1 Van Cortlandt P…  10 min",
        ])
    }

    @Test func rowsStopAtTheCountAsked() {
        #expect(board.signRows(count: 2).map(\.routeID) == ["1", "2"])
        #expect(board.signRows(count: 0).isEmpty)
    }

    @Test func anEmptyBoardHasNoRows() {
        #expect(ArrivalBoard(stationID: "127", timestamp: 0, groups: []).signRows(count: 4).isEmpty)
    }

    @Test func rowsCarryTheTrackWhereKnown() {
        #expect(board.signRows(count: 4).map { $0.track } == [nil, "M", nil, nil])
        #expect(board.signRows(count: 2).map(\.text) == ["1 Van Cortlandt P…  Due", "2 Flatbush Av  3 min"])
    }
}
