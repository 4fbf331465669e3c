import MediaDecoding
@testable import MediaPicker
import XCTest
import Platform
import TerminalUI

/// fzf's extended-search syntax in the picker's search (an exploratory tester's finding: `^`,
/// `$`, `'`, `!` and `|` were letters to find in order, so `^IMG jpg$ | png$` and `!thumb`,
/// as an fzf user types them, found nothing or the wrong files).
final class SearchSyntaxTests: XCTestCase {
    /// Each term as `kind text`, `!` before a negated one; a set's terms joined by ` | `.
    private func read(_ query: String) -> [String] {
        SearchSyntax.sets(query).map { set in
            set.map { "\($0.inverse ? "!" : "")\($0.kind) \(String(decoding: $0.folded, as: UTF8.self))" }.joined(separator: " | ")
        }
    }

    /// fzf's own test of its parser (TestParseTermsExtended), read the same way.
    func testTermsAreReadAsFzfReadsThem() {
        XCTAssertEqual(read("aaa 'bbb ^ccc ddd$ !eee !'fff !^ggg !hhh$ | ^iii$ ^xxx | 'yyy | zzz$ | !ZZZ |"), [
            "fuzzy aaa", "exact bbb", "prefix ccc", "suffix ddd", "!exact eee", "!fuzzy fff", "!prefix ggg",
            "!suffix hhh | equal iii", "prefix xxx | exact yyy | suffix zzz | !exact zzz",
        ])
        XCTAssertEqual(read("'beach' !'thumb'"), ["boundary beach", "!boundary thumb"])
        XCTAssertEqual(read("  2024   BEACH "), ["fuzzy 2024", "fuzzy beach"], "runs of spaces part terms; case and accents fold")
        XCTAssertEqual(read("\u{C9}t\u{E9}$"), ["suffix ete"])
    }

    /// An operator with nothing after it is no term (fzf ignores it), so a query being typed
    /// does not empty the grid at its `!` or `^`; a lone `$`, or a `|` with no term before it,
    /// is a letter to find.
    func testALoneOperatorIsIgnoredOrALetter() {
        for query in ["'", "^", "!", "!^", "!'", "^$", "' ^ !"] {
            XCTAssertEqual(read(query), [], query)
            XCTAssertNil(FuzzyMatch.Needle(query), "\(query): no term, everything matches")
        }
        XCTAssertEqual(read("$"), ["fuzzy $"])
        XCTAssertEqual(read("!$"), ["!exact $"])
        XCTAssertEqual(read("| a"), ["fuzzy |", "fuzzy a"])
        XCTAssertEqual(read("a |"), ["fuzzy a"], "a `|` with nothing after it is dropped")
        XCTAssertEqual(read("a | | b"), ["fuzzy a | fuzzy |", "fuzzy b"], "a second `|` is a letter, as in fzf")
        XCTAssertEqual(read("''"), ["exact '"])
    }

    func testABackslashKeepsASpaceInItsTerm() {
        XCTAssertEqual(read("beach\\ day 2024"), ["fuzzy beach day", "fuzzy 2024"])
        XCTAssertEqual(read("'a\\ b"), ["exact a b"])
        XCTAssertEqual(read("a\\"), ["fuzzy a\\"], "a backslash before no space is a letter")
    }

    private let library = [
        "IMG_0001.jpg", "IMG_0002.png", "img_thumb.jpg", "beach_2024.jpg", "beaches.png",
        "\u{C9}t\u{E9} \u{E0} Nice.jpg", "2024/IMG_0003.jpg", "thumbs/beach.png",
    ].map { MediaEntry(path: RawPath("/lib/" + $0), status: .media(.jpeg), rootLength: 5) }

    /// The positions in `library` that `query` lists, checked against the matcher without a catalog.
    private func found(_ query: String, file: StaticString = #filePath, line: UInt = #line) -> [Int32] {
        let listed = EntryListing(catalog: EntryCatalog(sorted: library), filter: nil, tab: .all, query: query).matching
        let needle = FuzzyMatch.Needle(query)
        let alone = library.indices.filter { needle?.matches(library[$0]) ?? true }.map(Int32.init)
        XCTAssertEqual(listed, alone, "\(query): the matcher without a catalog agrees", file: file, line: line)
        return listed
    }

