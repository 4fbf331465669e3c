import XCTest
@testable import ColorModel

final class ColorMatcherTests: XCTestCase {
    func testPaletteHasXtermCubeAndGreys() {
        XCTAssertEqual(XtermPalette.colors.count, 256)
        XCTAssertEqual(XtermPalette.colors[16], RGB(0, 0, 0))
        XCTAssertEqual(XtermPalette.colors[196], RGB(255, 0, 0))
        XCTAssertEqual(XtermPalette.colors[231], RGB(255, 255, 255))
        XCTAssertEqual(XtermPalette.colors[232], RGB(8, 8, 8))
        XCTAssertEqual(XtermPalette.colors[255], RGB(238, 238, 238))
    }

    func testTrueColorKeepsRGB() {
        XCTAssertEqual(ColorMatcher(depth: .trueColor).match(RGB(1, 2, 3)), .rgb(RGB(1, 2, 3)))
    }

    func testNoneIsDefault() {
        XCTAssertEqual(ColorMatcher(depth: .none).match(RGB(200, 0, 0)), .default)
        XCTAssertEqual(ColorMatcher(depth: .none).match(.indexed(3)), .default)
    }

    func testNearestIn256() {
        let m = ColorMatcher(depth: .ansi256)
        XCTAssertEqual(m.match(RGB(255, 0, 0)), .indexed(9))  // exact bright red wins over cube 196 (first found)
        // A mid grey snaps to a grey, never to a saturated colour.
        guard case .indexed(let i) = m.match(RGB(128, 128, 128)), let rgb = TerminalColor.indexed(i).approximateRGB else {
            return XCTFail("expected a palette entry")
        }
        XCTAssertEqual(rgb.r, rgb.g)
        XCTAssertEqual(rgb.g, rgb.b)
    }

    func testPerceptualNotRGB() {
        let m = ColorMatcher(depth: .ansi8)
        XCTAssertEqual(m.match(RGB(20, 20, 200)), .indexed(4))
        XCTAssertEqual(m.match(RGB(250, 250, 250)), .indexed(7))
    }

    func testIndexedAboveDepthIsRematched() {
        XCTAssertEqual(ColorMatcher(depth: .ansi16).match(.indexed(196)), .indexed(9))
        XCTAssertEqual(ColorMatcher(depth: .ansi256).match(.indexed(196)), .indexed(196))
    }

    func testOKLabWhiteAndBlack() {
        let white = OKLab(RGB(255, 255, 255)), black = OKLab(RGB(0, 0, 0))
        XCTAssertEqual(white.l, 1, accuracy: 0.001)
        XCTAssertEqual(black.l, 0, accuracy: 0.001)
        XCTAssertEqual(SRGBTransfer.encode(SRGBTransfer.toLinear[77]), 77)
    }
}
