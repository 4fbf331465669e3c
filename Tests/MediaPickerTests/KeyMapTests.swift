import MediaDecoding
@testable import MediaPicker
import Platform
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

    /// fzf, gum and readline move with Ctrl-N and Ctrl-P, also while a query is typed (where j
    /// and k are letters); they did nothing here.
    func testControlNAndControlPMoveDownAndUpAlsoWhileSearching() {
        for editing in [false, true] {
            XCTAssertEqual(KeyMap.action(for: .control("n"), editingSearch: editing, hasQuery: editing), .move(dx: 0, dy: 1))
            XCTAssertEqual(KeyMap.action(for: .control("p"), editingSearch: editing, hasQuery: editing), .move(dx: 0, dy: -1))
        }
    }

    /// With one tab (`-f videos`, `-f images`) Tab has nothing to cycle, and the footer does not
    /// offer it: `mediapick -f videos` read `Tab filter`, which did nothing.
    @MainActor
    func testTheFooterOffersTabOnlyWithTabsToCycle() {
        func footer(_ filter: PickerFilter?) -> String {
            var configuration = PickerConfiguration()
            configuration.filter = filter
            var model = PickerModel(configuration: configuration, libraryName: "Fixtures", preselected: [], readProblem: { _ in nil })
            let entries = [MediaEntry(path: RawPath("/m/clip.mp4")), MediaEntry(path: RawPath("/m/img.jpg"))]
            _ = model.update(.library(entries: entries, progress: ScanProgress(isScanning: false, found: 2)))
            _ = model.update(.region(Rect(x: 0, y: 0, width: 100, height: 24)))
            var buffer = ScreenBuffer(size: Size(width: 100, height: 24))
            SheetView(model: model, layout: model.layout!, tile: { _, _, _ in .loading }).draw(into: &buffer)
            return buffer.lines[23]
        }
        XCTAssertTrue(footer(nil).contains("Tab filter"), footer(nil))
        XCTAssertFalse(footer(.videos).contains("Tab"), footer(.videos))
        XCTAssertFalse(footer(.images).contains("Tab"), footer(.images))
        XCTAssertTrue(footer(.videos).contains("/ search"), "the other keys stay: \(footer(.videos))")
        XCTAssertEqual(KeyMap.hints(editingSearch: false, hasQuery: true, cyclesTabs: false).map(\.keys),
                       [KeyMap.arrowsPlaceholder, "Space", "Enter", "Esc", "q", "/", "p", "^A", "^R"])
    }

    func testEscapeClearsTheSearchBeforeCancelling() {
        XCTAssertEqual(KeyMap.action(for: .escape, editingSearch: false, hasQuery: true), .clearSearch)
        XCTAssertEqual(KeyMap.action(for: .escape, editingSearch: false, hasQuery: false), .cancel)
        XCTAssertEqual(KeyMap.action(for: .escape, editingSearch: true, hasQuery: true), .clearSearch)
    }

    func testTypingGoesIntoTheSearchWhileEditing() {
        XCTAssertEqual(KeyMap.action(for: .character("q"), editingSearch: true, hasQuery: false), .insert("q"))
        XCTAssertEqual(KeyMap.action(for: .down, editingSearch: true, hasQuery: false), .move(dx: 0, dy: 1))
        XCTAssertEqual(KeyMap.action(for: .character("n"), editingSearch: true, hasQuery: false), .insert("n"))
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

/// A paste (`Key.paste`, bracketed paste) is text for the search, never keys: it begins the
/// search outside one (`q` and Space in it do not cancel or select); the preview is closed by
/// it as by any key; behind the "too small" notice it is dropped (MediapickPasteTests drives it
/// through tmux).
@MainActor
final class PasteTests: XCTestCase {
    func testAPasteIsTypedIntoTheSearch() async {
        var configuration = PickerConfiguration()
        configuration.sort = .name
        var model = PickerModel(configuration: configuration, libraryName: "Fixtures", preselected: [], readProblem: { _ in nil })
        let entries = ["apple", "cherry", "quince"].map { MediaEntry(path: RawPath("/m/\($0).jpg")) }
        _ = model.update(.library(entries: entries, progress: ScanProgress(isScanning: false, found: 3)))
        _ = model.update(.region(Rect(x: 0, y: 0, width: 80, height: 24)))
        XCTAssertTrue(model.update(.key(.paste("q ch"))).handled)
        XCTAssertTrue(model.search.isEditing)
        XCTAssertEqual(model.search.text, "q ch")
        XCTAssertFalse(model.isFinished, "its q did not cancel")
        XCTAssertTrue(model.selection.isEmpty, "its Space selected nothing")
        XCTAssertEqual(model.shownEntries.map(\.name.string), [], "q ch matches none")
        _ = model.update(.key(.control("u")))
        _ = model.update(.key(.enter))
        _ = model.update(.key(.character("p")))
        XCTAssertNotNil(model.previewEntry)
        _ = model.update(.key(.paste("che")))
        XCTAssertNil(model.previewEntry, "the preview closed, as by any key")
        XCTAssertEqual(model.search.text, "", "and only that")
        _ = model.update(.key(.paste("che")))
        XCTAssertEqual(model.shownEntries.map(\.name.string), ["cherry.jpg"])
        _ = model.update(.region(Rect(x: 0, y: 0, width: 10, height: 3)))
        _ = model.update(.key(.paste("x")))
        XCTAssertEqual(model.search.text, "che", "dropped behind the too-small notice")
    }
}

/// Search editing as readline and fzf do it (report §14: Ctrl-U and Ctrl-W did nothing, and the
/// footer kept saying `Space pick … Esc cancel` while Space typed a space and Esc cleared).
@MainActor
final class SearchEditingTests: XCTestCase {
    func testControlWDeletesTheWordBeforeTheCursorAndControlUTheWholeQuery() {
        XCTAssertEqual(KeyMap.action(for: .control("w"), editingSearch: true, hasQuery: true), .deleteWordBackward)
        XCTAssertEqual(KeyMap.action(for: .control("u"), editingSearch: true, hasQuery: true), .deleteToStart)
        var field = SearchField(text: "beach day  ")
        field.apply(.beginSearch)
        XCTAssertTrue(field.apply(.deleteWordBackward))
        XCTAssertEqual(field.text, "beach ")
        XCTAssertTrue(field.apply(.deleteWordBackward))
        XCTAssertEqual(field.text, "")
        XCTAssertFalse(field.apply(.deleteWordBackward))
        field.apply(.insert("x"))
        XCTAssertTrue(field.apply(.deleteToStart))
        XCTAssertEqual(field.text, "")
        XCTAssertTrue(field.isEditing, "Ctrl-U keeps the field open for a new query")
    }

    private func footer(_ h: PickerHarness) -> String {
        String(h.screen().text.split(separator: "\n", omittingEmptySubsequences: false)[h.size.height - 1])
    }

    func testTheFooterNamesTheSearchKeysWhileSearching() async {
        let h = await PickerHarness(names: ["beach one.jpg", "beach two.jpg", "city.jpg"])
        XCTAssertTrue(footer(h).contains("Space pick"), footer(h))
        h.press(.character("/"))
        h.type("beach tw")
        XCTAssertTrue(footer(h).contains("Enter keep filter"), footer(h))
        XCTAssertTrue(footer(h).contains("Esc clear"), footer(h))
        XCTAssertFalse(footer(h).contains("Space pick"), footer(h))
        XCTAssertFalse(footer(h).contains("cancel"), footer(h))
        h.press(.control("w"))
        XCTAssertTrue(h.screen().text.contains("/beach "), h.screen().text)
        XCTAssertTrue(h.screen().text.contains("All 2"), "the word gone, both beaches match again")
        h.press(.control("u"))
        XCTAssertTrue(h.screen().text.contains("All 3"), h.screen().text)
        h.press(.enter)
        XCTAssertTrue(footer(h).contains("Space pick"), "after Enter the sheet's keys again: \(footer(h))")
    }

    /// The shortest sheet (20x6, compact: the README says its search and keys are kept) had
    /// an empty keys row while the search was typed, "0/1" alone (tester's finding 11): the
    /// first hint, "Enter keep filter", did not fit, and the rest were dropped with it. A hint
    /// that does not fit is now passed over for a shorter one after it.
    func testTheShortestSheetNamesTheSearchKeysThatFit() async {
        var h = await PickerHarness(names: ["beach.jpg"])
        h.size = Size(width: 20, height: 6)
        XCTAssertTrue(footer(h).contains(" move"), footer(h))
        h.press(.character("/"))
        XCTAssertEqual(footer(h), " Esc clear      0/1 ")
        h.size = Size(width: 30, height: 6)
        XCTAssertEqual(footer(h), " Enter keep filter        0/1 ", "the first hint when it fits")
    }

    /// `-q bea` (or `/bea` Enter) keeps a search; the footer said `Esc cancel` while the first Esc
    /// cleared the search, and only the second cancelled.
    func testTheFooterSaysEscClearsAKeptSearch() async {
        let h = await PickerHarness(names: ["beach one.jpg", "beach two.jpg", "city.jpg"])
        h.press(.character("/"))
        h.type("bea")
        h.press(.enter)
        XCTAssertTrue(footer(h).contains("Esc clear search"), footer(h))
        XCTAssertTrue(footer(h).contains("q cancel"), footer(h))
        XCTAssertFalse(footer(h).contains("Esc cancel"), footer(h))
        h.press(.escape)
        XCTAssertTrue(h.screen().text.contains("All 3"), "Esc cleared the search: \(h.screen().text)")
        XCTAssertTrue(footer(h).contains("Esc cancel"), "no search kept, Esc cancels again: \(footer(h))")
    }
}
