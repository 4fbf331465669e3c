import MediaDecoding
import Platform

/// The live filename search: the query's characters must appear in the name in order,
/// case-insensitively (`ldb` finds `LadyBird.jpg`) and, for Latin letters, accent-insensitively
/// (`SearchFolding`). Spaces part terms, each of which must match, in any order, as fzf's
/// search takes them: `2024 beach` finds `beach_2024.jpg` (spaces used to be dropped, so only
/// names with `2024` before `beach` matched; every name that matched still does). A query
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
    /// A class, so that handing it to the match of each of 100,000 names retains one object, not
    /// each of its arrays (as a struct of four, listing them took 2.2 times as long).
    public final class Needle: Sendable {
        /// The query's terms (parted by spaces), each of which must match.
        private let terms: [String]
        /// The query's bytes without its spaces, folded (`SearchFolding`: lower-case, accents
        /// off), when that makes them ASCII: what `EntryCatalog.matchRank` ranks names by.
        let foldedASCII: [UInt8]?
        /// Each term folded, when all are ASCII then: names, folded alike, are matched as
        /// bytes, without making a `String` of each (it matters at 100,000 names).
        let foldedTerms: [[UInt8]]?
        /// `foldedASCII` when the query is one term, the usual query: names are matched against
        /// it straight, without the loop over terms.
        let singleTerm: [UInt8]?
        /// True when the query has a `/`: it is matched against paths, not names.
        public let searchesPaths: Bool

        /// Prepares `query` (spaces part its terms).
        public init?(_ query: String) {
            let terms = query.split(separator: " ").map(String.init)
            guard !terms.isEmpty else { return nil }
            self.terms = terms
            searchesPaths = query.contains("/")
            let folded = SearchFolding.fold(terms.joined().utf8)
            foldedASCII = folded.allSatisfy { $0 < 0x80 } ? folded : nil
            let foldedTerms = terms.map { SearchFolding.fold($0.utf8) }
            self.foldedTerms = foldedTerms.allSatisfy { $0.allSatisfy { $0 < 0x80 } } ? foldedTerms : nil
            singleTerm = terms.count == 1 ? foldedASCII : nil
        }

        /// True when every term matches `text` (folded already, as `foldedTerms` are).

        /// True when the query matches `entry`: its name, or its searched path when the
        /// query has a `/`.
        public func matches(_ entry: MediaEntry) -> Bool {
            let text = Array(searchesPaths ? entry.searchedPath : entry.path.bytes[...])
            return text.withUnsafeBufferPointer { bytes in
                let searched = searchesPaths ? bytes : FuzzyMatch.lastComponent(of: bytes)
                guard foldedTerms != nil else {
                    let name = String(decoding: searched, as: UTF8.self)
                    return terms.allSatisfy { FuzzyMatch.matches($0, in: name) }
                }
                return SearchFolding.fold(searched).withUnsafeBufferPointer { FuzzyMatch.allMatch(foldedTerms!, in: $0) }
            }
        }
    }

    /// True when each of `terms` (folded) occurs in order in `text` (folded alike).
    static func allMatch(_ terms: [[UInt8]], in text: UnsafeBufferPointer<UInt8>) -> Bool {
        terms.allSatisfy { term in term.withUnsafeBufferPointer { isSubsequence($0, of: text) } }
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
