// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// An image in one or more languages.
    public struct TranslatedImage {
        /// `localized_image` (field 1).
        public var localizedImages: [GTFSRealtime.TranslatedImage.LocalizedImage]

        public init(
            localizedImages: [GTFSRealtime.TranslatedImage.LocalizedImage] = []
        ) {
            self.localizedImages = localizedImages
        }
    }
}

extension GTFSRealtime.TranslatedImage: Hashable, Sendable {}

extension GTFSRealtime.TranslatedImage {
    /// The image for one language.
    public struct LocalizedImage {
        /// `url` (field 1).
        public var url: String
        /// IANA media type, e.g. "image/png".
        public var mediaType: String
        /// `language` (field 3).
        public var language: String?

        public init(
            url: String,
            mediaType: String,
            language: String? = nil
        ) {
            self.url = url
            self.mediaType = mediaType
            self.language = language
        }
    }
}

extension GTFSRealtime.TranslatedImage.LocalizedImage: Hashable, Sendable {}
