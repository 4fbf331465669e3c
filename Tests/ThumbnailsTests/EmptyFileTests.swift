import CellArt
import Platform
@testable import Thumbnails
import TestFixtures
import XCTest

/// A 0-byte file said "not an image or video" (user testing); a user expects to hear that it
/// is empty, as the usual cause is a copy or download that did not finish.
final class EmptyFileTests: XCTestCase {
    private let options = ArtOptions(columns: 8, rows: 4)

    func testAnEmptyFileIsToldEmpty() {
        let folder = TempFolder()
        let empty = folder.write("empty.jpg", bytes: [])
        XCTAssertThrowsError(try Thumbnailer.thumbnail(for: empty, options: options, cache: nil)) { error in
            XCTAssertEqual(error as? ThumbnailError, .empty(path: empty.string))
            XCTAssertEqual("\(error)", "\(empty.string): empty file")
        }
    }

    func testAFewBytesOfSomethingElseAreStillNotMedia() {
        let folder = TempFolder()
        let words = folder.write("words.jpg", bytes: Array("garbage".utf8))
        XCTAssertThrowsError(try Thumbnailer.thumbnail(for: words, options: options, cache: nil)) { error in
            XCTAssertEqual(error as? ThumbnailError, .notMedia(path: words.string))
            XCTAssertEqual("\(error)", "\(words.string): not an image or video")
        }
    }

    /// A TIFF was called "not an image or video" (the exploratory tester's finding 6), where
    /// chafa draws it: a format mediapick recognises but does not read is named, with what it reads.
    func testAFormatKnownButNotReadIsNamed() {
        let folder = TempFolder()
        let headers: [(String, [UInt8])] = [
            ("TIFF", [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]), ("TIFF", [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]),
            ("JPEG XL", [0xFF, 0x0A, 0xFA, 0x00]), ("Photoshop (PSD)", Array("8BPS".utf8) + [0, 1]),
            ("JPEG 2000", [0, 0, 0, 0x0C] + Array("jP  ".utf8) + [0x0D, 0x0A, 0x87, 0x0A]),
        ]
        for (index, (format, header)) in headers.enumerated() {
            let file = folder.write("x\(index).img", bytes: header + [UInt8](repeating: 0, count: 100))
            XCTAssertThrowsError(try Thumbnailer.thumbnail(for: file, options: options, cache: nil)) { error in
                XCTAssertEqual(error as? ThumbnailError, .notMedia(path: file.string, format: format))
                XCTAssertEqual("\(error)", "\(file.string): \(format), a format mediapick does not read (it reads JPEG, PNG, GIF, WebP, HEIC, AVIF, BMP and PNM)")
            }
        }
    }
}
