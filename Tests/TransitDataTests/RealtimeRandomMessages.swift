import TransitData

// Random GTFS-realtime messages for the round-trip property tests: every field of every
// message is present or absent at random; extensions appear only for the feed kind whose
// registry decodes them.

extension GTFSRealtime.FeedMessage {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            header: GTFSRealtime.FeedHeader.random(&random),
            entities: random.repeated { (random: inout RandomMessages) in GTFSRealtime.FeedEntity.random(&random) }
        )
    }
}

extension GTFSRealtime.FeedHeader {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            gtfsRealtimeVersion: random.string(),
            incrementality: random.optional { (random: inout RandomMessages) in random.element(of: GTFSRealtime.FeedHeader.Incrementality.self) },
            timestamp: random.optional { (random: inout RandomMessages) in random.uint64() },
            nyctFeedHeader: random.kind == .vehicles ? random.optional { (random: inout RandomMessages) in GTFSRealtime.NyctFeedHeader.random(&random) } : nil,
            mercuryFeedHeader: random.kind == .alerts ? random.optional { (random: inout RandomMessages) in GTFSRealtime.MercuryFeedHeader.random(&random) } : nil
        )
    }
}

extension GTFSRealtime.FeedEntity {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            id: random.string(),
            isDeleted: random.optional { (random: inout RandomMessages) in random.bool() },
            tripUpdate: random.optional { (random: inout RandomMessages) in GTFSRealtime.TripUpdate.random(&random) },
            vehicle: random.optional { (random: inout RandomMessages) in GTFSRealtime.VehiclePosition.random(&random) },
            alert: random.optional { (random: inout RandomMessages) in GTFSRealtime.Alert.random(&random) },
            shape: random.optional { (random: inout RandomMessages) in GTFSRealtime.Shape.random(&random) },
            stop: random.optional { (random: inout RandomMessages) in GTFSRealtime.Stop.random(&random) },
            tripModifications: random.optional { (random: inout RandomMessages) in GTFSRealtime.TripModifications.random(&random) }
        )
    }
}

extension GTFSRealtime.TripUpdate {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            trip: GTFSRealtime.TripDescriptor.random(&random),
            vehicle: random.optional { (random: inout RandomMessages) in GTFSRealtime.VehicleDescriptor.random(&random) },
            stopTimeUpdates: random.repeated { (random: inout RandomMessages) in GTFSRealtime.TripUpdate.StopTimeUpdate.random(&random) },
            timestamp: random.optional { (random: inout RandomMessages) in random.uint64() },
            delay: random.optional { (random: inout RandomMessages) in random.int32() },
            tripProperties: random.optional { (random: inout RandomMessages) in GTFSRealtime.TripUpdate.TripProperties.random(&random) }
        )
    }
}

extension GTFSRealtime.TripUpdate.TripProperties {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            tripId: random.optional { (random: inout RandomMessages) in random.string() },
            startDate: random.optional { (random: inout RandomMessages) in random.string() },
            startTime: random.optional { (random: inout RandomMessages) in random.string() },
            shapeId: random.optional { (random: inout RandomMessages) in random.string() }
        )
    }
}

extension GTFSRealtime.TripUpdate.StopTimeEvent {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            delay: random.optional { (random: inout RandomMessages) in random.int32() },
            time: random.optional { (random: inout RandomMessages) in random.int64() },
            uncertainty: random.optional { (random: inout RandomMessages) in random.int32() }
        )
    }
}

extension GTFSRealtime.TripUpdate.StopTimeUpdate {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            stopSequence: random.optional { (random: inout RandomMessages) in random.uint32() },
            stopId: random.optional { (random: inout RandomMessages) in random.string() },
            arrival: random.optional { (random: inout RandomMessages) in GTFSRealtime.TripUpdate.StopTimeEvent.random(&random) },
            departure: random.optional { (random: inout RandomMessages) in GTFSRealtime.TripUpdate.StopTimeEvent.random(&random) },
            departureOccupancyStatus: random.optional { (random: inout RandomMessages) in random.element(of: GTFSRealtime.VehiclePosition.OccupancyStatus.self) },
            scheduleRelationship: random.optional { (random: inout RandomMessages) in random.element(of: GTFSRealtime.TripUpdate.StopTimeUpdate.ScheduleRelationship.self) },
            stopTimeProperties: random.optional { (random: inout RandomMessages) in GTFSRealtime.TripUpdate.StopTimeUpdate.StopTimeProperties.random(&random) },
            nyctStopTimeUpdate: random.kind == .vehicles ? random.optional { (random: inout RandomMessages) in GTFSRealtime.NyctStopTimeUpdate.random(&random) } : nil
        )
    }
}

