import MediaDecoding
@testable import MediaPicker
import TerminalUI
import XCTest
import Platform

/// Update then view, without a controller, a library or a pipeline: messages go into the
/// model, the model is asserted, and the view is drawn from it.
@MainActor
final class PickerModelUpdateTests: XCTestCase {
    private func model(count: Int, limit: Int = 0) -> PickerModel {
        var configuration = PickerConfiguration()
        configuration.sort = .name
        configuration.selectionLimit = limit
        var model = PickerModel(configuration: configuration, libraryName: "Fixtures", preselected: [])
        let entries = (0..<count).map { MediaEntry(path: RawPath("/m/img\(1000 + $0).jpg")) }
        _ = model.update(.library(entries: entries, isScanning: false, found: count))
        _ = model.update(.region(Rect(x: 0, y: 0, width: 80, height: 24)))
        return model
    }

    private func screen(_ model: PickerModel) -> String {
        var buffer = ScreenBuffer(size: Size(width: 80, height: 24))
        SheetView(model: model, layout: model.layout!, tile: { _, _, _ in .loading }).draw(into: &buffer)
        return buffer.text
    }

    func testMovingDownScrollsTheTopRowInUpdate() async {
        var model = model(count: 40)
        let columns = model.layout!.gridLayout.columns, rows = model.layout!.gridLayout.rows
        for _ in 0..<rows { _ = model.update(.key(.down)) }
        XCTAssertEqual(model.focusIndex, rows * columns)
        XCTAssertEqual(model.topRow, 1, "the update scrolls; the draw only follows")
        XCTAssertTrue(screen(model).contains("img\(1000 + rows * columns).jpg"))
    }

    func testRefusedPickShowsAMessageUntilItsOwnTimeOut() async {
        var model = model(count: 3, limit: 1 + 1)
        _ = model.update(.key(.character(" ")))
        _ = model.update(.key(.right))
        _ = model.update(.key(.character(" ")))
        _ = model.update(.key(.right))
        let reply = model.update(.key(.character(" ")))
        XCTAssertEqual(reply.effects, [.expireMessage(generation: 1)])
        XCTAssertNotNil(model.statusMessage)
        XCTAssertTrue(screen(model).contains("Limit reached"))
        _ = model.update(.messageExpired(generation: 0))
        XCTAssertNotNil(model.statusMessage, "an older time-out leaves a newer message")
        _ = model.update(.messageExpired(generation: 1))
        XCTAssertNil(model.statusMessage)
    }

    func testEnterFinishesOnceWithAnEffect() async {
        var model = model(count: 2)
        XCTAssertEqual(model.update(.key(.enter)).effects, [.finish([RawPath("/m/img1000.jpg")])])
        XCTAssertTrue(model.isFinished)
        XCTAssertFalse(model.update(.key(.enter)).handled)
    }
}
