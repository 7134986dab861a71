extension JSONWriter {
    /// Writes a protobuf `float` as the shortest decimal that reads back as the same `Float`,
    /// which is how Google's JSON printer shows it; non-finite values become the strings
    /// `"NaN"`, `"Infinity"` and `"-Infinity"` of the protobuf JSON mapping.
    mutating func protobufValue(_ float: Float) {
        guard float.isFinite else { return value(float.isNaN ? "NaN" : float < 0 ? "-Infinity" : "Infinity") }
        raw(float.description.utf8)
    }

    /// Writes a protobuf `double` as its shortest round-tripping decimal, non-finite values as
    /// the protobuf JSON mapping's strings.
    mutating func protobufValue(_ double: Double) {
        guard double.isFinite else { return value(double.isNaN ? "NaN" : double < 0 ? "-Infinity" : "Infinity") }
        raw(double.description.utf8)
    }
}
