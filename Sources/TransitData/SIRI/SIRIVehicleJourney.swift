import Foundation

/// One bus on one trip as SIRI reports it (`MonitoredVehicleJourney`), shared by
/// VehicleMonitoring and StopMonitoring.
///
/// `LineRef` and `VehicleRef` are required: without them a bus can be neither drawn on a route
/// nor followed from one poll to the next, so such an entry is skipped (and reported in
/// ``SIRIServiceDelivery/skipped``). Every other member is optional and nil when absent.
public struct SIRIVehicleJourney: Hashable, Sendable {
    /// The route with its agency prefix, e.g. `MTA NYCT_M15`; see ``routeID``.
    public var lineRef: String
    /// GTFS `direction_id` as text, `0` or `1`.
    public var directionRef: String?
    /// The service day of the trip (`FramedVehicleJourneyRef.DataFrameRef`), e.g. `2017-02-25`.
    public var dataFrameRef: String?
    /// The GTFS trip id with its agency prefix (`FramedVehicleJourneyRef.DatedVehicleJourneyRef`).
    public var datedVehicleJourneyRef: String?
    /// The GTFS shape id with its agency prefix, e.g. `MTA_M020174`.
    public var journeyPatternRef: String?
    /// The route name riders see, e.g. `M2` or `SBS15`.
    public var publishedLineName: String?
    public var operatorRef: String?
    public var originRef: String?
    public var destinationRef: String?
    /// The headsign, e.g. `LTD EAST VILLAGE 8 ST via 5 AV`.
    public var destinationName: String?
    /// Ids of the SituationExchange situations that affect this journey.
    public var situationRefs: [String]
    /// Whether Bus Time is tracking the bus in real time (not just a schedule guess).
    public var monitored: Bool?
    /// The reported position; nil when absent. Latitude and longitude are WGS 84 degrees.
    public var latitude: Double?
    public var longitude: Double?
    /// Heading in **compass degrees**, clockwise from true north, 0 ..< 360, converted from the
    /// feed's `Bearing` (counter-clockwise from east; see ``SIRIBearing`` and docs/SIRI.md).
    public var bearing: Double?
    /// `normalProgress` or `noProgress` (stuck or on layover).
    public var progressRate: String?
    /// Space-separated flags such as `layover` or `prevTrip`; nil when the bus is simply running.
    public var progressStatus: String?
    /// Scheduled departure from the first stop; given while the bus waits on layover.
    public var originAimedDepartureTime: Date?
    public var blockRef: String?
    /// The bus with its agency prefix, e.g. `MTA NYCT_3846`.
    public var vehicleRef: String
    /// The next stop, with distances to it.
    public var monitoredCall: SIRICall?
    /// The stops after it, when requested with `VehicleMonitoringDetailLevel=calls`.
    public var onwardCalls: [SIRICall]

    public init(lineRef: String, vehicleRef: String, directionRef: String? = nil,
                dataFrameRef: String? = nil, datedVehicleJourneyRef: String? = nil,
                journeyPatternRef: String? = nil, publishedLineName: String? = nil,
                operatorRef: String? = nil, originRef: String? = nil, destinationRef: String? = nil,
                destinationName: String? = nil, situationRefs: [String] = [], monitored: Bool? = nil,
                latitude: Double? = nil, longitude: Double? = nil, bearing: Double? = nil,
                progressRate: String? = nil, progressStatus: String? = nil,
                originAimedDepartureTime: Date? = nil, blockRef: String? = nil,
                monitoredCall: SIRICall? = nil, onwardCalls: [SIRICall] = []) {
        self.lineRef = lineRef
        self.vehicleRef = vehicleRef
        self.directionRef = directionRef
        self.dataFrameRef = dataFrameRef
        self.datedVehicleJourneyRef = datedVehicleJourneyRef
        self.journeyPatternRef = journeyPatternRef
        self.publishedLineName = publishedLineName
        self.operatorRef = operatorRef
        self.originRef = originRef
        self.destinationRef = destinationRef
        self.destinationName = destinationName
        self.situationRefs = situationRefs
        self.monitored = monitored
        self.latitude = latitude
        self.longitude = longitude
        self.bearing = bearing
        self.progressRate = progressRate
        self.progressStatus = progressStatus
        self.originAimedDepartureTime = originAimedDepartureTime
        self.blockRef = blockRef
        self.monitoredCall = monitoredCall
        self.onwardCalls = onwardCalls
    }

    /// The GTFS `route_id`: `lineRef` without its agency prefix (`MTA NYCT_M15` → `M15`).
    public var routeID: String { SIRIReference.localID(lineRef) }

    /// Whether the bus is waiting at a terminal before its trip (`ProgressStatus` has `layover`).
    public var isOnLayover: Bool {
        progressStatus?.split(separator: " ").contains("layover") ?? false
    }
}

extension SIRIVehicleJourney {
    init(siri journey: SIRIObject) throws(SIRIDecodingError) {
        lineRef = try journey.requiredString("LineRef")
        vehicleRef = try journey.requiredString("VehicleRef")
        directionRef = try journey.string("DirectionRef")
        if let framed = try journey.object("FramedVehicleJourneyRef") {
            dataFrameRef = try framed.string("DataFrameRef")
            datedVehicleJourneyRef = try framed.string("DatedVehicleJourneyRef")
        }
        journeyPatternRef = try journey.string("JourneyPatternRef")
        publishedLineName = try journey.text("PublishedLineName")
        operatorRef = try journey.string("OperatorRef")
        originRef = try journey.string("OriginRef")
        destinationRef = try journey.string("DestinationRef")
        destinationName = try journey.text("DestinationName")
        situationRefs = []
        for reference in try journey.objects("SituationRef") {
            if let id = try reference.string("SituationSimpleRef") { situationRefs.append(id) }
        }
        monitored = try journey.bool("Monitored")
        if let location = try journey.object("VehicleLocation") {
            let latitude = try location.double("Latitude")
            let longitude = try location.double("Longitude")
            if let latitude, let longitude {
                guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                    throw SIRIDecodingError(path: location.path, reason: "(\(latitude), \(longitude)) is not a position on Earth")
                }
                self.latitude = latitude
                self.longitude = longitude
            }
        }
        bearing = try journey.double("Bearing").map(SIRIBearing.compassDegrees(fromCounterClockwiseEast:))
        progressRate = try journey.string("ProgressRate")
        progressStatus = try journey.text("ProgressStatus")
        originAimedDepartureTime = try journey.time("OriginAimedDepartureTime")
        blockRef = try journey.string("BlockRef")
        monitoredCall = try journey.object("MonitoredCall").map { call throws(SIRIDecodingError) in
            try SIRICall(siri: call)
        }
        onwardCalls = []
        if let onward = try journey.object("OnwardCalls") {
            for call in try onward.objects("OnwardCall") { onwardCalls.append(try SIRICall(siri: call)) }
        }
    }
}
