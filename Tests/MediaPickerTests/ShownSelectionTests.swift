import MediaDecoding
@testable import MediaPicker
import Platform
import TerminalUI
import XCTest

/// Ctrl-A and Ctrl-R act on what is shown, as fzf's select-all and deselect-all act on the
/// current matches: Ctrl-R with a search cleared the picks the search hid too, which the user
/// could not see go, while Ctrl-A had selected only the matches. Update then view, as
/// PickerModelUpdateTests.
@MainActor
final class ShownSelectionTests: XCTestCase {
    /// A sheet of `names` under /m, sorted by name, without a limit, on an 80x24 screen.
    private func model(_ names: [String]) -> PickerModel {
        var configuration = PickerConfiguration()
        configuration.sort = .name
        configuration.selectionLimit = 0
        var model = PickerModel(configuration: configuration, libraryName: "Fixtures", preselected: [], readProblem: { _ in nil })
        let entries = names.map { MediaEntry(path: RawPath("/m/" + $0)) }
        _ = model.update(.library(entries: entries, progress: ScanProgress(isScanning: false, found: names.count)))
        _ = model.update(.region(Rect(x: 0, y: 0, width: 80, height: 24)))
        return model
    }

    private func screen(_ model: PickerModel) -> [Substring] {
        var buffer = ScreenBuffer(size: Size(width: 80, height: 24))
        SheetView(model: model, layout: model.layout!, tile: { _, _, _ in .loading }).draw(into: &buffer)
        return buffer.text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    private func selectedNames(_ model: PickerModel) -> [String] {
        model.selection.ordered.map { $0.lastComponent.string }
    }

    private func press(_ model: inout PickerModel, _ keys: Key...) {
        for key in keys { _ = model.update(.key(key)) }
    }

    private func type(_ model: inout PickerModel, _ text: String) {
        for c in text { _ = model.update(.key(.character(c))) }
    }

    func testControlRWithASearchDeselectsOnlyTheMatches() async {
        var model = model(["beach1.jpg", "beach2.jpg", "city1.jpg", "city2.jpg", "forest.jpg"])
        press(&model, .character(" "), .right, .right, .character(" "), .control("a"))
        XCTAssertEqual(selectedNames(model), ["beach1.jpg", "city1.jpg", "beach2.jpg", "city2.jpg", "forest.jpg"])
        press(&model, .character("/"))
        type(&model, "city")
        press(&model, .control("r"))
        XCTAssertEqual(selectedNames(model), ["beach1.jpg", "beach2.jpg", "forest.jpg"], "the matches alone, while typing")
        XCTAssertTrue(model.search.isEditing)
        XCTAssertEqual(model.statusMessage, "Kept 3 selected that are not shown")
        let lines = screen(model)
        XCTAssertTrue(lines[22].contains("Kept 3 selected that are not shown"), "the status line: \(lines[22])")
        XCTAssertTrue(lines[23].hasSuffix(" 3 "), "the counter counts the picks out of sight: \(lines[23])")

        // Ctrl-A with the kept search selects its matches alone; Ctrl-R takes them away again.
        press(&model, .enter, .control("a"))
        XCTAssertEqual(selectedNames(model), ["beach1.jpg", "beach2.jpg", "forest.jpg", "city1.jpg", "city2.jpg"])
        press(&model, .control("r"))
        XCTAssertEqual(selectedNames(model), ["beach1.jpg", "beach2.jpg", "forest.jpg"])

        // No search: everything.
        press(&model, .escape, .control("r"))
        XCTAssertTrue(model.selection.isEmpty)
        XCTAssertTrue(screen(model)[23].hasSuffix(" 0 "), "\(screen(model)[23])")
    }

    /// With nothing but the shown selected (or nothing selected at all), Ctrl-R under a
    /// search says nothing: there is nothing out of sight to speak of.
    func testNothingOutOfSightIsNotMentioned() async {
        var model = model(["beach1.jpg", "beach2.jpg", "city1.jpg"])
        press(&model, .character("/"))
        type(&model, "beach")
        press(&model, .control("a"))
        XCTAssertEqual(model.selection.count, 2)
        XCTAssertEqual(model.update(.key(.control("r"))).effects, [])
        XCTAssertTrue(model.selection.isEmpty)
        XCTAssertNil(model.statusMessage)
        press(&model, .control("r"))
        XCTAssertNil(model.statusMessage)
    }

    /// A tab is a filter too, as for Ctrl-A: Ctrl-R on Videos leaves the images picked.
    func testControlROnATabDeselectsThatTabsEntries() async {
        var model = model(["a.jpg", "b.mp4", "c.jpg", "d.mp4"])
        press(&model, .control("a"))
        XCTAssertEqual(model.selection.count, 4)
        press(&model, .tab, .tab)
        XCTAssertEqual(model.tab, .videos)
        press(&model, .control("r"))
        XCTAssertEqual(selectedNames(model), ["a.jpg", "c.jpg"])
        XCTAssertEqual(model.statusMessage, "Kept 2 selected that are not shown")
        press(&model, .tab, .control("r"))
        XCTAssertEqual(model.tab, .all)
        XCTAssertTrue(model.selection.isEmpty, "the All tab without a search: everything")
    }

    /// Without a filter Ctrl-R clears the whole selection, picks not listed too (a
    /// preselection still awaited, a file gone from a followed folder), as before.
    func testWithoutAFilterEverythingIsCleared() async {
        var model = model(["a.jpg", "b.jpg"])
        _ = model.update(.preselected([RawPath("/m/a.jpg"), RawPath("/elsewhere/z.jpg")]))
        XCTAssertEqual(model.selection.count, 2)
        press(&model, .control("r"))
        XCTAssertTrue(model.selection.isEmpty)
        XCTAssertNil(model.statusMessage)
    }
}
