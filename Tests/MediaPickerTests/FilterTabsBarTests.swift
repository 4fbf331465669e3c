#if canImport(Glibc)
import Glibc
#endif
import Platform
import TerminalUI
import XCTest
@testable import MediaPicker

/// The tabs row on a narrow sheet: the search field takes what the tabs leave and never
/// covers them.
@MainActor
final class FilterTabsBarTests: XCTestCase {
    private func tabsRow(_ h: PickerHarness) -> String {
        let lines = h.screen().text.split(separator: "\n", omittingEmptySubsequences: false)
        return String(lines[1])
    }

    func testTheSearchHintShrinksInsteadOfCoveringTheTabs() async {
        var h = await PickerHarness(names: ["a.jpg", "b.jpg"])
        for width in 36...44 {
            h.size = Size(width: width, height: 12)
            let row = tabsRow(h)
            XCTAssertTrue(row.contains(" Videos 0"), "width \(width): \(row)")
            let field = row.trimmingCharacters(in: .whitespaces)
            XCTAssertTrue(field.hasSuffix("Videos 0  / search") || field.hasSuffix("Videos 0  /"), "width \(width): the hint or its '/': \(row)")
        }
        h.size = Size(width: 80, height: 24)
        XCTAssertTrue(tabsRow(h).hasSuffix("/ search     "), tabsRow(h))
    }

    func testAQueryOnANarrowSheetKeepsItsEndAndTheTabs() async {
        var h = await PickerHarness(names: ["a.jpg", "b.jpg"])
        h.size = Size(width: 40, height: 12)
        h.press(.character("/"), .character("b"), .character("e"), .character("a"), .character("c"), .character("h"))
        let row = tabsRow(h)
        XCTAssertTrue(row.contains(" Videos 0"), row)
        XCTAssertTrue(row.contains("…ch") || row.contains("/beach"), row)
    }

    /// Below 36 columns the tabs filled the row and a query being typed showed nowhere (report-picker
    /// §3: at 30 columns `/IMG1` left ` [All 70]  Images 70   Videos`); now the tabs give way.
    func testAQueryIsShownHoweverNarrowTheSheet() async {
        var h = await PickerHarness(names: ["a.jpg", "beach.jpg"])
        h.press(.character("/"))
        for width in [20, 26, 30, 35] {
            h.size = Size(width: width, height: 12)
            XCTAssertTrue(tabsRow(h).trimmingCharacters(in: .whitespaces).hasSuffix("/"), "width \(width), nothing typed yet: [\(tabsRow(h))]")
        }
        h.type("beach")
        for width in [20, 26, 30, 35] {
            h.size = Size(width: width, height: 12)
            let row = tabsRow(h)
            XCTAssertTrue(row.hasPrefix(" [All 1]"), "width \(width): [\(row)]")
            XCTAssertTrue(row.contains("/beach ") || row.contains("…ach "), "width \(width): the query's end, then the cursor: [\(row)]")
            XCTAssertEqual(DisplayWidth.of(row), width, "width \(width): [\(row)]")
        }
        h.press(.enter)
        h.size = Size(width: 20, height: 12)
        XCTAssertTrue(tabsRow(h).contains("…ach") || tabsRow(h).contains("/beach"), "a kept query too: [\(tabsRow(h))]")
    }

    func testAWideQueryIsCutByColumnsNotCharacters() async {
        var h = await PickerHarness(names: ["a.jpg", "b.jpg"])
        h.size = Size(width: 20, height: 12)
        h.press(.character("/"))
        for c in "日本語の写真" { h.press(.character(c)) }
        let row = tabsRow(h)
        XCTAssertTrue(row.hasPrefix(" [All 0]"), row)
        XCTAssertTrue(row.contains("/…の写真 "), "the end of the query, then the cursor's column: [\(row)]")
        XCTAssertEqual(DisplayWidth.of(row), 20, "nothing spills past the row: [\(row)]")
    }

