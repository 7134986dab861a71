import Foundation

/// One elevator or escalator from the MTA's equipment list (`nyct_ene_equipments.json`):
/// `equipmentno`, `equipmenttype` (`EL`, `ES`), `serving`, `shortdescription`, `ADA`,
/// `isactive`, `elevatorsgtfsstopid` (the GTFS stations it serves, `A31/L01` for two) and
/// `stationcomplexid`. The outage feed names equipment only by number and station name, so
/// this list is what places an outage at a station.
public struct ElevatorEquipment: Hashable, Sendable {
    public enum Kind: String, Sendable {
        case elevator, escalator
    }

    /// The MTA's equipment number (`EL293`, `ES103`).
    public var id: String
    public var kind: Kind
    /// The station's name in the list (`1 Av`).
    public var stationName: String
    /// Where it goes, in full (`E 14 St and Avenue A (SW corner) to Canarsie-bound platform`).
    public var serving: String
    /// The same, short (`Street to Brooklyn-bound platform`), nil when the list gives none.
    public var shortDescription: String?
    /// Whether it is part of the station's step-free (ADA) route.
    public var isADA: Bool
    /// The GTFS stations (parent stop ids) it serves.
    public var stopIDs: [String]
    /// The MTA station complex id, nil when absent.
    public var complexID: String?
    /// The routes it serves, as the list writes them (`L`, `1/2/3`).
    public var lines: String?
    /// Whether a feed reports its status: the MTA's numbers are named by the outage feed and the
    /// alerts feed; no standard feed names a GTFS pathway's elevator, so its status is unknown
    /// unless an alert happens to name it.
    public var statusIsReported: Bool

    public init(id: String, kind: Kind, stationName: String, serving: String, shortDescription: String? = nil,
                isADA: Bool, stopIDs: [String], complexID: String? = nil, lines: String? = nil, statusIsReported: Bool = true) {
        self.id = id
        self.kind = kind
        self.stationName = stationName
        self.serving = serving
        self.shortDescription = shortDescription
        self.isADA = isADA
        self.stopIDs = stopIDs
        self.complexID = complexID
        self.lines = lines
        self.statusIsReported = statusIsReported
    }

    /// `EL…` is an elevator, `ES…` an escalator (the type code, else the number's prefix).
    static func kind(code: String?, id: String) -> Kind? {
        switch (code ?? String(id.prefix(2))).uppercased() {
        case "EL": .elevator
        case "ES": .escalator
        default: nil
        }
    }
}

extension ElevatorEquipment {
    /// Reads the equipment list in `data` (a JSON array); `file` names it in errors. Equipment
    /// the list marks inactive (`isactive` N) is left out; a record without a number, a known
    /// type or a GTFS stop id is an error.
    public static func equipment(json data: Data, file: String) throws(GTFSLoadError) -> [ElevatorEquipment] {
        var list: [ElevatorEquipment] = []
        for (index, record) in try AccessDocument.records(data, what: file).enumerated() {
            guard let id = AccessDocument.text(record, "equipmentno"), id.count <= 32 else {
                throw GTFSLoadError("\(file): record \(index) has no equipmentno")
            }
            guard let kind = kind(code: AccessDocument.text(record, "equipmenttype"), id: id) else {
                throw GTFSLoadError("\(file): \(id) is neither an elevator (EL) nor an escalator (ES)")
            }
            let stops = (AccessDocument.text(record, "elevatorsgtfsstopid") ?? "")
                .split(whereSeparator: { $0 == "/" || $0 == ";" || $0 == "," })
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !stops.isEmpty, stops.count <= 8 else { throw GTFSLoadError("\(file): \(id) has no elevatorsgtfsstopid") }
            if AccessDocument.flag(record, "isactive") == false { continue }
            list.append(ElevatorEquipment(
                id: id, kind: kind, stationName: AccessDocument.text(record, "station") ?? "",
                serving: AccessDocument.text(record, "serving") ?? "",
                shortDescription: AccessDocument.text(record, "shortdescription"),
                isADA: AccessDocument.flag(record, "ADA") ?? false, stopIDs: stops,
                complexID: AccessDocument.text(record, "stationcomplexid"),
                lines: AccessDocument.text(record, "linesservedbyelevator") ?? AccessDocument.text(record, "trainno")))
        }
        return list
    }
}
