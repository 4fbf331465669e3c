import MediaDecoding
@testable import MediaPicker
import Platform
import TerminalUI
import XCTest

/// The search's editing cursor (an exploratory tester's finding: while the search was typed,
/// Left and Right moved the grid's focus, and the query could only be edited at its end,
/// though Ctrl-W was documented as deleting "the word before the cursor"). As in fzf, gum's
/// filter and every text field, Left and Right now move in the query, Home and End (and
/// Ctrl-E) go to its ends, and typing, Backspace, Delete, Ctrl-W and Ctrl-U act there; the
/// terminal's cursor stands on the character the cursor is before.
@MainActor
final class SearchCursorTests: XCTestCase {
    private func line(_ h: PickerHarness, _ row: Int) -> String {
        String(h.screen().text.split(separator: "\n", omittingEmptySubsequences: false)[row])
    }

    /// The character under the terminal's cursor (in the tabs row while the search is typed).
    private func underCursor(_ h: PickerHarness) -> String? {
        let screen = h.screen()
        guard let at = h.picker.cursorPosition else { return nil }
        XCTAssertEqual(at.y, 1, "the cursor is in the tabs row")
        return screen.cells[at.y * screen.size.width + at.x].text
    }

    func testTheQuerysKeysWhileTyping() {
        let typing: [(Key, PickerAction)] = [(.left, .moveCursor(-1)), (.right, .moveCursor(1)), (.home, .cursorToStart),
                                            (.end, .cursorToEnd), (.control("e"), .cursorToEnd), (.delete, .deleteForward),
                                            (.backspace, .deleteBackward), (.control("a"), .selectAll), (.up, .move(dx: 0, dy: -1)),
                                            (.pageDown, .page(1))]
        for (key, action) in typing {
            XCTAssertEqual(KeyMap.action(for: key, editingSearch: true, hasQuery: true), action, "\(key)")
        }
        XCTAssertEqual(KeyMap.action(for: .left, editingSearch: false, hasQuery: true), .move(dx: -1, dy: 0), "the grid's, outside the search")
        XCTAssertEqual(KeyMap.action(for: .home, editingSearch: false, hasQuery: true), .first)
        XCTAssertNil(KeyMap.action(for: .control("e"), editingSearch: false, hasQuery: true))
    }

    func testLeftAndRightMoveInTheQueryNotTheGrid() async {
        let h = await PickerHarness(names: ["beach.jpg", "bench.jpg", "city.jpg"])
        h.press(.character("/"))
        h.type("bach")
        XCTAssertEqual(underCursor(h), " ", "at the query's end")
        let focused = h.picker.focusedEntry?.name.string
        h.press(.left, .left, .left)
        XCTAssertEqual(h.picker.search.cursor, 1)
        XCTAssertEqual(underCursor(h), "a", "b|ach")
        XCTAssertEqual(h.picker.focusedEntry?.name.string, focused, "the grid's focus stayed")
        h.type("e")
        XCTAssertEqual(h.picker.search.text, "beach", "typed at the cursor")
        XCTAssertEqual(underCursor(h), "a", "be|ach")
        XCTAssertTrue(line(h, 1).contains("/beach "), line(h, 1))
        h.press(.right)
        XCTAssertEqual(underCursor(h), "c")
        h.press(.home)
        XCTAssertEqual(underCursor(h), "b", "Home: the query's start")
        h.press(.left, .backspace)
        XCTAssertEqual(h.picker.search.text, "beach", "nothing before the cursor to move to or delete")
        h.press(.delete)
        XCTAssertEqual(h.picker.search.text, "each", "Delete takes the character at the cursor")
        XCTAssertEqual(underCursor(h), "e")
        h.press(.control("e"))
        XCTAssertEqual(h.picker.search.cursor, 4, "Ctrl-E: the end, as in fzf")
        h.press(.home, .end)
        XCTAssertEqual(h.picker.search.cursor, 4, "End too")
        h.press(.right, .delete)
        XCTAssertEqual(h.picker.search.text, "each", "nothing after the end")
        h.press(.left, .backspace)
        XCTAssertEqual(h.picker.search.text, "eah", "Backspace takes the character before the cursor")
        XCTAssertEqual(underCursor(h), "h")
    }

    func testControlWAndControlUDeleteBeforeTheCursor() async {
        let h = await PickerHarness(names: ["sunny beach.jpg", "beach.jpg", "city.jpg"])
        h.press(.character("/"))
        h.type("sunny beach")
        XCTAssertTrue(line(h, 1).contains("All 1"), line(h, 1))
        for _ in 0..<5 { h.press(.left) }
        h.press(.control("w"))
        XCTAssertEqual(h.picker.search.text, "beach", "the word before the cursor and its space")
        XCTAssertEqual(h.picker.search.cursor, 0)
        XCTAssertTrue(line(h, 1).contains("All 2"), "the search follows: \(line(h, 1))")
        h.press(.control("u"))
        XCTAssertEqual(h.picker.search.text, "beach", "nothing before the cursor")
        h.press(.end, .left, .left, .control("u"))
        XCTAssertEqual(h.picker.search.text, "ch", "Ctrl-U: everything before the cursor")
        XCTAssertEqual(underCursor(h), "c")
        h.type("bea")
        XCTAssertEqual(h.picker.search.text, "beach")
        h.press(.enter)
        XCTAssertNil(h.picker.cursorPosition, "no cursor once the search is kept")
        h.press(.character("/"))
        XCTAssertEqual(h.picker.search.cursor, 5, "a kept query is taken up again at its end")
        h.press(.escape, .character("/"))
        XCTAssertEqual(h.picker.search.cursor, 0, "cleared")
    }

