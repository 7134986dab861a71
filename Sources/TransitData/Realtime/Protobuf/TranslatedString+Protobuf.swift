// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.TranslatedString: ProtobufMessage {
    public static var protobufName: String { "TranslatedString" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "translation"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var translations: [GTFSRealtime.TranslatedString.Translation] = []
        translations.reserveCapacity(reader.count(ofField: 1))
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                translations.append(try reader.message(tag, as: GTFSRealtime.TranslatedString.Translation.self))
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            translations: translations
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(translations, field: 1)
    }
}

extension GTFSRealtime.TranslatedString.Translation: ProtobufMessage {
    public static var protobufName: String { "Translation" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "text"
        case 2: "language"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var text: String? = nil
        var language: String? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                text = try reader.string(tag)
            case 2:
                language = try reader.string(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            text: try reader.required(text, 1, of: Self.self),
            language: language
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(text, field: 1)
        writer.write(language, field: 2)
    }
}
