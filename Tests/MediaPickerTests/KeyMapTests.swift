@testable import MediaPicker
import TerminalUI
import XCTest

final class KeyMapTests: XCTestCase {
    func testNavigationKeys() {
        XCTAssertEqual(KeyMap.action(for: .character("j"), editingSearch: false, hasQuery: false), .move(dx: 0, dy: 1))
        XCTAssertEqual(KeyMap.action(for: .left, editingSearch: false, hasQuery: false), .move(dx: -1, dy: 0))
        XCTAssertEqual(KeyMap.action(for: .character("G"), editingSearch: false, hasQuery: false), .last)
        XCTAssertEqual(KeyMap.action(for: .home, editingSearch: false, hasQuery: false), .first)
        XCTAssertEqual(KeyMap.action(for: .pageDown, editingSearch: false, hasQuery: false), .page(1))
        XCTAssertEqual(KeyMap.action(for: .control("a"), editingSearch: false, hasQuery: false), .selectAll)
        XCTAssertEqual(KeyMap.action(for: .control("r"), editingSearch: false, hasQuery: false), .clearSelection)
    }

    func testEscapeClearsTheSearchBeforeCancelling() {
        XCTAssertEqual(KeyMap.action(for: .escape, editingSearch: false, hasQuery: true), .clearSearch)
        XCTAssertEqual(KeyMap.action(for: .escape, editingSearch: false, hasQuery: false), .cancel)
        XCTAssertEqual(KeyMap.action(for: .escape, editingSearch: true, hasQuery: true), .clearSearch)
    }

    func testTypingGoesIntoTheSearchWhileEditing() {
        XCTAssertEqual(KeyMap.action(for: .character("q"), editingSearch: true, hasQuery: false), .insert("q"))
        XCTAssertEqual(KeyMap.action(for: .down, editingSearch: true, hasQuery: false), .move(dx: 0, dy: 1))
        var field = SearchField()
        field.apply(.beginSearch)
        XCTAssertTrue(field.apply(.insert("l")))
        XCTAssertFalse(field.apply(.insert("\u{1B}")))
        XCTAssertEqual(field.text, "l")
        XCTAssertEqual(field.label, "/l")
        field.apply(.clearSearch)
        XCTAssertFalse(field.isEditing)
        XCTAssertEqual(field.label, "/ search")
    }
}
