import MediaDecoding
@testable import MediaPicker
import XCTest
import Platform

final class EntryListingTests: XCTestCase {
    private let entries = [
        MediaEntry(path: RawPath("/p/LadyBird.JPG"), status: .media(.jpeg)),
        MediaEntry(path: RawPath("/p/clip.mp4"), status: .media(.mp4)),
        MediaEntry(path: RawPath("/p/later.heic")),  // pending: kind from the extension
        MediaEntry(path: RawPath("/p/mystery")),  // pending, no telling extension: kind unknown
        MediaEntry(path: RawPath(bytes: Array("/p/caf".utf8) + [0xC3, 0xA9, 0xFF] + Array(".png".utf8)), status: .media(.png)),
        MediaEntry(path: RawPath("/p/ladder.webm"), status: .media(.webm)),
    ]

    private func names(_ list: EntryList) -> [String] { list.map { $0.name.string } }

    func testTabsKeepGridOrderAndCountEveryTab() {
        let catalog = EntryCatalog(sorted: entries)
        let images = EntryListing(catalog: catalog, filter: nil, tab: .images, query: "")
        XCTAssertEqual(names(images.entries), ["LadyBird.JPG", "later.heic", "caf\u{E9}\u{FFFD}.png"])
        XCTAssertEqual(images.counts, [.all: 6, .images: 3, .videos: 2])
        XCTAssertEqual(images.matching, [0, 1, 2, 3, 4, 5])
        let videos = EntryListing(catalog: catalog, filter: .videos, tab: .all, query: "")
        XCTAssertEqual(names(videos.entries), ["clip.mp4", "mystery", "ladder.webm"], "unknown kinds pass the configuration filter until known")
    }

    func testSearchMatchesFoldedNamesAndNarrowsFromCandidates() {
        let catalog = EntryCatalog(sorted: entries)
        let la = EntryListing(catalog: catalog, filter: nil, tab: .all, query: "LA")
        XCTAssertEqual(names(la.entries), ["LadyBird.JPG", "later.heic", "ladder.webm"])
        XCTAssertEqual(la.counts, [.all: 3, .images: 2, .videos: 1])
        let lad = EntryListing(catalog: catalog, among: la.matching, filter: nil, tab: .all, query: "l ad")
        XCTAssertEqual(names(lad.entries), ["LadyBird.JPG", "ladder.webm"])
        XCTAssertEqual(names(EntryListing(catalog: catalog, filter: nil, tab: .all, query: "jpg").entries), ["LadyBird.JPG"])
        XCTAssertEqual(names(EntryListing(catalog: catalog, filter: nil, tab: .all, query: "pla").entries), [],
                       "only the file name is searched")
        XCTAssertEqual(EntryListing(catalog: catalog, filter: nil, tab: .all, query: "p/la").matching, [0, 2, 5],
                       "a query with a slash searches the path (as given: these files were given by themselves)")
        XCTAssertEqual(names(EntryListing(catalog: catalog, filter: nil, tab: .all, query: "fé").entries), ["caf\u{E9}\u{FFFD}.png"],
                       "non-ASCII queries match through text")
    }

    /// `/cafe` found `café.jpg` only when its é was an e and a combining accent (NFD), not the
    /// one code point (NFC) most names hold; fzf 0.38 finds both, and `café` finds `cafe.jpg`.
    func testSearchIgnoresAccentsOfLatinLetters() {
        let accented = [
            MediaEntry(path: RawPath("/p/caf\u{E9}.jpg"), status: .media(.jpeg)),          // NFC
            MediaEntry(path: RawPath("/p/cafe\u{301} 2.jpg"), status: .media(.jpeg)),      // NFD
            MediaEntry(path: RawPath("/p/\u{D8}resund \u{141}\u{F3}d\u{17A}.png"), status: .media(.png)),
            MediaEntry(path: RawPath("/p/cafe.jpg"), status: .media(.jpeg)),
            MediaEntry(path: RawPath("/p/Stra\u{DF}e.jpg"), status: .media(.jpeg)),
        ]
        let catalog = EntryCatalog(sorted: accented)
        func found(_ query: String) -> [Int32] { EntryListing(catalog: catalog, filter: nil, tab: .all, query: query).matching }
        XCTAssertEqual(found("cafe"), [0, 1, 3])
        XCTAssertEqual(found("CAF\u{C9}"), [0, 1, 3], "an accented query folds too")
        XCTAssertEqual(found("oresund lodz"), [2], "letters with a stroke fold to their base letter")
        XCTAssertEqual(found("p/caf\u{E9}"), [0, 1, 3], "in paths as well")
        XCTAssertEqual(found("stra\u{DF}e"), [4], "a letter with no base letter matches itself")
        XCTAssertTrue(FuzzyMatch.Needle("cafe")!.matches(accented[0]), "the matcher without a catalog agrees")
        XCTAssertEqual(SearchFolding.fold([0x2F, 0xC3, 0xFF, 0xCC]), [0x2F, 0xC3, 0xFF, 0xCC], "invalid UTF-8 is kept")
    }

