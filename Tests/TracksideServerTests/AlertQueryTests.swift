import Testing
import TransitEngine
@testable import TracksideServer

@Suite struct AlertQueryTests {
    let delays = DisplayAlert(id: "d", header: "Delays", routes: ["A", "C"], stations: ["A31"], when: .now)
    let planned = DisplayAlert(id: "p", header: "Planned", routes: ["1"], stations: ["127", "A31"], when: .tomorrow)

    @Test func filtersCombineAndListsMeanAnyOf() throws {
        let all = [delays, planned]
        func ids(_ query: AlertQuery) -> [String] { all.filter(query.matches).map(\.id) }
        #expect(ids(try AlertQuery(route: nil, station: nil, when: nil)) == ["d", "p"])
        #expect(ids(try AlertQuery(route: "C", station: nil, when: nil)) == ["d"])
        #expect(ids(try AlertQuery(route: "1,C", station: nil, when: nil)) == ["d", "p"])
        #expect(ids(try AlertQuery(route: nil, station: "A31", when: nil)) == ["d", "p"])
        #expect(ids(try AlertQuery(route: nil, station: "127", when: nil)) == ["p"])
        #expect(ids(try AlertQuery(route: nil, station: "A31", when: "tomorrow")) == ["p"])
        #expect(ids(try AlertQuery(route: "A", station: "127", when: nil)).isEmpty)
        #expect(ids(try AlertQuery(route: nil, station: nil, when: "now,later_today")) == ["d"])
        #expect(try AlertQuery(route: "A,6X", station: "127", when: "later") ==
                AlertQuery(routes: ["A", "6X"], station: "127", timings: [.later]))
    }

    @Test(arguments: [
        ("", nil, nil, "route ids"), ("A,", nil, nil, "route ids"), ("[A]", nil, nil, "route ids"),
        (String(repeating: "A,", count: 40) + "A", nil, nil, "at most 32"),
        (nil, "", nil, "station ids"), (nil, "12 7", nil, "station ids"), (nil, String(repeating: "9", count: 33), nil, "station ids"),
        (nil, nil, "", "unknown when"), (nil, nil, "soon", "unknown when"), (nil, nil, "NOW", "unknown when"),
    ] as [(String?, String?, String?, String)])
    func malformedFiltersAreBadRequests(route: String?, station: String?, when: String?, reason: String) {
        do {
            _ = try AlertQuery(route: route, station: station, when: when)
            Issue.record("accepted \(String(describing: route)) \(String(describing: station)) \(String(describing: when))")
        } catch {
            #expect(error.code == .badRequest && error.message.contains(reason), "\(error.message)")
        }
    }
}
