@testable import MediaPicker
import TerminalUI
import TerminalUITesting
import XCTest

/// The camera's review ignored Tab, which moves between the app's main screen's buttons:
/// Enter always used the photo, both buttons were drawn reversed, and nothing said which
/// one Enter pressed. Tab, Shift-Tab, Left and Right now move the focus between
/// `[ Retake ]` and `[ Use Photo ]`; the focused one is reversed (as a focused `Button`),
/// Enter presses it, and the key line says what Enter does.
final class CameraReviewFocusTests: XCTestCase {
    private let region = Rect(x: 0, y: 0, width: 64, height: 6)

    /// A model that has taken its first picture, in review.
    private func reviewing() -> CameraModel {
        var model = CameraModel(sourceName: "lavfi:test")
        _ = model.update(.region(region))
        let frame = RGBFrame(width: 2, height: 2, bytes: [UInt8](repeating: 9, count: 12), index: 1)
        _ = model.update(.frame(CameraFrame(full: frame, preview: nil, cells: nil)))
        _ = model.update(.key(.enter))
        XCTAssertEqual(model.phase, .review)
        return model
    }

    private func screen(_ model: CameraModel) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: region.size)
        CameraView(model: model, region: region).draw(into: &buffer)
        return buffer
    }

    func testTabAndTheArrowsMoveTheFocusAndTheScreenShowsIt() {
        var model = reviewing()
        XCTAssertEqual(model.reviewFocus, .usePhoto, "Use Photo first: Enter uses the photo, as it did")
        assertSnapshot(screen(model), named: "review-use-photo-focused", includeStyles: true)
        for key in [Key.tab, .backTab, .left, .right] {
            XCTAssertEqual(model.update(.key(key)).effects.count, 0)
            XCTAssertEqual(model.reviewFocus, .retake, "\(key) moves to the other button")
            XCTAssertTrue(screen(model).text.contains(CameraView.reviewHints(focus: .retake)))
            XCTAssertTrue(CameraView.reviewHints(focus: .retake).hasPrefix("Enter: retake"))
            _ = model.update(.key(key))
            XCTAssertEqual(model.reviewFocus, .usePhoto, "\(key) again: back")
        }
        _ = model.update(.key(.tab))
        assertSnapshot(screen(model), named: "review-retake-focused", includeStyles: true)
    }

    func testEnterPressesTheFocusedButton() {
        var model = reviewing()
        _ = model.update(.key(.backTab))
        XCTAssertTrue(model.update(.key(.enter)).effects.isEmpty, "Retake: nothing saved")
        XCTAssertEqual(model.phase, .preview)
        _ = model.update(.key(.character(" ")))
        XCTAssertEqual(model.reviewFocus, .usePhoto, "each review starts on Use Photo")
        guard case .save? = model.update(.key(.enter)).effects.first else { return XCTFail("Enter on Use Photo saves") }
        XCTAssertEqual(model.phase, .finished)
    }

    /// A click presses the button under it, whichever has the focus.
    func testAClickPressesTheButtonUnderIt() {
        var model = reviewing()
        let buttons = CameraView.buttonFrames(in: region)!
        _ = model.update(.key(.tab))
        let click = MouseEvent(kind: .press(.left), position: Point(x: buttons.usePhoto.x, y: buttons.usePhoto.y))
        guard case .save? = model.update(.mouse(click)).effects.first else { return XCTFail("a click on Use Photo saves") }
    }

    /// On a narrow screen both buttons stay whole, the gap and then the labels shrinking: at
    /// 26 columns (the camera on a narrow terminal, the app's camera sheet on a 30-column one)
    /// the row read `[ Retake ]    [ Use Ph`, the focused button cut at the edge.
    func testBothButtonsStayWholeOnANarrowScreen() {
        for width in [14, 20, 23, 24, 26, 27, 40] {
            let narrow = Rect(x: 0, y: 0, width: width, height: 6)
            var model = reviewing()
            _ = model.update(.region(narrow))
            var buffer = ScreenBuffer(size: narrow.size)
            CameraView(model: model, region: narrow).draw(into: &buffer)
            guard let buttons = CameraView.buttonFrames(in: narrow) else { return XCTFail("buttons at 6 rows") }
            let row = Array(buffer.lines[buttons.retake.y])
            guard buttons.usePhoto.maxX <= width, buttons.retake.x >= 0 else {
                XCTFail("Use Photo cut at \(width) columns: \(String(row))")
                continue
            }
            XCTAssertLessThan(buttons.retake.maxX, buttons.usePhoto.x, "apart at \(width)")
            XCTAssertEqual(String(row[buttons.retake.x..<buttons.retake.maxX]), buttons.retakeLabel, "at \(width)")
            XCTAssertEqual(String(row[buttons.usePhoto.x..<buttons.usePhoto.maxX]), buttons.usePhotoLabel, "at \(width)")
            XCTAssertTrue(buttons.retakeLabel.contains("Retake") && buttons.usePhotoLabel.contains("Use"), "at \(width)")
            let click = MouseEvent(kind: .press(.left), position: Point(x: buttons.usePhoto.maxX - 1, y: buttons.usePhoto.y))
            guard case .save? = model.update(.mouse(click)).effects.first else { return XCTFail("Use Photo's last cell at \(width)") }
        }
        XCTAssertEqual(CameraView.buttonFrames(in: Rect(x: 0, y: 0, width: 27, height: 6))?.usePhotoLabel, "[ Use Photo ]", "whole where it fits")
        XCTAssertEqual(CameraView.buttonFrames(in: Rect(x: 0, y: 0, width: 26, height: 6))?.usePhotoLabel, "[ Use Photo ]")
        XCTAssertEqual(CameraView.buttonFrames(in: Rect(x: 0, y: 0, width: 20, height: 6))?.usePhotoLabel, "[Use Photo]")
    }
}
