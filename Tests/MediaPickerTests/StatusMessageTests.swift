import TerminalUI
import XCTest
@testable import MediaPicker

/// A message on a narrow sheet is shortened in the middle, in the grid and in the preview
/// alike, so that its end (what to do) stays readable.
@MainActor
final class StatusMessageTests: XCTestCase {
    private static let hint = "tmux: set -g allow-passthrough on to see pictures"

    private func messageLine(_ h: PickerHarness) -> String? {
        h.screen().text.split(separator: "\n").map(String.init).first { $0.contains("tmux:") }
    }

    func testAMessageKeepsItsEndInTheGridAndInThePreview() async throws {
        var h = await PickerHarness(names: ["a.jpg", "b.jpg"], configure: { configuration in
            configuration.graphicsHint = Self.hint
            configuration.messageDuration = .seconds(600)
        })
        h.size = Size(width: 40, height: 12)
        let grid = try XCTUnwrap(messageLine(h), h.screen().text)
        XCTAssertTrue(grid.contains("…") && grid.contains("pictures"), grid)
        h.press(.character("p"))
        let preview = try XCTUnwrap(messageLine(h), h.screen().text)
        XCTAssertTrue(preview.contains("…") && preview.contains("pictures"), preview)
    }
}
