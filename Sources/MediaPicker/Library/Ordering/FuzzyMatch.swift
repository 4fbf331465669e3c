import MediaDecoding
import Platform

/// The live filename search. A query is read as fzf's extended search reads it (`SearchSyntax`):
/// spaces part terms, each of which must match, in any order (`2024 beach` finds
/// `beach_2024.jpg`); a plain term's characters must appear in the name in order,
/// case-insensitively (`ldb` finds `LadyBird.jpg`) and, for Latin letters, accent-insensitively
/// (`SearchFolding`); `'`, `^`, `$`, `!` and `|` make exact, anchored, negated and either-or
/// terms (`^IMG jpg$ | png$`, `!thumb`). A term with a `/` is matched against the path below
/// the library's folder instead (`y/ph` finds `y/photo.jpg`), as fzf matches find's paths;
/// without one, folder names would make nearly every short query match.
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

    /// A query prepared once for matching many names; nil for a query with no term (everything
    /// matches). A class, so that handing it to the match of each of 100,000 names retains one
    /// object, not each of its arrays (as a struct of four, listing them took 2.2 times as long).
    public final class Needle: Sendable {
        /// The query's sets of terms (`SearchSyntax.sets`): each must let a name through.
        let sets: [[SearchTerm]]
        /// True when every term folds to ASCII: names, folded alike, are then matched as bytes,
        /// without making a `String` of each (it matters at 100,000 names).
        let isASCII: Bool
        /// What `EntryCatalog.matchRank` ranks names by, when ASCII: the text of the terms that
        /// must match by themselves (not negated, not one of a `|` set), without their operators
        /// or the spaces between them: the query itself for plain terms. Nil when there is none
        /// (`!thumb`: the first entry is focused).
        let foldedASCII: [UInt8]?
        /// True when `foldedASCII` has a `/`: paths are ranked, not names.
        let ranksPaths: Bool
        /// The terms folded when the query is plain terms, the usual query (each its own set,
        /// fuzzy, not negated, ASCII), all with a `/` or none: matched by a loop of their own.
        let foldedTerms: [[UInt8]]?
        /// The one term of a plain one-term query, the most usual: matched straight.
        let singleTerm: [UInt8]?
        /// True when the plain terms (`foldedTerms`, `singleTerm`) have a `/`: matched against paths.
        let searchesPaths: Bool

        /// Prepares `query` (`SearchSyntax`).
        public init?(_ query: String) {
            let sets = SearchSyntax.sets(query)
            guard !sets.isEmpty else { return nil }
            self.sets = sets
            isASCII = sets.allSatisfy { $0.allSatisfy(\.isASCII) }
            let ranked = sets.filter { $0.count == 1 && !$0[0].inverse }.flatMap { $0[0].folded }
            foldedASCII = !ranked.isEmpty && ranked.allSatisfy { $0 < 0x80 } ? ranked : nil
            ranksPaths = ranked.contains(UInt8(ascii: "/"))
            let terms = sets.compactMap { $0.count == 1 && $0[0].kind == .fuzzy && !$0[0].inverse ? $0[0] : nil }
            let uniform = terms.allSatisfy { $0.searchesPath == terms.first?.searchesPath }
            searchesPaths = terms.first?.searchesPath ?? false
            foldedTerms = terms.count == sets.count && isASCII && uniform ? terms.map(\.folded) : nil
            singleTerm = foldedTerms?.count == 1 ? foldedTerms?[0] : nil
        }

        /// True when the query lets `path` through (the searched path, `MediaEntry.searchedPath`,
        /// folded): every set has a term that passes. For an ASCII query only.
        func matches(foldedPath path: UnsafeBufferPointer<UInt8>) -> Bool {
            if let terms = foldedTerms { return FuzzyMatch.allMatch(terms, in: searchesPaths ? path : FuzzyMatch.lastComponent(of: path)) }
            let name = FuzzyMatch.lastComponent(of: path)
            return sets.allSatisfy { set in set.contains { $0.passes(name: name, path: path) } }
        }

        /// True when the query lets `entry` through: its name, or for a term with a `/` its
        /// searched path. A query that is not ASCII is matched as characters, the name folded
        /// and lower-cased as its terms are.
        public func matches(_ entry: MediaEntry) -> Bool {
            let folded = SearchFolding.fold(entry.searchedPath)
            if isASCII { return folded.withUnsafeBufferPointer { matches(foldedPath: $0) } }
            let path = Array(String(decoding: folded, as: UTF8.self).lowercased())
            let name = path[(path.lastIndex(of: "/").map { $0 + 1 } ?? 0)...]
            return sets.allSatisfy { set in set.contains { $0.passes(name: name, path: path[...]) } }
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
