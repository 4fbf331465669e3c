@testable import MediaPicker
import TerminalUI
import XCTest

/// The camera's title names its source; where it does not fit it is shortened in the middle,
/// as the picker's title is (`Pick m… — lib`), keeping the end of the source's name. It was
/// cut at the edge: the app's camera sheet on a 30-column terminal read
/// `Camera — lavfi:testsrc2=si`.
final class CameraTitleTests: XCTestCase {
    func testALongSourceNameIsShortenedInTheMiddle() {
        let model = CameraModel(sourceName: "lavfi:testsrc2=size=1280x720:rate=30")
        let region = Rect(x: 0, y: 0, width: 26, height: 6)
        var buffer = ScreenBuffer(size: region.size)
        CameraView(model: model, region: region).draw(into: &buffer)
        let title = buffer.lines[0]
        XCTAssertTrue(title.hasPrefix("Camera — lav"), title)
        XCTAssertTrue(title.contains("…"), title)
        XCTAssertTrue(title.hasSuffix("rate=30"), title)
        XCTAssertEqual(DisplayWidth.of(title), 26)

        let wide = Rect(x: 0, y: 0, width: 80, height: 6)
        var whole = ScreenBuffer(size: wide.size)
        CameraView(model: model, region: wide).draw(into: &whole)
        XCTAssertTrue(whole.lines[0].hasPrefix("Camera — lavfi:testsrc2=size=1280x720:rate=30 "), "whole where it fits")
    }
}
