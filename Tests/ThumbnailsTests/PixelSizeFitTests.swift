import XCTest
@testable import Thumbnails

/// The one fit arithmetic shared by decode targets (`fitted`, rounded down, never enlarged)
/// and the pixel renderers' display size (`scaled(toFit:nearest:)`, enlarged, rounded).
final class PixelSizeFitTests: XCTestCase {
    func testKnownSizes() {
        let photo = PixelSize(width: 4000, height: 3000)
        XCTAssertEqual(photo.fitted(within: 256), PixelSize(width: 256, height: 192))
        XCTAssertEqual(PixelSize(width: 3000, height: 4000).fitted(within: 256), PixelSize(width: 192, height: 256))
        XCTAssertEqual(PixelSize(width: 100, height: 50).fitted(within: 256), PixelSize(width: 100, height: 50), "never enlarged")
        // 1000/3 = 333.3 rounds down for a decode target, to the nearest for a display size.
        XCTAssertEqual(PixelSize(width: 3000, height: 1001).fitted(inside: PixelSize(width: 1000, height: 1000)), PixelSize(width: 1000, height: 333))
        XCTAssertEqual(PixelSize(width: 300, height: 200).scaled(toFit: PixelSize(width: 100, height: 100), nearest: true), PixelSize(width: 100, height: 67))
        XCTAssertEqual(PixelSize(width: 300, height: 200).scaled(toFit: PixelSize(width: 100, height: 100)), PixelSize(width: 100, height: 66))
        XCTAssertEqual(PixelSize(width: 30, height: 20).scaled(toFit: PixelSize(width: 90, height: 90), nearest: true), PixelSize(width: 90, height: 60), "enlarged")
        XCTAssertEqual(PixelSize(width: 0, height: 0).scaled(toFit: PixelSize(width: 0, height: 0)), PixelSize(width: 1, height: 1))
    }

    /// One side meets the box, the other is the exact ratio rounded the asked way.
    func testEverySizeFitsExactlyOneSide() {
        for w in stride(from: 1, through: 400, by: 7) {
            for h in stride(from: 1, through: 400, by: 11) {
                let box = PixelSize(width: 80, height: 60)
                for nearest in [false, true] {
                    let s = PixelSize(width: w, height: h).scaled(toFit: box, nearest: nearest)
                    XCTAssertTrue(s.width <= box.width && s.height <= box.height, "\(w)x\(h) -> \(s)")
                    XCTAssertTrue(s.width == box.width || s.height == box.height, "\(w)x\(h) -> \(s)")
                    let exact = s.width == box.width ? Double(h * box.width) / Double(w) : Double(w * box.height) / Double(h)
                    let free = Double(s.width == box.width ? s.height : s.width)
                    let want = max(1, nearest ? (exact + 0.5).rounded(.down) : exact.rounded(.down))
                    XCTAssertEqual(free, want, "\(w)x\(h) nearest=\(nearest) -> \(s)")
                }
            }
        }
    }
}
