// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// A text in one or more languages.
    public struct TranslatedString {
        /// `translation` (field 1).
        public var translations: [GTFSRealtime.TranslatedString.Translation]

        public init(
            translations: [GTFSRealtime.TranslatedString.Translation] = []
        ) {
            self.translations = translations
        }
    }
}

extension GTFSRealtime.TranslatedString: Hashable, Sendable {}

extension GTFSRealtime.TranslatedString {
    /// The text in one language.
    public struct Translation {
        /// `text` (field 1).
        public var text: String
        /// BCP-47 language code; absent for the default language.
        public var language: String?

        public init(
            text: String,
            language: String? = nil
        ) {
            self.text = text
            self.language = language
        }
    }
}

extension GTFSRealtime.TranslatedString.Translation: Hashable, Sendable {}
