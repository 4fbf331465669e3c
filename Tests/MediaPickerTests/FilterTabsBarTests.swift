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
}
