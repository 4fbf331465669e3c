import MediaPicker
import XCTest
@testable import MediapickCLI
import Platform

/// `mediapick camera --list`: the devices on stdout for scripts, and a word on stderr when
/// there are none (exit 1 with nothing printed looked like a failure with no reason).
final class CameraListTests: XCTestCase {
    func testDevicesArePrintedOneALineWithNoNote() {
        let result = CameraMode.listing([CameraDevice(path: RawPath("/dev/video0"), name: "Integrated Camera"),
                                         CameraDevice(path: RawPath("/dev/video2"), name: "USB Camera")])
        XCTAssertEqual(result.text, "/dev/video0\tIntegrated Camera\n/dev/video2\tUSB Camera\n")
        XCTAssertNil(result.note)
        XCTAssertEqual(result.status, .picked)
    }

    func testNoDeviceSaysSoOnStderrAndExitsOne() {
        let result = CameraMode.listing([])
        XCTAssertEqual(result.text, "")
        XCTAssertEqual(result.note, "no camera found (no /dev/video* device can capture); name one with --device")
        XCTAssertEqual(result.status, .nothingPicked)
    }
}
