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
        }
    }
}
