// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.TranslatedImage: ProtobufMessage {
    public static var protobufName: String { "TranslatedImage" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "localized_image"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var localizedImages: [GTFSRealtime.TranslatedImage.LocalizedImage] = []
        localizedImages.reserveCapacity(reader.count(ofField: 1))
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                localizedImages.append(try reader.message(tag, as: GTFSRealtime.TranslatedImage.LocalizedImage.self))
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            localizedImages: localizedImages
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(localizedImages, field: 1)
    }
}

extension GTFSRealtime.TranslatedImage.LocalizedImage: ProtobufMessage {
    public static var protobufName: String { "LocalizedImage" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "url"
        case 2: "media_type"
        case 3: "language"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var url: String? = nil
        var mediaType: String? = nil
        var language: String? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                url = try reader.string(tag)
            case 2:
                mediaType = try reader.string(tag)
            case 3:
                language = try reader.string(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            url: try reader.required(url, 1, of: Self.self),
            mediaType: try reader.required(mediaType, 2, of: Self.self),
            language: language
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(url, field: 1)
        writer.write(mediaType, field: 2)
        writer.write(language, field: 3)
    }
}
