import Platform
@testable import Thumbnails
import XCTest

/// A file whose decoding failed once is not retried (the cache's fail/ record), so the
/// message is all a user gets: it must say the file is unreadable and how to see why.
final class FailedBeforeMessageTests: XCTestCase {
    func testMessageSaysHowToSeeTheReason() {
        XCTAssertEqual(ThumbnailError.failedBefore(path: "trunc.jpg").description,
                       "trunc.jpg: cannot be read (it failed before; --no-cache tries again and says why)")
    }
}