    /// Spaces part the query's terms, each matched on its own, in any order, as fzf's search
    /// takes them: `2024 beach` finds `beach_2024.jpg`. Spaces were dropped, so the terms had
    /// to come in the name's order (`mediapick -q 'space with'` found nothing in
    /// `with space.png`); every name that matched so still matches.
    func testSpacesPartTermsMatchedInAnyOrder() {
        let named = [
            MediaEntry(path: RawPath("/p/beach_2024.jpg"), status: .media(.jpeg)),
            MediaEntry(path: RawPath("/p/2024 beach.jpg"), status: .media(.jpeg)),
            MediaEntry(path: RawPath("/p/with space.png"), status: .media(.png)),
            MediaEntry(path: RawPath("/p/\u{65E5}\u{672C}_2024.png"), status: .media(.png)),
            MediaEntry(path: RawPath("/y/2024/beach.jpg"), status: .media(.jpeg)),
        ]
        let catalog = EntryCatalog(sorted: named)
        func found(_ query: String) -> [Int32] { EntryListing(catalog: catalog, filter: nil, tab: .all, query: query).matching }
        XCTAssertEqual(found("2024 beach"), [0, 1])
        XCTAssertEqual(found("beach 2024"), [0, 1])
        XCTAssertEqual(found("  BEACH   24 "), [0, 1], "extra spaces part nothing; case is folded in each term")
        XCTAssertEqual(found("space with"), [2])
        XCTAssertEqual(found("with space"), [2], "as before")
        XCTAssertEqual(found("wi sp"), [2])
        XCTAssertEqual(found("beach x"), [], "every term must match")
        XCTAssertEqual(found("2024 \u{65E5}"), [3], "a term that is not ASCII matches through text")
        XCTAssertEqual(found("y/ beach"), [4], "a term with a slash searches paths, the others names")
        XCTAssertTrue(FuzzyMatch.Needle("2024 beach")!.matches(named[0]), "the matcher without a catalog agrees")
        XCTAssertFalse(FuzzyMatch.Needle("beach x")!.matches(named[0]))
        XCTAssertNil(FuzzyMatch.Needle("   "), "spaces alone are no query")
    }

    func testSortedAgreesWithTheOrderItDocuments() {
        let t = FileTime(seconds: 100), later = FileTime(seconds: 100, nanoseconds: 5)
        let ties = [
            MediaEntry(path: RawPath("/b/img10.jpg"), byteSize: 5, modificationTime: t),
            MediaEntry(path: RawPath("/a/img2.jpg"), byteSize: 5, modificationTime: t),
            MediaEntry(path: RawPath("/a/img2.jpg2"), byteSize: 7, modificationTime: later),
            MediaEntry(path: RawPath(bytes: Array("/a/".utf8) + [0xFF] + Array(".jpg".utf8)), byteSize: 5, modificationTime: t),
            MediaEntry(path: RawPath("/a/IMG2.jpg"), byteSize: 1, modificationTime: t),
            MediaEntry(path: RawPath("/c/img2.jpg"), byteSize: 5, modificationTime: later),
        ]
        for sort in [SortOrder.date, .name, .size] {
            for reverse in [false, true] {
                XCTAssertEqual(EntryListing.sorted(ties, by: sort, reverse: reverse).map(\.path),
                               ties.sorted(by: EntryListing.order(sort, reverse: reverse)).map(\.path), "\(sort) reverse \(reverse)")
            }
        }
    }

    func testListReadsPathsAndFindsEntriesWithoutCopying() {
        let listing = EntryListing(catalog: EntryCatalog(sorted: entries), filter: nil, tab: .videos, query: "")
        XCTAssertEqual(Array(listing.entries.paths), [RawPath("/p/clip.mp4"), RawPath("/p/ladder.webm")])
        XCTAssertEqual(listing.entries.firstIndex(ofPath: RawPath("/p/ladder.webm")), 1)
        XCTAssertNil(listing.entries.firstIndex(ofPath: RawPath("/p/LadyBird.JPG")))
        XCTAssertTrue(EntryList().isEmpty)
        XCTAssertEqual(listing.entries.catalogPosition(at: 1), 5)
        XCTAssertNil(listing.entries.catalogPosition(at: 2))
        XCTAssertEqual(listing.entries.index(ofCatalogPosition: 5), 1)
        XCTAssertEqual(listing.entries.index(ofCatalogPosition: 1), 0)
        XCTAssertNil(listing.entries.index(ofCatalogPosition: 3))
        XCTAssertNil(listing.entries.index(ofCatalogPosition: 9))
        let elsewhere = RawPath("/q/x.jpg")
        XCTAssertEqual(listing.entries.gridOrdered([RawPath("/p/ladder.webm"), elsewhere, RawPath("/p/clip.mp4"), RawPath("/p/LadyBird.JPG")]),
                       [RawPath("/p/clip.mp4"), RawPath("/p/ladder.webm"), elsewhere, RawPath("/p/LadyBird.JPG")])
    }
}
