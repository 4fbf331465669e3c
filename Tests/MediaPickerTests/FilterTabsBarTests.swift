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

    func testAWideQueryIsCutByColumnsNotCharacters() async {
        var h = await PickerHarness(names: ["a.jpg", "b.jpg"])
        h.size = Size(width: 40, height: 12)
        h.press(.character("/"))
        for c in "日本語の写真" { h.press(.character(c)) }
        let row = tabsRow(h)
        XCTAssertTrue(row.contains(" Videos 0"), row)
        XCTAssertTrue(row.contains("/…写真 "), "the end of the query, then the cursor's column: [\(row)]")
        XCTAssertEqual(DisplayWidth.of(row), 40, "nothing spills past the row: [\(row)]")
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
}
