/// How many typing slips a word may contain and still match: none for short words (numbers and
/// 1–3 letters, where one slip makes another real word), one up to 7 letters, two beyond.
/// Slips are insertions, deletions, substitutions and swaps of neighbours (optimal string
/// alignment distance), counted on the typed word's length.
public enum SearchTypos {
    public static func allowed(for word: String) -> Int {
        if word.allSatisfy(\.isNumber) { return 0 }
        switch word.count {
        case ..<4: return 0
        case ..<8: return 1
        default: return 2
        }
    }

    /// Whether `typed` is within its allowed slips of `target`, or of a prefix of `target` as
    /// long as the typed word (so a half-typed word with a slip still finds its name).
    public static func areClose(_ typed: String, _ target: String) -> Bool {
        let limit = allowed(for: typed)
        guard limit > 0 else { return false }
        let a = Array(typed), b = Array(target)
        guard b.count >= a.count - limit else { return false }
        // Rows of the distance table; the last row's entries up to |a| + limit cover prefixes of b.
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...max(1, b.count) where j <= b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        let reachable = previous[max(0, a.count - limit)...min(b.count, a.count + limit)]
        return (reachable.min() ?? limit + 1) <= limit
    }
}
