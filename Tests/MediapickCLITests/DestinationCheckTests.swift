import MediaDecoding
import XCTest
@testable import MediapickCLI
import Platform

/// `-o FILE` and `--export DIR` are checked before the picker opens, so a typo costs an
/// error message, not a whole picking session (the check used to come after the pick).
final class DestinationCheckTests: XCTestCase {
    private func check(output: String? = nil, export: String? = nil) -> String? {
        var options = PickOptions()
        options.output = output.map(RawPath.init)
        options.export = export.map(RawPath.init)
        do {
            try ResultEmitter.checkDestinations(options)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testOutputInAMissingFolderIsRefused() {
        XCTAssertEqual(check(output: "/no/such/folder/out.txt"), "cannot write /no/such/folder/out.txt: No such file or directory")
    }

    func testOutputThatIsAFolderIsRefused() {
        XCTAssertEqual(check(output: "/tmp"), "cannot write /tmp: Is a directory")
    }

    func testExportIntoAFileIsRefused() {
        XCTAssertEqual(check(export: "/etc/passwd"), "cannot export into /etc/passwd: not a folder")
    }

    func testUsableDestinationsPass() {
        XCTAssertNil(check())
        XCTAssertNil(check(output: "/tmp/mediapick-not-there-yet.txt", export: "/tmp/mediapick-made-on-export/sub"))
        XCTAssertNil(check(output: "relative-name.txt"))
    }
}
