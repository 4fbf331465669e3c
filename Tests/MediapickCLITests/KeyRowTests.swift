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
        for width in 24...200 {
            for camera in [false, true] {
                let row = KeyRow(width: width, camera: camera)
                XCTAssertTrue(row.hints.hasSuffix("q quit"), "\(width) \(camera): \(row.hints)")
                let buttons = row.showsCameraButton ? 26 : 14
                XCTAssertLessThanOrEqual(buttons + 2 + DisplayWidth.of(row.hints), width, "\(width) \(camera): fits")
                XCTAssertEqual(row.showsCameraButton, camera && width >= 34)
            }
        }
    }
}