extension GTFSRealtime.TripUpdate.StopTimeUpdate.StopTimeProperties {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            assignedStopId: random.optional { (random: inout RandomMessages) in random.string() }
        )
    }
}

extension GTFSRealtime.VehiclePosition {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            trip: random.optional { (random: inout RandomMessages) in GTFSRealtime.TripDescriptor.random(&random) },
            vehicle: random.optional { (random: inout RandomMessages) in GTFSRealtime.VehicleDescriptor.random(&random) },
            position: random.optional { (random: inout RandomMessages) in GTFSRealtime.Position.random(&random) },
            currentStopSequence: random.optional { (random: inout RandomMessages) in random.uint32() },
            stopId: random.optional { (random: inout RandomMessages) in random.string() },
            currentStatus: random.optional { (random: inout RandomMessages) in random.element(of: GTFSRealtime.VehiclePosition.VehicleStopStatus.self) },
            timestamp: random.optional { (random: inout RandomMessages) in random.uint64() },
            congestionLevel: random.optional { (random: inout RandomMessages) in random.element(of: GTFSRealtime.VehiclePosition.CongestionLevel.self) },
            occupancyStatus: random.optional { (random: inout RandomMessages) in random.element(of: GTFSRealtime.VehiclePosition.OccupancyStatus.self) },
            occupancyPercentage: random.optional { (random: inout RandomMessages) in random.uint32() },
            multiCarriageDetails: random.repeated { (random: inout RandomMessages) in GTFSRealtime.VehiclePosition.CarriageDetails.random(&random) }
        )
    }
}

extension GTFSRealtime.VehiclePosition.CarriageDetails {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            id: random.optional { (random: inout RandomMessages) in random.string() },
            label: random.optional { (random: inout RandomMessages) in random.string() },
            occupancyStatus: random.optional { (random: inout RandomMessages) in random.element(of: GTFSRealtime.VehiclePosition.OccupancyStatus.self) },
            occupancyPercentage: random.optional { (random: inout RandomMessages) in random.int32() },
            carriageSequence: random.optional { (random: inout RandomMessages) in random.uint32() }
        )
    }
}

extension GTFSRealtime.Position {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            latitude: random.float(),
            longitude: random.float(),
            bearing: random.optional { (random: inout RandomMessages) in random.float() },
            odometer: random.optional { (random: inout RandomMessages) in random.double() },
            speed: random.optional { (random: inout RandomMessages) in random.float() }
        )
    }
}

extension GTFSRealtime.Alert {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            activePeriods: random.repeated { (random: inout RandomMessages) in GTFSRealtime.TimeRange.random(&random) },
            informedEntities: random.repeated { (random: inout RandomMessages) in GTFSRealtime.EntitySelector.random(&random) },
            cause: random.optional { (random: inout RandomMessages) in random.element(of: GTFSRealtime.Alert.Cause.self) },
            effect: random.optional { (random: inout RandomMessages) in random.element(of: GTFSRealtime.Alert.Effect.self) },
            url: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) },
            headerText: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) },
            descriptionText: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) },
            ttsHeaderText: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) },
            ttsDescriptionText: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) },
            severityLevel: random.optional { (random: inout RandomMessages) in random.element(of: GTFSRealtime.Alert.SeverityLevel.self) },
            image: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedImage.random(&random) },
            imageAlternativeText: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) },
            causeDetail: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) },
            effectDetail: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) },
            mercuryAlert: random.kind == .alerts ? random.optional { (random: inout RandomMessages) in GTFSRealtime.MercuryAlert.random(&random) } : nil
        )
    }
}

extension GTFSRealtime.TimeRange {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            start: random.optional { (random: inout RandomMessages) in random.uint64() },
            end: random.optional { (random: inout RandomMessages) in random.uint64() }
        )
    }
}

