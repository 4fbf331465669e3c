import MediaDecoding
import Platform
@testable import Thumbnails
import XCTest
import Platform

final class DiskCachePathTests: XCTestCase {
    func testURIPercentEncodesExactBytes() {
        XCTAssertEqual(ThumbnailDiskCache.uri(for: RawPath("/home/u/a b.png")), "file:///home/u/a%20b.png")
        XCTAssertEqual(ThumbnailDiskCache.uri(for: RawPath(bytes: Array("/t/caf".utf8) + [0xE9] + Array(".jpg".utf8))), "file:///t/caf%E9.jpg")
        XCTAssertEqual(ThumbnailDiskCache.uri(for: RawPath("/t/x#y?.png")), "file:///t/x%23y%3F.png")
        XCTAssertEqual(ThumbnailDiskCache.uri(for: RawPath("/t/./a//b/../c.png")), "file:///t/a/c.png")
    }

    func testStandardRootAndContainment() {
        let cache = ThumbnailDiskCache.standard(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"])
        XCTAssertEqual(cache?.root, RawPath("/x/cache/thumbnails"))
        XCTAssertEqual(ThumbnailDiskCache.standard(environment: ["HOME": "/h"])?.root, RawPath("/h/.cache/thumbnails"))
        XCTAssertTrue(cache!.contains(RawPath("/x/cache/thumbnails/normal/abc.png")))
        XCTAssertFalse(cache!.contains(RawPath("/x/cache/thumbnailsX/a.png")))
    }

    func testBuckets() {
        XCTAssertEqual(ThumbnailDiskCache.Bucket.fitting(100), .normal)
        XCTAssertEqual(ThumbnailDiskCache.Bucket.fitting(200), .large)
        XCTAssertNil(ThumbnailDiskCache.Bucket.fitting(300))
    }
}
