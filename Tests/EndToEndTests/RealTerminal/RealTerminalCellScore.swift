import CellArt
import Foundation

/// A picture scored at the resolution cell art draws at, as `scripts/quality` (artscore.py)
/// scores it: the drawn pixels and the source each averaged to 2x4 samples per cell, then
/// SSIM of BT.709 luma (7x7 windows) and mean CIEDE2000. The project counts a colour mode as
/// won when ΔE00 is lower and this SSIM higher; pixel-level SSIM (`RealTerminalScore.ssim`)
/// rewards glyph edges finer than a cell as well.
struct RealTerminalCellScore: CustomStringConvertible {
    /// SSIM of luma at 2x4 samples per cell.
    let ssim: Double
    /// Mean CIEDE2000 at 2x4 samples per cell.
    let deltaE: Double

    var description: String { String(format: "cells: SSIM %.3f, ΔE00 %.2f", ssim, deltaE) }

    /// `drawn` (a whole number of `cellWidth`x`cellHeight` cells, or close to it) against
    /// `expected`, the source already scaled to the same size.
    init(drawn: RealTerminalImage, expected: RealTerminalImage, cellWidth: Int, cellHeight: Int) {
        let columns = max(1, Int((Double(drawn.width) / Double(cellWidth)).rounded()))
        let rows = max(1, Int((Double(drawn.height) / Double(cellHeight)).rounded()))
        let a = drawn.resized(width: columns * 2, height: rows * 4), b = expected.resized(width: columns * 2, height: rows * 4)
        ssim = RealTerminalScore.ssim(Self.luma(a), Self.luma(b), width: a.width, height: a.height)
        var total = 0.0
        for i in 0..<(a.width * a.height) {
            total += Double(CIEDE2000.difference(Self.lab(a, i), Self.lab(b, i)))
        }
        deltaE = total / Double(a.width * a.height)
    }

    private static func luma(_ image: RealTerminalImage) -> [Double] {
        (0..<(image.width * image.height)).map { i -> Double in
            let r: Double = 0.2126 * Double(image.rgb[i * 3]), g: Double = 0.7152 * Double(image.rgb[i * 3 + 1])
            let b: Double = 0.0722 * Double(image.rgb[i * 3 + 2])
            return r + g + b
        }
    }

    private static func lab(_ image: RealTerminalImage, _ i: Int) -> SIMD3<Float> {
        let (l, a, b) = RealTerminalScore.lab(image.rgb[i * 3], image.rgb[i * 3 + 1], image.rgb[i * 3 + 2])
        return SIMD3(Float(l), Float(a), Float(b))
    }
}