extension GTFSRealtime.TripDescriptor {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            tripId: random.optional { (random: inout RandomMessages) in random.string() },
            routeId: random.optional { (random: inout RandomMessages) in random.string() },
            directionId: random.optional { (random: inout RandomMessages) in random.uint32() },
            startTime: random.optional { (random: inout RandomMessages) in random.string() },
            startDate: random.optional { (random: inout RandomMessages) in random.string() },
            scheduleRelationship: random.optional { (random: inout RandomMessages) in random.element(of: GTFSRealtime.TripDescriptor.ScheduleRelationship.self) },
            modifiedTrip: random.optional { (random: inout RandomMessages) in GTFSRealtime.TripDescriptor.ModifiedTripSelector.random(&random) },
            nyctTripDescriptor: random.kind == .vehicles ? random.optional { (random: inout RandomMessages) in GTFSRealtime.NyctTripDescriptor.random(&random) } : nil
        )
    }
}

extension GTFSRealtime.TripDescriptor.ModifiedTripSelector {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            modificationsId: random.optional { (random: inout RandomMessages) in random.string() },
            affectedTripId: random.optional { (random: inout RandomMessages) in random.string() }
        )
    }
}

extension GTFSRealtime.VehicleDescriptor {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            id: random.optional { (random: inout RandomMessages) in random.string() },
            label: random.optional { (random: inout RandomMessages) in random.string() },
            licensePlate: random.optional { (random: inout RandomMessages) in random.string() },
            wheelchairAccessible: random.optional { (random: inout RandomMessages) in random.element(of: GTFSRealtime.VehicleDescriptor.WheelchairAccessible.self) }
        )
    }
}

extension GTFSRealtime.EntitySelector {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            agencyId: random.optional { (random: inout RandomMessages) in random.string() },
            routeId: random.optional { (random: inout RandomMessages) in random.string() },
            routeType: random.optional { (random: inout RandomMessages) in random.int32() },
            trip: random.optional { (random: inout RandomMessages) in GTFSRealtime.TripDescriptor.random(&random) },
            stopId: random.optional { (random: inout RandomMessages) in random.string() },
            directionId: random.optional { (random: inout RandomMessages) in random.uint32() },
            mercuryEntitySelector: random.kind == .alerts ? random.optional { (random: inout RandomMessages) in GTFSRealtime.MercuryEntitySelector.random(&random) } : nil
        )
    }
}

extension GTFSRealtime.TranslatedString {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            translations: random.repeated { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.Translation.random(&random) }
        )
    }
}

extension GTFSRealtime.TranslatedString.Translation {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            text: random.string(),
            language: random.optional { (random: inout RandomMessages) in random.string() }
        )
    }
}

extension GTFSRealtime.TranslatedImage {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            localizedImages: random.repeated { (random: inout RandomMessages) in GTFSRealtime.TranslatedImage.LocalizedImage.random(&random) }
        )
    }
}

extension GTFSRealtime.TranslatedImage.LocalizedImage {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            url: random.string(),
            mediaType: random.string(),
            language: random.optional { (random: inout RandomMessages) in random.string() }
        )
    }
}

extension GTFSRealtime.Shape {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            shapeId: random.optional { (random: inout RandomMessages) in random.string() },
            encodedPolyline: random.optional { (random: inout RandomMessages) in random.string() }
        )
    }
}

extension GTFSRealtime.Stop {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            stopId: random.optional { (random: inout RandomMessages) in random.string() },
            stopCode: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) },
            stopName: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) },
            ttsStopName: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) },
            stopDesc: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) },
            stopLat: random.optional { (random: inout RandomMessages) in random.float() },
            stopLon: random.optional { (random: inout RandomMessages) in random.float() },
            zoneId: random.optional { (random: inout RandomMessages) in random.string() },
            stopURL: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) },
            parentStation: random.optional { (random: inout RandomMessages) in random.string() },
            stopTimezone: random.optional { (random: inout RandomMessages) in random.string() },
            wheelchairBoarding: random.optional { (random: inout RandomMessages) in random.element(of: GTFSRealtime.Stop.WheelchairBoarding.self) },
            levelId: random.optional { (random: inout RandomMessages) in random.string() },
            platformCode: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) }
        )
    }
}

extension GTFSRealtime.TripModifications {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            selectedTrips: random.repeated { (random: inout RandomMessages) in GTFSRealtime.TripModifications.SelectedTrips.random(&random) },
            startTimes: random.repeated { (random: inout RandomMessages) in random.string() },
            serviceDates: random.repeated { (random: inout RandomMessages) in random.string() },
            modifications: random.repeated { (random: inout RandomMessages) in GTFSRealtime.TripModifications.Modification.random(&random) }
        )
    }
}