    /// Up, Down and Ctrl-N/P keep moving in the grid while the search is typed.
    func testUpAndDownStillMoveTheFocus() async {
        let h = await PickerHarness(names: ["a1.jpg", "a2.jpg", "a3.jpg"])
        h.press(.character("/"))
        h.type("a")
        XCTAssertEqual(h.picker.focusedEntry?.name.string, "a1.jpg")
        h.press(.right)
        XCTAssertEqual(h.picker.focusedEntry?.name.string, "a1.jpg")
        h.press(.down)
        XCTAssertEqual(h.picker.focusedEntry?.name.string, "a3.jpg", "a row down, stopping at the last")
        h.press(.control("p"))
        XCTAssertEqual(h.picker.focusedEntry?.name.string, "a1.jpg")
        XCTAssertTrue(h.picker.search.isEditing)
        XCTAssertEqual(h.picker.search.text, "a")
    }

    /// A query wider than its field shows the text around the cursor, cut with an ellipsis
    /// at either end; at the end, its end as before.
    func testALongQueryKeepsTheCursorInSight() async {
        var h = await PickerHarness(names: ["a_very_long_file_name.jpg"])
        h.size = Size(width: 20, height: 12)
        h.press(.character("/"))
        h.type("a_very_long_file_name")
        XCTAssertTrue(line(h, 1).hasSuffix(" /…le_name  "), "[\(line(h, 1))]")
        XCTAssertEqual(underCursor(h), " ")
        h.press(.home)
        XCTAssertTrue(line(h, 1).hasSuffix(" /a_very_l… "), "[\(line(h, 1))]")
        XCTAssertEqual(underCursor(h), "a")
        h.press(.end)
        for _ in 0..<10 { h.press(.left) }
        XCTAssertTrue(line(h, 1).hasSuffix(" /…ong_fil… "), "[\(line(h, 1))]")
        XCTAssertEqual(underCursor(h), "_", "a_very_long|_file_name")
        for width in [20, 26, 30] {
            h.size = Size(width: width, height: 12)
            XCTAssertTrue(line(h, 1).hasPrefix(" [All 1]"), "width \(width): [\(line(h, 1))]")
            XCTAssertEqual(DisplayWidth.of(line(h, 1)), width, "width \(width): [\(line(h, 1))]")
            XCTAssertEqual(underCursor(h), "_", "width \(width)")
        }
    }

    /// A query wider than its field loses its start between `SafeText.units`, never inside an
    /// escape: a typed `\\` at the cut showed as a lone `\` (`/…\ beach `), and a pasted
    /// U+202E, shown `\u{202e}`, as `202e}`, neither of them typed.
    func testALongQueryIsCutBetweenEscapesNotInsideOne() async {
        var h = await PickerHarness(names: ["day beach.jpg"])
        h.size = Size(width: 20, height: 12)
        h.press(.character("/"))
        h.type("day\\\\ beach")
        XCTAssertEqual(line(h, 1), " [All 0] /… beach   ", "the escape \\\\ cut whole")
        XCTAssertEqual(underCursor(h), " ")
        h.press(.backspace)
        XCTAssertEqual(line(h, 1), " [All 0] /…\\\\ beac  ", "and kept whole where it fits")
        h.type("he")
        h.press(.enter)
        XCTAssertEqual(line(h, 1), " [All 0] /… beache  ", "a kept query alike")
        h.press(.escape, .character("/"))
        h.type("day\u{202e}ab")
        XCTAssertEqual(line(h, 1), " [All 0] /…ab       ", "U+202E, shown as \\u{202e}, cut whole")
        h.type("cdefgh")
        h.press(.home, .right, .right, .right, .right)
        XCTAssertEqual(line(h, 1), " [All 0] /…abcdefg… ", "the cursor further in, just after it")
        XCTAssertEqual(underCursor(h), "a")
    }

    /// While the search is typed the footer names Up and Down for moving (Left and Right are
    /// the query's then), and it fits a narrow sheet as before.
    func testTheFooterNamesUpAndDownWhileTyping() async {
        var h = await PickerHarness(names: ["beach.jpg", "city.jpg"])
        h.press(.character("/"))
        let footer = line(h, h.size.height - 1)
        XCTAssertTrue(footer.contains("^U delete before  ↑↓ move"), footer)
        XCTAssertFalse(footer.contains("←"), footer)
        h.size = Size(width: 40, height: 12)
        XCTAssertEqual(line(h, 11), " Enter keep filter  Esc clear       0/1 ")
    }
}