    func testEachKindOfTerm() {
        XCTAssertEqual(found("bch"), [3, 4, 7], "fuzzy, as before")
        XCTAssertEqual(found("'bch"), [], "exact: unbroken")
        XCTAssertEqual(found("'beach"), [3, 4, 7])
        XCTAssertEqual(found("'beach'"), [3, 7], "at word boundaries: _ and . part words, beaches holds no word beach")
        XCTAssertEqual(found("^img"), [0, 1, 2, 6], "the name's start, in any case")
        XCTAssertEqual(found("^mg"), [])
        XCTAssertEqual(found("jpg$"), [0, 2, 3, 5, 6])
        XCTAssertEqual(found("^beach.png$"), [7], "the whole name")
        XCTAssertEqual(found("^beach$"), [])
    }

    func testNegatedTerms() {
        XCTAssertEqual(found("!thumb"), [0, 1, 3, 4, 5, 6, 7], "names only: thumbs/beach.png stays")
        XCTAssertEqual(found("!^img"), [3, 4, 5, 7])
        XCTAssertEqual(found("!.png$"), [0, 2, 3, 5, 6])
        XCTAssertEqual(found("!'thb"), [0, 1, 3, 4, 5, 6, 7], "!' is negated fuzzy: t, h, b in order")
        XCTAssertEqual(found("!'beach'"), [0, 1, 2, 4, 5, 6])
    }

    func testTermsCombineWithAndAndOr() {
        XCTAssertEqual(found("^img jpg$"), [0, 2, 6])
        XCTAssertEqual(found("jpg$ ^img"), [0, 2, 6], "in any order")
        XCTAssertEqual(found("^IMG jpg$ | png$"), [0, 1, 2, 6], "`|` binds the terms around it into one set")
        XCTAssertEqual(found("png$ | ^img"), [0, 1, 2, 4, 6, 7])
        XCTAssertEqual(found("!jpg$ | ^img"), [0, 1, 2, 4, 6, 7], "a negated term in a set passes what it does not match")
        XCTAssertEqual(found("^img !thumb 2"), [1], "IMG_0003.jpg has no 2 in its name")
    }

    func testAccentsAndCaseFoldInEveryKind() {
        XCTAssertEqual(found("^ete"), [5])
        XCTAssertEqual(found("'\u{C9}T\u{C9}"), [5])
        XCTAssertEqual(found("nice.JPG$"), [5])
        XCTAssertEqual(found("!\u{E9}t\u{E9}"), [0, 1, 2, 3, 4, 6, 7])
        XCTAssertEqual(found("'ete' 'a'"), [5], "words parted by spaces")
        XCTAssertEqual(found("e\\ a"), [5], "a space kept in the term must be in the name")
    }

    /// A term with a `/` is matched against the path below the folder, the others against the
    /// name, whatever their kind; a `^` term may leave out the path's leading `/`.
    func testATermWithASlashSearchesThePath() {
        XCTAssertEqual(found("^2024/"), [6])
        XCTAssertEqual(found("^/2024/"), [6])
        XCTAssertEqual(found("2024/ ^img"), [6], "^img is the name's start, not the path's")
        XCTAssertEqual(found("^img 2024"), [], "2024 without a slash: names only")
        XCTAssertEqual(found("!thumbs/"), [0, 1, 2, 3, 4, 5, 6], "a folder left out")
        XCTAssertEqual(found("'s/b"), [7])
        XCTAssertEqual(found("^2024/img_0003.jpg$"), [6])
        XCTAssertEqual(found("/beach.png$"), [7])
    }

