import Foundation
import TransitData
import TransitEngine
import WebSocketServer

/// The entrances and elevator equipment files, read at start and joined to the network's stations.
extension TracksideApp {
    /// The entrances (`--entrances`) and equipment (`--elevator-equipment`) read; nil when neither is given.
    /// A file that cannot be read stops the start.
    static func readAccessFiles(_ configuration: TracksideConfiguration) throws
        -> (entrances: [SubwayEntrance], equipment: [ElevatorEquipment])? {
        guard configuration.entrancesPath != nil || configuration.elevatorEquipmentPath != nil else { return nil }
        func load<T>(_ path: String?, _ what: String, _ parse: (Data, String) throws -> [T]) throws -> [T] {
            guard let path else { return [] }
            do {
                let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
                defer { try? handle.close() }
                // One byte past the limit, so an oversized file is refused without being read whole.
                return try parse(try handle.read(upToCount: AccessDocument.byteLimit + 1) ?? Data(), path)
            } catch {
                throw TracksideConfiguration.ConfigurationError(description: "cannot load \(what) \(path): \(error)")
            }
        }
        return (try load(configuration.entrancesPath, "entrances") { try SubwayEntrance.entrances(document: $0, file: $1) },
                try load(configuration.elevatorEquipmentPath, "elevator equipment") { try ElevatorEquipment.equipment(json: $0, file: $1) })
    }

    /// The entrances and equipment joined to the network's stations, with a log line saying how many joined.
    static func joinAccess(_ files: (entrances: [SubwayEntrance], equipment: [ElevatorEquipment]), network: Network,
                                   logger: Logger) -> StationAccessDirectory {
        let (entrances, equipment) = files
        let directory = StationAccessDirectory(network: network, entrances: entrances, equipment: equipment)
        logger.info("access: \(entrances.count - directory.unmatchedEntrances - directory.distantEntrances) of \(entrances.count) entrances ("
                    + "\(directory.distantEntrances) too far from the station they name) and "
                    + "\(equipment.count - directory.unmatchedEquipment) of \(equipment.count) elevators and escalators joined a station")
        return directory
    }
}