    /// The README's promise, "on a narrow sheet the tabs are cut before the query, never the
    /// query": at 40 to 59 columns a query kept 6 columns beside whole tabs (tester's finding 4:
    /// `/…_long_file_name` at 50, `/…liday` and `/…ワー` at 40). Now the tabs give way, down to
    /// the first, and a query that fits beside it is shown whole.
    func testTheTabsAreCutBeforeTheQuery() async {
        var h = await PickerHarness(names: ["a_very_long_file_name.jpg", "holiday.jpg", "東京タワー.jpg"])
        for (width, query) in [(50, "a_very_long_file_name"), (40, "holiday"), (40, "東京タワー"), (59, "a_very_long_file_name"), (30, "holiday")] {
            h.size = Size(width: width, height: 12)
            h.press(.character("/"))
            h.type(query)
            var row = tabsRow(h)
            XCTAssertTrue(row.hasSuffix(" /\(query)  "), "width \(width): the whole query, the cursor's column, the margin: [\(row)]")
            XCTAssertTrue(row.hasPrefix(" [All 1]"), "width \(width): the first tab kept: [\(row)]")
            XCTAssertEqual(DisplayWidth.of(row), width, "width \(width): [\(row)]")
            h.press(.enter)
            row = tabsRow(h)
            XCTAssertTrue(row.contains(" /\(query) "), "width \(width): a kept query whole too: [\(row)]")
            h.press(.escape)
        }
        h.size = Size(width: 80, height: 12)
        h.press(.character("/"))
        h.type("holiday")
        XCTAssertTrue(tabsRow(h).contains(" [All 1]  Images 1   Videos 0 "), "a wide sheet keeps every tab: [\(tabsRow(h))]")
    }

    /// All is Images plus Videos with unreadable files too (report §14: as non-root with a
    /// chmod 000 file the tabs read All 14, Images 12, Videos 1): an unreadable file is on its
    /// name's tab, and one whose name names no media kind is not offered at all.
    func testUnreadableFilesCountOnTheTabTheirNameSays() async {
        var h = await PickerHarness(names: ["a.jpg", "b.jpg", "clip.mp4", "p.locked.jpg", "f.locked.mp4", "notes.locked"])
        h.size = Size(width: 80, height: 24)
        let row = tabsRow(h)
        XCTAssertTrue(row.contains("All 5"), row)
        XCTAssertTrue(row.contains("Images 3"), row)
        XCTAssertTrue(row.contains("Videos 2"), row)
        XCTAssertFalse(h.screen().text.contains("notes"), h.screen().text)
        h.press(.tab)
        XCTAssertTrue(h.screen().text.contains("p.locked.jpg"), "the unreadable picture is on Images: \(h.screen().text)")
    }

    /// With -r, files of one name in different folders are told apart by the path below the
    /// library's folder, in the info line and the preview, and found by it (report §8: both
    /// read photo.jpg everywhere, and `/y/` found nothing).
    func testRecursiveEntriesShowAndMatchTheirPathBelowTheFolder() async {
        let h = await PickerHarness(names: [], configure: { _ in }, recursive: true) { folder in
            for sub in ["x", "y"] { _ = folder.path.appending(sub).withCString { mkdir($0, 0o755) } }
            folder.write("x/photo.jpg", mtime: 1_700_000_000)
            folder.write("y/photo.jpg", mtime: 1_700_000_060)
        }
        func lines() -> [Substring] { h.screen().text.split(separator: "\n", omittingEmptySubsequences: false) }
        XCTAssertTrue(lines()[h.size.height - 2].hasPrefix(" x/photo.jpg · PNG"), String(lines()[h.size.height - 2]))
        h.press(.right)
        XCTAssertTrue(lines()[h.size.height - 2].hasPrefix(" y/photo.jpg · PNG"), String(lines()[h.size.height - 2]))
        h.press(.character("p"))
        XCTAssertTrue(lines().contains { $0.trimmingCharacters(in: .whitespaces) == "y/photo.jpg" }, h.screen().text)
        h.press(.escape)
        h.press(.character("/"))
        h.type("/y/")
        XCTAssertTrue(tabsRow(h).contains("All 1"), tabsRow(h))
        XCTAssertEqual(h.picker.focusedEntry?.path.string.hasSuffix("/y/photo.jpg"), true)
        h.press(.control("u"))
        h.type("y")
        XCTAssertTrue(tabsRow(h).contains("All 0"), "without a slash only names are searched: \(tabsRow(h))")
        h.type("/")
        XCTAssertTrue(tabsRow(h).contains("All 1"), "typing the slash widens to paths, not narrowing the name matches: \(tabsRow(h))")
    }
}
