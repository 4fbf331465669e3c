/// One term of a search query, as fzf's extended search reads it (`SearchSyntax`): how it
/// matches, whether it is negated, and its text folded as names are (`SearchFolding`). A term
/// with a `/` is matched against the path below the library's folder, the others against the
/// name, so `^IMG 2024/` is a name starting with `img` in a folder `2024`.
struct SearchTerm: Hashable, Sendable {
    /// How a term matches, fzf's term types.
    enum Kind: Hashable, Sendable {
        /// Its letters in order, anything between (`beach`).
        case fuzzy
        /// Its letters unbroken, anywhere (`'beach`).
        case exact
        /// Unbroken, neither side touching a letter or digit (`'beach'`): in `2024_beach.jpg`,
        /// not in `beaches.jpg`.
        case boundary
        /// At the start (`^IMG`).
        case prefix
        /// At the end (`jpg$`).
        case suffix
        /// The whole of it (`^beach.jpg$`).
        case equal
    }

    /// How it matches.
    let kind: Kind
    /// True for a term that must not match (`!thumb`).
    let inverse: Bool
    /// Its text folded (`SearchFolding`), as the catalog holds names.
    let folded: [UInt8]
    /// Its text folded and lower-cased, as characters: how a query that is not ASCII is
    /// matched (`FuzzyMatch.Needle.matches(_:)`), and what `implies` compares.
    let characters: [Character]
    /// True when it has a `/`: matched against the path below the folder.
    let searchesPath: Bool
    /// True when `folded` is ASCII: then it is matched against folded names as bytes.
    let isASCII: Bool

    /// A term of `kind` for `text` as typed.
    init(_ kind: Kind, inverse: Bool = false, text: some StringProtocol) {
        self.kind = kind
        self.inverse = inverse
        folded = SearchFolding.fold(text.utf8)
        characters = Array(String(decoding: folded, as: UTF8.self).lowercased())
        searchesPath = folded.contains(UInt8(ascii: "/"))
        isASCII = folded.allSatisfy { $0 < 0x80 }
    }

    /// True when the term lets `name` (or `path`, for a term with a `/`) through: it matches,
    /// or, negated, it does not. Both folded, as `folded` is.
    func passes(name: UnsafeBufferPointer<UInt8>, path: UnsafeBufferPointer<UInt8>) -> Bool {
        folded.withUnsafeBufferPointer { term in
            Self.holds(kind, term, in: searchesPath ? path : name, slash: UInt8(ascii: "/"), isWord: Self.isWordByte)
        } != inverse
    }

    /// `passes` for text that is not ASCII, as characters (folded and lower-cased, as `characters`).
    func passes(name: ArraySlice<Character>, path: ArraySlice<Character>) -> Bool {
        Self.holds(kind, characters[...], in: searchesPath ? path : name, slash: "/", isWord: { $0.isLetter || $0.isNumber }) != inverse
    }

    /// True when every name this term lets through, `other` lets through too: typing on from
    /// `other` to this term narrows, so the names to look at are among `other`'s matches.
    /// A sufficient test, not a complete one (nothing is claimed where unsure).
    func implies(_ other: SearchTerm) -> Bool {
        guard searchesPath == other.searchesPath, inverse == other.inverse else { return false }
        // Not matching this implies not matching `other` when matching `other` implies matching this.
        return inverse ? other.matchImplies(self) : matchImplies(other)
    }

    /// True when a name this term matches (not negated) is matched by `other` too.
    private func matchImplies(_ other: SearchTerm) -> Bool {
        let (mine, wanted) = (characters, other.characters)
        switch other.kind {
        case .fuzzy:
            // Every kind finds its text in the name, and `wanted` is in it in order.
            return Self.isSubsequence(wanted[...], of: mine[...])
        case .exact:
            return kind != .fuzzy && Self.firstOccurrence(of: wanted[...], in: mine[...], from: 0) != nil
        case .boundary:
            return (kind == .boundary || kind == .equal) && mine == wanted
        case .prefix:
            return (kind == .prefix || kind == .equal) && mine.starts(with: wanted)
        case .suffix:
            return (kind == .suffix || kind == .equal) && mine.count >= wanted.count && mine.suffix(wanted.count).elementsEqual(wanted)
        case .equal:
            return kind == .equal && mine == wanted
        }
    }

    /// True for a byte of a word, for `'boundary'` terms: a letter or digit (folded names hold
    /// no capitals), or a byte of a character that is not ASCII. As in fzf, `_`, `-`, `.`,
    /// spaces and `/` part words.
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte &- 0x61 < 26 || byte &- 0x30 < 10
    }

    /// True when a term of `kind` with `term` matches `text`. A path (below the folder) starts
    /// with the `/` before it, which a `^` term may leave out: `^2024/` finds `/2024/a.jpg`.
    static func holds<Text: RandomAccessCollection>(_ kind: Kind, _ term: Text, in text: Text, slash: Text.Element,
                                                   isWord: (Text.Element) -> Bool) -> Bool
    where Text.Element: Equatable, Text.Index == Int {
        switch kind {
        case .fuzzy:
            return isSubsequence(term, of: text)
        case .exact:
            return firstOccurrence(of: term, in: text, from: text.startIndex) != nil
        case .boundary:
            var from = text.startIndex
            while let start = firstOccurrence(of: term, in: text, from: from) {
                let end = start + term.count
                if (start == text.startIndex || !isWord(text[start - 1])) && (end == text.endIndex || !isWord(text[end])) { return true }
                from = start + 1
            }
            return false
        case .prefix:
            return text.starts(with: term) || (text.first == slash && text.dropFirst().starts(with: term))
        case .suffix:
            return text.count >= term.count && text.suffix(term.count).elementsEqual(term)
        case .equal:
            return text.elementsEqual(term) || (text.first == slash && text.dropFirst().elementsEqual(term))
        }
    }

    /// True when `term` occurs in order in `text`.
    static func isSubsequence<Text: RandomAccessCollection>(_ term: Text, of text: Text) -> Bool where Text.Element: Equatable {
        var wanted = term.startIndex
        for element in text where wanted != term.endIndex && element == term[wanted] { wanted = term.index(after: wanted) }
        return wanted == term.endIndex
    }

    /// Where `term` first occurs unbroken in `text` at or after `from`, or nil.
    static func firstOccurrence<Text: RandomAccessCollection>(of term: Text, in text: Text, from: Int) -> Int?
    where Text.Element: Equatable, Text.Index == Int {
        guard let first = term.first else { return from }
        guard text.endIndex - from >= term.count else { return nil }
        for start in from...(text.endIndex - term.count) where text[start] == first {
            if text[start..<(start + term.count)].elementsEqual(term) { return start }
        }
        return nil
    }
}