extension GTFSRealtime.TripModifications.Modification {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            startStopSelector: random.optional { (random: inout RandomMessages) in GTFSRealtime.StopSelector.random(&random) },
            endStopSelector: random.optional { (random: inout RandomMessages) in GTFSRealtime.StopSelector.random(&random) },
            propagatedModificationDelay: random.optional { (random: inout RandomMessages) in random.int32() },
            replacementStops: random.repeated { (random: inout RandomMessages) in GTFSRealtime.ReplacementStop.random(&random) },
            serviceAlertId: random.optional { (random: inout RandomMessages) in random.string() },
            lastModifiedTime: random.optional { (random: inout RandomMessages) in random.uint64() }
        )
    }
}

extension GTFSRealtime.TripModifications.SelectedTrips {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            tripIds: random.repeated { (random: inout RandomMessages) in random.string() },
            shapeId: random.optional { (random: inout RandomMessages) in random.string() }
        )
    }
}

extension GTFSRealtime.StopSelector {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            stopSequence: random.optional { (random: inout RandomMessages) in random.uint32() },
            stopId: random.optional { (random: inout RandomMessages) in random.string() }
        )
    }
}

extension GTFSRealtime.ReplacementStop {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            travelTimeToStop: random.optional { (random: inout RandomMessages) in random.int32() },
            stopId: random.optional { (random: inout RandomMessages) in random.string() }
        )
    }
}

extension GTFSRealtime.NyctFeedHeader {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            nyctSubwayVersion: random.string(),
            tripReplacementPeriods: random.repeated { (random: inout RandomMessages) in GTFSRealtime.TripReplacementPeriod.random(&random) }
        )
    }
}

extension GTFSRealtime.TripReplacementPeriod {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            routeId: random.optional { (random: inout RandomMessages) in random.string() },
            replacementPeriod: random.optional { (random: inout RandomMessages) in GTFSRealtime.TimeRange.random(&random) }
        )
    }
}

extension GTFSRealtime.NyctTripDescriptor {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            trainId: random.optional { (random: inout RandomMessages) in random.string() },
            isAssigned: random.optional { (random: inout RandomMessages) in random.bool() },
            direction: random.optional { (random: inout RandomMessages) in random.element(of: GTFSRealtime.NyctTripDescriptor.Direction.self) }
        )
    }
}

extension GTFSRealtime.NyctStopTimeUpdate {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            scheduledTrack: random.optional { (random: inout RandomMessages) in random.string() },
            actualTrack: random.optional { (random: inout RandomMessages) in random.string() }
        )
    }
}

extension GTFSRealtime.MercuryFeedHeader {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            mercuryVersion: random.string()
        )
    }
}

extension GTFSRealtime.MercuryStationAlternative {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            affectedEntity: GTFSRealtime.EntitySelector.random(&random),
            notes: GTFSRealtime.TranslatedString.random(&random)
        )
    }
}

extension GTFSRealtime.MercuryAlert {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            createdAt: random.uint64(),
            updatedAt: random.uint64(),
            alertType: random.string(),
            stationAlternatives: random.repeated { (random: inout RandomMessages) in GTFSRealtime.MercuryStationAlternative.random(&random) },
            servicePlanNumbers: random.repeated { (random: inout RandomMessages) in random.string() },
            generalOrderNumbers: random.repeated { (random: inout RandomMessages) in random.string() },
            displayBeforeActive: random.optional { (random: inout RandomMessages) in random.uint64() },
            humanReadableActivePeriod: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) },
            directionality: random.optional { (random: inout RandomMessages) in random.uint64() },
            affectedStations: random.repeated { (random: inout RandomMessages) in GTFSRealtime.EntitySelector.random(&random) },
            screensSummary: random.optional { (random: inout RandomMessages) in GTFSRealtime.TranslatedString.random(&random) },
            noAffectedStations: random.optional { (random: inout RandomMessages) in random.bool() },
            cloneId: random.optional { (random: inout RandomMessages) in random.string() }
        )
    }
}

extension GTFSRealtime.MercuryEntitySelector {
    static func random(_ random: inout RandomMessages) -> Self {
        Self(
            sortOrder: random.string()
        )
    }
}
