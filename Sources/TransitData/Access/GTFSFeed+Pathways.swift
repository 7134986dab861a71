extension GTFSFeed {
    /// The feed's elevators and escalators: each `pathways.txt` link of mode 5 (elevator) or 4
    /// (escalator), at the station its ends belong to, described by its signs
    /// (`signposted_as`) or else by the names of its two ends ("Street to Platform 2"). A one-way
    /// link and one the other way between the same two places (the up and down rows of one
    /// machine) are one piece of equipment; two-way links are one each; a link whose
    /// ends belong to no station is left out. Elevators count as step-free (ADA), escalators not.
    /// No standard feed reports their status (`statusIsReported` false).
    public var pathwayEquipment: [ElevatorEquipment] {
        // One-way rows not yet met the other way, as [kind, from, to]: each pairs with one row back.
        var unpaired: [[String]: Int] = [:]
        return pathways.compactMap { pathway in
            let kind: ElevatorEquipment.Kind
            switch pathway.mode {
            case .elevator: kind = .elevator
            case .escalator: kind = .escalator
            default: return nil
            }
            if !pathway.isBidirectional {
                let back = [kind.rawValue, pathway.toStopID, pathway.fromStopID]
                if let count = unpaired[back], count > 0 {
                    unpaired[back] = count - 1
                    return nil
                }
                unpaired[[kind.rawValue, pathway.fromStopID, pathway.toStopID], default: 0] += 1
            }
            guard let station = station(of: pathway.fromStopID) ?? station(of: pathway.toStopID) else { return nil }
            let ends = "\(placeName(pathway.fromStopID)) to \(placeName(pathway.toStopID))"
            return ElevatorEquipment(id: pathway.id, kind: kind, stationName: station.name, serving: pathway.signpostedAs ?? ends,
                                     shortDescription: pathway.signpostedAs == nil ? nil : ends,
                                     isADA: kind == .elevator, stopIDs: [station.id], statusIsReported: false)
        }
    }

    /// How the pathways lead from the entrance `id` to its station's platforms: nil when no
    /// pathway starts there (the feed says nothing), else whether a route without stairs or
    /// escalators reaches a platform or boarding area, and whether every such route takes an
    /// elevator. One-way links are taken only their way; `links` is `pathwayLinks`.
    func stepFreeRoute(from id: String, links: [String: [PathwayLink]]) -> (stepFree: Bool, byElevator: Bool)? {
        guard links[id] != nil else { return nil }
        func reachesPlatform(elevators: Bool) -> Bool {
            var seen: Set<String> = [id]
            var queue = [id]
            while let here = queue.popLast() {
                if let stop = stops[id: here], stop.locationType == .stopOrPlatform || stop.locationType == .boardingArea { return true }
                for (next, mode) in links[here] ?? [] where mode.isStepFree && (elevators || mode != .elevator) {
                    if seen.insert(next).inserted { queue.append(next) }
                }
            }
            return false
        }
        guard reachesPlatform(elevators: true) else { return (false, false) }
        return (true, !reachesPlatform(elevators: false))
    }

    /// One way along a pathway: where it leads and how.
    typealias PathwayLink = (to: String, mode: GTFSPathway.Mode)

    /// Every location's outgoing links, both ways for a two-way pathway.
    var pathwayLinks: [String: [PathwayLink]] {
        var links: [String: [PathwayLink]] = [:]
        for pathway in pathways {
            links[pathway.fromStopID, default: []].append((pathway.toStopID, pathway.mode))
            if pathway.isBidirectional { links[pathway.toStopID, default: []].append((pathway.fromStopID, pathway.mode)) }
        }
        return links
    }

    /// The station (location_type 1) a location belongs to: itself, or up its `parent_station`s
    /// (a boarding area's parent is a platform); nil when the chain ends elsewhere.
    func station(of id: String) -> GTFSStop? {
        var current = stops[id: id]
        for _ in 0..<4 {
            guard let stop = current else { return nil }
            if stop.locationType == .station { return stop }
            current = stop.parentStationID.flatMap { stops[id: $0] }
        }
        return nil
    }

    /// A location's name for a description: its `stop_name`, else its id.
    private func placeName(_ id: String) -> String {
        guard let name = stops[id: id]?.name, !name.isEmpty else { return id }
        return name
    }
}
