import MediaDecoding
import Platform

/// The live filename search: the query's characters must appear in the name in order,
/// case-insensitively (`ldb` finds `LadyBird.jpg`) and, for Latin letters, accent-insensitively
/// (`SearchFolding`); spaces in the query are ignored. A query
/// with a `/` is matched against the path below the library's folder instead (`y/ph` finds
/// `y/photo.jpg`), as fzf matches find's paths; without one, folder names would make nearly
/// every short query match.
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

    /// A query prepared once for matching many names; nil for an empty query (everything matches).
    public struct Needle: Sendable {
        private let query: String
        /// The query's bytes folded (`SearchFolding`: lower-case, accents off), when that makes
        /// it ASCII: then names, folded alike, are matched as bytes, without making a `String`
        /// of each (it matters at 100,000 names).
        let foldedASCII: [UInt8]?
        /// True when the query has a `/`: it is matched against paths, not names.
        public let searchesPaths: Bool

        /// Prepares `query` (spaces are ignored).
        public init?(_ query: String) {
            let compact = query.filter { $0 != " " }
            guard !compact.isEmpty else { return nil }
            self.query = compact
            searchesPaths = compact.contains("/")
            let folded = SearchFolding.fold(compact.utf8)
            foldedASCII = folded.allSatisfy { $0 < 0x80 } ? folded : nil
        }

        /// True when the query matches `entry`: its name, or its searched path when the
        /// query has a `/`.
        public func matches(_ entry: MediaEntry) -> Bool {
            let text = Array(searchesPaths ? entry.searchedPath : entry.path.bytes[...])
            return text.withUnsafeBufferPointer { bytes in
                let searched = searchesPaths ? bytes : FuzzyMatch.lastComponent(of: bytes)
                guard let needle = foldedASCII else {
                    return FuzzyMatch.matches(query, in: String(decoding: searched, as: UTF8.self))
                }
                let name = SearchFolding.fold(searched)
                return needle.withUnsafeBufferPointer { wanted in
                    name.withUnsafeBufferPointer { FuzzyMatch.isSubsequence(wanted, of: $0) }
                }
            }
        }
    }

    /// The bytes after the last `/` of `path`.
    static func lastComponent(of path: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = path.count
        while start > 0 && path[start - 1] != 0x2F { start -= 1 }
        return UnsafeBufferPointer(rebasing: path[start...])
    }

    /// How closely the folded `name` matches `wanted` (lower-case ASCII), for `EntryCatalog.matchRank`:
    /// 3 the whole name, or the name up to its last dot; 2 a prefix; 1 a run inside; 0 none.
    static func rank(_ wanted: [UInt8], in name: UnsafeBufferPointer<UInt8>) -> Int {
        let stem = name.lastIndex(of: UInt8(ascii: ".")).map { $0 > 0 ? $0 : name.count } ?? name.count
        if name.count == wanted.count || stem == wanted.count, name.starts(with: wanted) { return 3 }
        if name.starts(with: wanted) { return 2 }
        guard !wanted.isEmpty, name.count > wanted.count else { return 0 }
        for start in 1...(name.count - wanted.count) where name[start] == wanted[0] {
            if UnsafeBufferPointer(rebasing: name[start..<(start + wanted.count)]).elementsEqual(wanted) { return 1 }
        }
        return 0
    }

    /// `byte` with A–Z lowered to a–z; every other byte as it is.
    @inline(__always)
    static func foldASCII(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

    /// True when `wanted` occurs in order in `name`, both folded already (`SearchFolding`).
    static func isSubsequence(_ wanted: UnsafeBufferPointer<UInt8>, of name: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 0
        var i = 0
        while i < name.count && k < wanted.count {
            if name[i] == wanted[k] { k += 1 }
            i += 1
        }
        return k == wanted.count
    }
}
