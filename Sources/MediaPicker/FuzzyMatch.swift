/// The live filename search: the query's characters must appear in the name in order,
/// case-insensitively (`ldb` finds `LadyBird.jpg`); spaces in the query are ignored.
public enum FuzzyMatch {
    /// True when every character of `query` appears in `text` in order.
    public static func matches(_ query: String, in text: String) -> Bool {
        score(query, in: text) != nil
    }

    /// A score (higher is better: consecutive runs and word starts), or nil when it does not match.
    public static func score(_ query: String, in text: String) -> Int? {
        let needle = Array(query.lowercased().filter { $0 != " " })
        if needle.isEmpty { return 0 }
        let hay = Array(text)
        let lowered = hay.map { Character($0.lowercased()) }
        var score = 0, k = 0, previous = -2
        for (index, character) in lowered.enumerated() where k < needle.count && character == needle[k] {
            score += 1
            if index == previous + 1 { score += 4 }
            if index == 0 || !hay[index - 1].isLetter || (hay[index].isUppercase && hay[index - 1].isLowercase) { score += 2 }
            previous = index
            k += 1
        }
        return k == needle.count ? score : nil
    }
}
