import TerminalUI
import XCTest
@testable import MediaPicker

/// The "too small" notice must stay readable however little room it gets (the app's sheet
/// inside a 20x6 terminal has only 16x4).
@MainActor
final class TooSmallNoticeTests: XCTestCase {
    func testNoticeIsReadableWithoutEllipsesDownTo10Columns() async {
        var h = await PickerHarness(names: ["a.jpg"])
        for size in [Size(width: 20, height: 4), Size(width: 16, height: 4), Size(width: 10, height: 3)] {
            h.size = size
            let text = h.screen().text
            XCTAssertTrue(text.lowercased().contains("too small"), "\(size)\n\(text)")
            XCTAssertFalse(text.contains("…"), "no word is cut at \(size)\n\(text)")
        }
    }

    /// Behind the notice nothing can be seen: Space, Enter and moves must not pick an unseen
    /// entry (limit 1 would finish at once); only Esc acts, as the notice says.
    func testOnlyEscActsWhileTheNoticeIsShown() async {
        var h = await PickerHarness(names: ["a.jpg", "b.jpg"])
        h.size = Size(width: 16, height: 4)
        _ = h.screen()
        h.press(.right, .character(" "), .enter)
        XCTAssertTrue(h.delegate.calls.isEmpty, "picked while nothing was visible: \(h.delegate.calls)")
        h.press(.escape)
        XCTAssertEqual(h.delegate.names, [])
    }

    /// A search left open when the terminal shrank does not trap Esc.
    func testEscStillLeavesASearchAndThenCancels() async {
        var h = await PickerHarness(names: ["a.jpg", "b.jpg"])
        h.press(.character("/"), .character("b"))
        h.size = Size(width: 16, height: 4)
        _ = h.screen()
        h.press(.escape, .escape)
        XCTAssertEqual(h.delegate.names, [])
    }
}
