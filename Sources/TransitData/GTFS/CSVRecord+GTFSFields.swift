/// Field types shared by several GTFS tables.
extension CSVRecord {
    /// A WGS 84 position from a latitude and a longitude column, each checked against its range.
    func coordinate(latitude latitudeColumn: Int, longitude longitudeColumn: Int) throws(CSVError) -> (latitude: Double, longitude: Double) {
        let latitude = try double(latitudeColumn)
        let longitude = try double(longitudeColumn)
        guard (-90...90).contains(latitude) else {
            throw error(column: latitudeColumn, "latitude \(latitude) is outside -90…90")
        }
        guard (-180...180).contains(longitude) else {
            throw error(column: longitudeColumn, "longitude \(longitude) is outside -180…180")
        }
        return (latitude, longitude)
    }
}
