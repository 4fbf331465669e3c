@testable import MediapickCLI
import TerminalUI
import XCTest

/// The main screen's row of keys at every width: `q quit` always, the row never wider than the
/// terminal, the Camera button while `q quit` fits beside it (MainScreenTests draws the row).
final class KeyRowTests: XCTestCase {
    func testTheRowWithoutACameraAndAtEachWidth() {
        XCTAssertEqual(KeyRow(width: 80, camera: false).hints, "Enter/+ pick  ↑↓ move  d remove  q quit")
        XCTAssertFalse(KeyRow(width: 80, camera: false).showsCameraButton)
        XCTAssertEqual(KeyRow(width: 40, camera: false).hints, "Enter/+ pick  q quit")
        XCTAssertEqual(KeyRow(width: 22, camera: false).hints, "q quit")
        // Every width q quit fits in, far below the app's 24 columns (tester2's finding 6).
        for width in 6...200 {
            for camera in [false, true] {
                let row = KeyRow(width: width, camera: camera)
                XCTAssertTrue(row.hints.hasSuffix("q quit"), "\(width) \(camera): \(row.hints)")
                let buttons = row.showsCameraButton ? 26 : row.showsPickButton ? 14 : -2
                XCTAssertLessThanOrEqual(buttons + 2 + DisplayWidth.of(row.hints), width, "\(width) \(camera): fits")
                XCTAssertEqual(row.showsCameraButton, camera && width >= 34)
                XCTAssertEqual(row.showsPickButton, width >= 22)
            }
        }
    }

    /// Below 22 columns the Pick media button gives way to its key, which then comes before
    /// the camera's.
    func testThePickButtonGivesWayToItsKey() {
        for camera in [false, true] {
            XCTAssertEqual(KeyRow(width: 21, camera: camera).hints, "Enter/+ pick  q quit")
            XCTAssertEqual(KeyRow(width: 20, camera: camera).hints, "Enter/+ pick  q quit")
            XCTAssertEqual(KeyRow(width: 6, camera: camera).hints, "q quit")
        }
        XCTAssertEqual(KeyRow(width: 19, camera: true).hints, "c camera  q quit")
        XCTAssertEqual(KeyRow(width: 19, camera: false).hints, "d remove  q quit")
    }
}
