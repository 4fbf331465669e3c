/// How a query is read, as fzf's extended search reads it (its `parseTerms`), so what an fzf
/// user types means the same here:
///
///     beach      fuzzy: the letters in order      'beach    exact: unbroken, anywhere
///     ^IMG       at the start                     jpg$      at the end
///     ^a.jpg$    the whole name                   'beach'   unbroken, at word boundaries
///     !thumb     not holding it unbroken          !^IMG     not starting with it
///     !.png$     not ending with it               !'tmb     not holding its letters in order
///
/// Spaces part terms, all of which must match (in any order); `|` between terms makes them
/// one set, any of which may match: `^IMG jpg$ | png$` is a name starting with `img` and
/// ending with `jpg` or `png`. A backslash before a space keeps the space in the term
/// (`beach\ day`). An operator with nothing after it is no term and is ignored (a lone `'`,
/// `^`, `!`, `!^`), so a query being typed does not empty the grid; a lone `$` is the
/// letter, and so is a `|` that starts the query or follows another `|`. Each term is
/// folded as names are (case and the accents of Latin letters ignored, not fzf's smart case).
enum SearchSyntax {
    /// The sets of `query`: every set must match, and a set matches when any of its terms lets
    /// the name through. Empty when the query has no term (everything matches).
    static func sets(_ query: String) -> [[SearchTerm]] {
        var sets: [[SearchTerm]] = []
        var set: [SearchTerm] = []
        // fzf's two flags: whether the next term starts a new set, and whether a `|` came last.
        var startsNewSet = false
        var afterBar = false
        for token in tokens(query) {
            if !set.isEmpty && !afterBar && token == "|" {
                startsNewSet = false
                afterBar = true
                continue
            }
            afterBar = false
            guard let parsed = term(token) else { continue }
            if startsNewSet {
                sets.append(set)
                set = []
            }
            set.append(parsed)
            startsNewSet = true
        }
        if !set.isEmpty { sets.append(set) }
        return sets
    }

    /// The term `token` stands for, or nil when its operators leave no text. The operators
    /// are read in fzf's order: `!`, then a closing `$`, then `'…'`, a leading `'` or `^`.
    static func term(_ token: String) -> SearchTerm? {
        var text = Substring(token)
        var kind = SearchTerm.Kind.fuzzy
        var inverse = false
        if text.hasPrefix("!") {
            inverse = true
            kind = .exact
            text = text.dropFirst()
        }
        if text != "$" && text.hasSuffix("$") {
            kind = .suffix
            text = text.dropLast()
        }
        if text.count > 2 && text.hasPrefix("'") && text.hasSuffix("'") {
            kind = .boundary
            text = text.dropFirst().dropLast()
        } else if text.hasPrefix("'") {
            // Flips exactness: `'x` is exact, `!'x` (exact when negated) is fuzzy.
            kind = inverse ? .fuzzy : .exact
            text = text.dropFirst()
        } else if text.hasPrefix("^") {
            kind = kind == .suffix ? .equal : .prefix
            text = text.dropFirst()
        }
        return text.isEmpty ? nil : SearchTerm(kind, inverse: inverse, text: text)
    }

    /// The query's words: parted by runs of spaces, but for a space after a backslash, which
    /// stays in its word (without the backslash).
    static func tokens(_ query: String) -> [String] {
        var tokens: [String] = []
        var word = ""
        var rest = Substring(query)
        while let character = rest.first {
            rest = rest.dropFirst()
            if character == "\\" && rest.first == " " {
                word.append(" ")
                rest = rest.dropFirst()
            } else if character == " " {
                if !word.isEmpty { tokens.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { tokens.append(word) }
        return tokens
    }

    /// True when every name `query` lets through, `kept` lets through too, so `query` may be
    /// matched among `kept`'s matches only (typing on narrows). Each of `kept`'s sets must
    /// follow from one of `query`'s: all of that set's terms imply one of its own. `ab` from
    /// `a`, `^ab` from `^a` or `a`, `a b` from `a`; not `!ab` from `!a`, nor `a | b` from `a`.
    static func narrows(_ query: String, from kept: String) -> Bool {
        let new = sets(query)
        return sets(kept).allSatisfy { keptSet in
            new.contains { newSet in newSet.allSatisfy { term in keptSet.contains { term.implies($0) } } }
        }
    }
}
