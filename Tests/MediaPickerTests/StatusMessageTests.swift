import TerminalUI
import XCTest
@testable import MediaPicker

/// The graphics hint: beside the tabs where it fits, else in the title's place, else (narrow
/// sheets) on the status line; never over the focused entry's line or the preview's.
@MainActor
final class StatusMessageTests: XCTestCase {
    private static let hint = "tmux: set -g allow-passthrough on to see pictures"

    private func messageLine(_ h: PickerHarness) -> String? {
        h.screen().text.split(separator: "\n").map(String.init).first { $0.contains("tmux:") }
    }

    /// Where the sheet has room beside the tabs the hint goes there, and covers neither the
    /// focused entry's line nor the preview's (report §10: it was drawn over the start of the
    /// preview's `▶ 0:02 · MP4 · …` line, and over the info line after the preview closed).
    func testTheGraphicsHintGoesBesideTheTabsAndHidesNothing() async throws {
        var h = await PickerHarness(names: ["a.jpg", "clip.mp4"], configure: { configuration in
            configuration.graphicsHint = Self.hint
            configuration.messageDuration = .seconds(600)
        })
        h.size = Size(width: 120, height: 30)
        func lines() -> [String] { h.screen().text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertTrue(lines()[1].contains(Self.hint), lines()[1])
        XCTAssertTrue(lines()[1].contains("Videos 1") && lines()[1].hasSuffix("/ search     "), lines()[1])
        XCTAssertTrue(lines()[28].hasPrefix(" a.jpg · PNG"), "the info line is the focused entry's: \(lines()[28])")
        h.press(.right, .character("p"))
        XCTAssertTrue(lines()[28].trimmingCharacters(in: .whitespaces).hasPrefix("▶ 1:23 · MP4 · 1920×1080"), lines()[28])
        XCTAssertEqual(lines().filter { $0.contains("tmux:") }.count, 1, h.screen().text)
        h.press(.character("x"))
        XCTAssertTrue(lines()[28].hasPrefix(" clip.mp4 · ▶ 1:23"), "after the preview: \(lines()[28])")
        h.size = Size(width: 80, height: 24)
        XCTAssertTrue(lines()[0].contains(Self.hint), "too wide for beside the tabs: in the title's place, whole: \(lines()[0])")
        XCTAssertTrue(lines()[0].hasPrefix("[ Cancel ]") && lines()[0].hasSuffix("[ Add 0/1 ]"), lines()[0])
        XCTAssertFalse(lines()[1].contains("tmux"), lines()[1])
        XCTAssertTrue(lines()[22].hasPrefix(" clip.mp4 · ▶ 1:23"), lines()[22])
    }

    /// A sheet too narrow for it beside the tabs or in the title's place shows it on the status line, shortened in
    /// the middle so that its end (what to do) stays readable; the preview's lines stay its own.
    func testOnANarrowSheetTheHintTakesTheStatusLineButNotThePreviews() async throws {
        var h = await PickerHarness(names: ["a.jpg", "b.jpg"], configure: { configuration in
            configuration.graphicsHint = Self.hint
            configuration.messageDuration = .seconds(600)
        })
        h.size = Size(width: 40, height: 12)
        let grid = try XCTUnwrap(messageLine(h), h.screen().text)
        XCTAssertTrue(grid.contains("…") && grid.contains("pictures"), grid)
        h.press(.character("p"))
        XCTAssertNil(messageLine(h), h.screen().text)
        XCTAssertTrue(h.screen().text.contains("PNG · 640×480"), h.screen().text)
    }

    /// The hint's time-out ends it, and so does a later message's (whose time-out replaced it).
    func testTheHintEndsWithItsTimeOutOrALaterMessages() async {
        let configuration = PickerConfiguration()
        var model = PickerModel(configuration: configuration, libraryName: "t", preselected: [])
        XCTAssertEqual(model.update(.notice("n")).effects, [.expireMessage(generation: 1)])
        XCTAssertEqual(model.notice, "n")
        XCTAssertNil(model.statusMessage, "the hint is not a status message")
        _ = model.update(.messageExpired(generation: 1))
        XCTAssertNil(model.notice)
        _ = model.update(.notice("n"))
        _ = model.update(.messageExpired(generation: 3))
        XCTAssertNil(model.notice, "a later message's time-out")
    }
}
