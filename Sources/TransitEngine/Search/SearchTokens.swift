import Foundation

/// Names and queries reduced to comparable words: case and accents folded, punctuation dropped,
/// and the spellings riders mix up brought to one form (`Street`/`St`, `Avenue`/`Av`/`Ave`,
/// `14th`/`14`), so `"14th street"` and `"14 St"` are the same words.
public enum SearchTokens {
    /// The words of `text`, in order.
    public static func of(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var words: [String] = []
        var current = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(canonical(current))
                current = ""
            }
        }
        if !current.isEmpty { words.append(canonical(current)) }
        return words
    }

    /// One spelling per word: the abbreviation the MTA's station names use, and ordinals
    /// (`14th`, `42nd`, `3rd`, `1st`) as bare numbers.
    static func canonical(_ word: String) -> String {
        if let short = abbreviations[word] { return short }
        for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) && word.count > suffix.count {
            let number = word.dropLast(suffix.count)
            if number.allSatisfy(\.isNumber) { return String(number) }
        }
        return word
    }

    private static let abbreviations: [String: String] = [
        "street": "st", "saint": "st", "avenue": "av", "ave": "av", "road": "rd", "square": "sq",
        "boulevard": "blvd", "highway": "hwy", "turnpike": "tpke", "parkway": "pkwy", "heights": "hts", "center": "ctr", "centre": "ctr",
        "junction": "jct", "place": "pl", "plaza": "plz", "terminal": "term", "east": "e", "west": "w",
        "north": "n", "south": "s", "fort": "ft", "mount": "mt",
    ]
}
