import Foundation
import XCTest

/// One rule decides whether the screen is UTF-8, for names and for `--symbols auto` alike: the
/// C library's, asked once by `mediapick`'s main (`LocaleCodeset`), through the real binary.
final class ThumbLocaleTests: XCTestCase {
    /// A UTF-8 locale that is named but not installed (`LANG=xx_YY.UTF-8`) is the C locale to
    /// the C library, to curses, and to `ls` and `less`: `thumb` showed `caf\xc3\xa9.ppm` as
    /// that locale asks, yet drew blocks (`▌`, UTF-8 bytes) under it, as the locale's name
    /// seemed to allow. Now both are ASCII there; an installed UTF-8 locale has both.
    func testANamedButMissingUTF8LocaleShowsNamesAndSymbolsInASCII() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        // Stripes, so that blocks have two colours to draw in each cell.
        let stripes = Array("P6\n16 8\n255\n".utf8) + (0..<(16 * 8)).flatMap { $0 % 2 == 0 ? [UInt8(250), 240, 10] : [UInt8(10), 20, 200] }
        let cafe = String(decoding: try files.write(name: Array("café.ppm".utf8), bytes: stripes), as: UTF8.self)
        let plain = String(decoding: try files.write(name: Array("plain.ppm".utf8), bytes: stripes), as: UTF8.self)
        func thumb(_ locale: [String]) throws -> String {
            let out = files.directory + "/out", err = files.directory + "/err"
            let status = try ChildProcess.run(["/usr/bin/env", "-i"] + locale + [binary, "thumb", "--size", "8x2", cafe, plain],
                                              stdout: out, stderr: err, timeout: 30)
            let message = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
            XCTAssertEqual(status, 0, message)
            return String(decoding: try MediapickFixtures.read(out), as: UTF8.self)
        }
        for locale in [["LANG=xx_YY.UTF-8"], ["LC_ALL=C", "LANG=C.UTF-8"], ["LC_CTYPE=xx_YY.utf8"]] {
            let output = try thumb(locale)
            XCTAssertTrue(output.contains("caf\\xc3\\xa9.ppm\n"), "\(locale): \(output)")
            XCTAssertTrue(output.unicodeScalars.allSatisfy(\.isASCII), "\(locale): ASCII symbols beside names in \\xHH\n\(output)")
        }
        let utf8 = try thumb(["LANG=C.UTF-8"])
        XCTAssertTrue(utf8.contains("café.ppm\n"), utf8)
        XCTAssertTrue(utf8.unicodeScalars.contains { "▀▄▌▐█".unicodeScalars.contains($0) }, "blocks in a UTF-8 locale\n\(utf8)")
    }
}
