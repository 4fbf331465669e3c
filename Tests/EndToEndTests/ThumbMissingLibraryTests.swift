import Foundation
import XCTest

/// A library a format needs that cannot be loaded is the machine's lack, not the file's: it was
/// remembered in the thumbnail cache as the file's failure, so a WebP stayed "broken" (and could
/// not be exported) after libwebp was installed (the third exploratory tester's finding 1).
final class ThumbMissingLibraryTests: XCTestCase {
    func testAFailureForALibraryNotInstalledIsNotRemembered() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        let webp = try files.png("w.webp", color: "orange")
        // A junk libwebp.so.7 found first by the loader stands in for libwebp not installed.
        let fakeLibraries = files.directory + "/fake-libraries"
        try FileManager.default.createDirectory(atPath: fakeLibraries, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: fakeLibraries + "/libwebp.so.7", contents: Data("junk".utf8)))
        let cache = "XDG_CACHE_HOME=" + files.directory + "/cache"
        let out = files.directory + "/.out", err = files.directory + "/.err"
        func thumb(_ environment: [String]) throws -> (Int32?, String, String) {
            let status = try ChildProcess.run(["/usr/bin/env"] + environment + [binary, "thumb", "--size", "8x2", "--colors", "256", webp],
                                              stdout: out, stderr: err, timeout: 60)
            return (status, String(decoding: try MediapickFixtures.read(out), as: UTF8.self),
                    String(decoding: try MediapickFixtures.read(err), as: UTF8.self))
        }

        let (missingStatus, missingOut, missingError) = try thumb([cache, "LD_LIBRARY_PATH=" + fakeLibraries])
        XCTAssertEqual(missingStatus, 2)
        XCTAssertEqual(missingOut, "")
        XCTAssertTrue(missingError.hasPrefix("mediapick: \(webp): cannot be read here: WebP: libwebp is not installed (apt-get install libwebp7)"),
                      missingError)

        let (status, picture, error) = try thumb([cache])
        XCTAssertEqual(status, 0, error)
        XCTAssertTrue(picture.contains("\u{1B}[48;5;"), "the picture, drawn once the library loads: \(picture)")
        XCTAssertEqual(error, "")
    }
}