    /// A query that is not ASCII is matched as text, with the same kinds of terms.
    func testTermsThatAreNotASCII() {
        let named = ["\u{65E5}\u{672C}_1.png", "\u{6771}\u{4EAC}_\u{65E5}\u{672C}.png", "\u{1F60A}.jpg"]
            .map { MediaEntry(path: RawPath("/lib/" + $0), status: .media(.png), rootLength: 5) }
        let catalog = EntryCatalog(sorted: named)
        func found(_ query: String) -> [Int32] { EntryListing(catalog: catalog, filter: nil, tab: .all, query: query).matching }
        XCTAssertEqual(found("^\u{65E5}"), [0])
        XCTAssertEqual(found("!^\u{65E5}"), [1, 2])
        XCTAssertEqual(found("'\u{65E5}\u{672C}' png$"), [0, 1])
        XCTAssertEqual(found("\u{672C}.png$ | ^\u{1F60A}"), [1, 2])
    }

    /// The focus goes to the best match of the text that must match (operators left out), so
    /// `'beach` focuses beach.png, typed whole; with nothing to rank by, the first entry.
    func testTheBestMatchReadsTheTermsWithoutTheirOperators() {
        let listing = EntryListing(catalog: EntryCatalog(sorted: library), filter: nil, tab: .all, query: "")
        let entries = listing.entries
        func best(_ query: String) -> String? { entries.bestMatchIndex(for: query).map { entries[$0].name.string } }
        XCTAssertEqual(best("'beach"), "beach.png")
        XCTAssertEqual(best("^img_0002"), "IMG_0002.png")
        XCTAssertEqual(best("^beach_2024.jpg$"), "beach_2024.jpg")
        XCTAssertEqual(best("^img jpg$ | png$"), "IMG_0001.jpg", "an either-or set is not ranked: img, a start")
        XCTAssertNil(best("!thumb"), "nothing to rank: the first entry")
        XCTAssertEqual(best("beach"), "beach.png", "plain terms as before")
    }

    /// The picker matches a longer query among the last one's matches only when it narrows them;
    /// `!a` to `!ab`, `a` to `a | b` and a `/` that makes a term search paths widen.
    func testNarrowingIsTold() {
        for (query, kept) in [("ab", "a"), ("^ab", "^a"), ("^ab", "a"), ("a b", "a"), ("a b", "b"), ("!a", "!ab"), ("a", "a | b"),
                              ("y/a", "y/"), ("a$", "a"), ("'ab'", "'ab"), ("^ab$", "^a"), ("^ab$", "b$"), ("a", "!"),
                              ("!'ab", "!'abc"), ("a | b", "a | b | c")] {
            XCTAssertTrue(SearchSyntax.narrows(query, from: kept), "\(kept) → \(query)")
        }
        for (query, kept) in [("!ab", "!a"), ("a | b", "a"), ("y/", "y"), ("a$b", "a$"), ("a$$", "a$"), ("'abc'", "'ab'"),
                              ("!", "a"), ("a", "'a"), ("^a", "a$"), ("xa", "^a")] {
            XCTAssertFalse(SearchSyntax.narrows(query, from: kept), "\(kept) → \(query)")
        }
    }
}

/// The picker's search with fzf's operators, through the model.
@MainActor
final class SearchNarrowingTests: XCTestCase {
    private func tabsRow(_ h: PickerHarness) -> String {
        String(h.screen().text.split(separator: "\n", omittingEmptySubsequences: false)[1])
    }

    /// Typing on narrows the last query's matches, the picker looks among those only; a query
    /// that widens them (`!a` to `!ab`, `a` to `a | c`) is matched against every name.
    func testAQueryThatWidensIsNotMatchedAmongTheLastOnesMatches() async {
        let h = await PickerHarness(names: ["a.jpg", "ab.jpg", "c.jpg"])
        h.press(.character("/"))
        h.type("!a")
        XCTAssertTrue(tabsRow(h).contains("All 1"), tabsRow(h))
        h.type("b")
        XCTAssertTrue(tabsRow(h).contains("All 2"), "!ab leaves out ab.jpg only: \(tabsRow(h))")
        h.press(.control("u"))
        h.type("a")
        XCTAssertTrue(tabsRow(h).contains("All 2"), tabsRow(h))
        h.type(" | c")
        XCTAssertTrue(tabsRow(h).contains("All 3"), "a | c: \(tabsRow(h))")
    }
}
