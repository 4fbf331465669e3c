import MediaDecoding
import XCTest

/// `PixelImage.cropped` and `resized`: what the sixel renderer draws a tile's pixels with.
final class ResizingTests: XCTestCase {
    func testCroppedTakesThePartAskedForHeldInsideTheImage() {
        let image = PixelImage(width: 4, height: 3) { x, y in (UInt8(x), UInt8(y), 0, 255) }
        let part = image.cropped(x: 1, y: 1, width: 2, height: 2)
        XCTAssertEqual(part.width, 2)
        XCTAssertEqual(part.height, 2)
        XCTAssertEqual(part[0, 0].r, 1)
        XCTAssertEqual(part[1, 1].g, 2)
        XCTAssertEqual(image.cropped(x: 3, y: 2, width: 9, height: 9).width, 1, "held inside")
        XCTAssertEqual(image.cropped(x: 0, y: 0, width: 4, height: 3), image)
    }

    func testResizedEnlargesSmoothlyAndReducesEachSide() {
        let one = PixelImage(width: 1, height: 1, fill: (10, 200, 30, 255))
        XCTAssertEqual(one.resized(width: 5, height: 3), PixelImage(width: 5, height: 3, fill: (10, 200, 30, 255)))
        let ramp = PixelImage(width: 2, height: 1) { x, _ in x == 0 ? (0, 0, 0, 255) : (200, 200, 200, 255) }
        let wide = ramp.resized(width: 8, height: 1)
        XCTAssertEqual((0..<8).map { wide[$0, 0].r }, [0, 0, 25, 75, 125, 175, 200, 200], "pixel centres aligned")
        let mixed = PixelImage(width: 40, height: 2, fill: (50, 50, 50, 255)).resized(width: 10, height: 6)
        XCTAssertEqual(mixed.width, 10)
        XCTAssertEqual(mixed.height, 6)
    }

    /// A transparent neighbour does not darken the colour next to it.
    func testEnlargingWeighsColoursByAlpha() {
        let edge = PixelImage(width: 2, height: 1) { x, _ in x == 0 ? (255, 255, 255, 255) : (0, 0, 0, 0) }
        let wide = edge.resized(width: 4, height: 1)
        XCTAssertEqual(wide[1, 0].r, 255)
        XCTAssertEqual(wide[1, 0].a, 191)
        XCTAssertEqual(wide[3, 0].a, 0)
    }
}
