#if canImport(Glibc)
import Glibc
#endif
@testable import MediaPicker
import Platform
import TerminalUI
import XCTest

/// A sheet opened by a host that holds files from earlier picks (the app's main screen): Ctrl-A
/// took those files again, so that a second sheet's select-all doubled the list (found in the
/// user-testing round). It passes them by and says how many, as PHPicker shows the assets
/// chosen before as picked already; Space still selects one, as the app lets a file be chosen twice.
@MainActor
final class ChosenBeforeTests: XCTestCase {
    private func names(_ h: PickerHarness) -> [String] { h.picker.selection.ordered.map(\.lastComponent.string) }

    private func focus(_ h: PickerHarness, _ name: String) {
        guard let index = h.picker.shownEntries.firstIndex(where: { $0.name.string == name }) else { return XCTFail("\(name) not shown") }
        h.picker.setFocus(index)
    }

    func testSelectAllPassesByTheFilesChosenBeforeAndSaysHowMany() async {
        let h = await PickerHarness(names: ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"], configure: { $0.selectionLimit = 0 },
                                    chosenBefore: ["b.jpg", "d.jpg"])
        h.press(.control("a"))
        XCTAssertEqual(names(h), ["a.jpg", "c.jpg", "e.jpg"])
        XCTAssertEqual(h.picker.statusMessage, "Skipped 2 files already chosen")
        XCTAssertTrue(h.screen().text.contains("Skipped 2 files already chosen"), h.screen().text)

        // Space on one chosen before still selects it, and a select-all then keeps it.
        h.press(.control("r"))
        focus(h, "b.jpg")
        h.press(.character(" "))
        XCTAssertEqual(names(h), ["b.jpg"])
        h.press(.control("a"))
        XCTAssertEqual(names(h), ["b.jpg", "a.jpg", "c.jpg", "e.jpg"])
        XCTAssertEqual(h.picker.statusMessage, "Skipped 1 file already chosen")
        h.press(.enter)
        XCTAssertEqual(h.delegate.names, ["b.jpg", "a.jpg", "c.jpg", "e.jpg"])
    }

    /// The files passed by leave their places to others under the limit, and the message names
    /// both; an unreadable file is told first, as before.
    func testWithTheLimitAndUnreadableFilesTheMessageSaysBoth() async {
        let limited = await PickerHarness(names: ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"], configure: { $0.selectionLimit = 4 },
                                          chosenBefore: ["a.jpg", "b.jpg"])
        limited.press(.control("a"))
        XCTAssertEqual(names(limited), ["c.jpg", "d.jpg"])
        XCTAssertEqual(limited.picker.statusMessage, "Selected up to the limit of 4 (2 chosen before); skipped 2 files already chosen")

        let locked = await PickerHarness(names: ["a.jpg", "b.locked.jpg", "c.jpg", "d.jpg"], configure: { $0.selectionLimit = 0 },
                                         chosenBefore: ["c.jpg"])
        locked.press(.control("a"))
        XCTAssertEqual(names(locked), ["a.jpg", "d.jpg"])
        XCTAssertEqual(locked.picker.statusMessage, "Skipped 1 unreadable file (b.locked.jpg: Permission denied); 1 file already chosen")

        let both = await PickerHarness(names: ["a.jpg", "b.locked.jpg", "c.jpg", "d.jpg", "e.jpg"], configure: { $0.selectionLimit = 3 },
                                       chosenBefore: ["c.jpg"])
        both.press(.control("a"))
        XCTAssertEqual(names(both), ["a.jpg", "d.jpg"])
        XCTAssertEqual(both.picker.statusMessage, "Selected up to the limit of 3 (1 chosen before); skipped 1 unreadable, 1 file already chosen")
    }
}
