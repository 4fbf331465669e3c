import ColorModel
import MediaDecoding
import XCTest
@_spi(Tuning) @testable import CellArt

/// Which colour a half block draws at truecolor for the samples it stands for.
final class TruecolorColourTests: XCTestCase {
    /// One cell of half blocks from a 2x4 picture (one pixel a sample): the top half three red
    /// samples and one blue, the bottom half grey.
    private func topColour(_ tuning: RenderTuning) throws -> RGB {
        let image = PixelImage(width: 2, height: 4) { x, y in
            y >= 2 ? (128, 128, 128, 255) : (x == 1 && y == 1 ? (40, 40, 200, 255) : (200, 40, 40, 255))
        }
        let options = ArtOptions(columns: 1, rows: 1, symbols: .blocks, colors: .trueColor, fit: .stretch, background: RGB(0, 0, 0))
        var plain = tuning
        plain.sharpen = 0  // the unsharp mask would move the samples apart
        let cell = CellRenderer.render(image, options: options, tuning: plain)[0, 0]
        let top = cell.glyph == "▄" ? cell.background : cell.foreground
        guard case .rgb(let rgb) = top else { throw NotRGB(color: top) }
        return rgb
    }

    /// A truecolor cell drawn in something other than an RGB colour.
    private struct NotRGB: Error { let color: TerminalColor }

    private func luma(_ c: RGB) -> Double { (0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)) / 255 }

    /// The drawn half keeps its samples' mean luma (an OKLab mean is darker), and its chroma
    /// is the samples' median: the one blue sample pulls the colour less towards blue than a
    /// mean does.
    func testAHalfDrawsItsSamplesMeanLumaAndMedianChroma() throws {
        let red = RGB(200, 40, 40), blue = RGB(40, 40, 200)
        let meanLuma = (3 * luma(red) + luma(blue)) / 4
        let drawn = try topColour(RenderTuning())
        XCTAssertEqual(luma(drawn), meanLuma, accuracy: 1.5 / 255, "\(drawn)")

        var oklab = RenderTuning()
        oklab.truecolorKeepsLuma = false
        XCTAssertGreaterThan(abs(luma(try topColour(oklab)) - meanLuma), 3 / 255, "the premise: the OKLab mean's luma differs")

        var mean = RenderTuning()
        mean.medianChroma = false
        let averaged = try topColour(mean)
        XCTAssertLessThan(Int(drawn.b) - Int(drawn.r), Int(averaged.b) - Int(averaged.r) - 20,
                          "median \(drawn) against mean \(averaged): less blue")
    }
}
