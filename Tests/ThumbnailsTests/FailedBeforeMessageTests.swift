import Platform
@testable import Thumbnails
import XCTest

/// A file whose decoding failed once is not retried (the cache's fail/ record), so the
/// message is all a user gets: it tells the reason the record keeps, and how to try again.
final class FailedBeforeMessageTests: XCTestCase {
    func testARecordWithAReasonTellsIt() {
        XCTAssertEqual(ThumbnailError.failedBefore(path: "trunc.jpg", reason: "truncated file: JPEG: premature end").description,
                       "trunc.jpg: truncated file: JPEG: premature end (remembered from an earlier try; --no-cache tries again)")
    }

    /// A record of an older mediapick keeps no reason: the message says how to see it.
    func testARecordWithoutAReasonSaysHowToSeeIt() {
        XCTAssertEqual(ThumbnailError.failedBefore(path: "trunc.jpg", reason: nil).description,
                       "trunc.jpg: cannot be read (it failed before; --no-cache tries again and says why)")
    }
}
