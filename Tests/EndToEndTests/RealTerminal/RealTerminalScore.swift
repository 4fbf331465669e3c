import Foundation

/// How closely a screenshot's picture region matches the source picture: SSIM on luma (7x7
/// windows, scikit-image's defaults), SSIM averaged over R, G and B, and mean CIE76 ΔE.
struct RealTerminalScore: CustomStringConvertible {
    /// SSIM of the luma planes, -1…1 (1: identical). 0 when nothing was drawn.
    let ssim: Double
    /// SSIM averaged over the three colour planes.
    let colorSSIM: Double
    /// Mean CIE76 ΔE in CIELAB (lower is better); infinity when nothing was drawn.
    let deltaE: Double
    /// Where the picture was found (pixels, in the region given), nil when nothing was.
    let bounds: RealTerminalRect?
    /// The scores at cell art's resolution, when the cell size was given.
    let cells: RealTerminalCellScore?

    var description: String {
        guard let bounds else { return "nothing drawn" }
        return String(format: "SSIM %.3f, colour SSIM %.3f, ΔE %.2f at %@", ssim, colorSSIM, deltaE, bounds.description)
            + (cells.map { "; \($0)" } ?? "")
    }

    /// Finds the drawn picture in `region` (what differs from `background`) and scores it
    /// against `source` scaled to the same size. Scaling to what was found, rather than to a
    /// rectangle computed here, leaves each renderer its own fit and rounding (sixel bands of
    /// six pixels); `bounds` lets a test check the placement and aspect.
    /// `cell` (pixels) adds the scores at cell art's resolution (`cells`).
    init(region: RealTerminalImage, source: RealTerminalImage, background: (UInt8, UInt8, UInt8),
         cell: (width: Int, height: Int)? = nil) {
        guard let found = region.contentBounds(background: background), found.width >= 8, found.height >= 8 else {
            self.init(ssim: 0, colorSSIM: 0, deltaE: .infinity, bounds: region.contentBounds(background: background), cells: nil)
            return
        }
        self.init(drawn: region.cropped(to: found), source: source, bounds: found, cell: cell)
    }

    /// Scores `drawn` against `source` scaled to its size.
    init(drawn: RealTerminalImage, source: RealTerminalImage, bounds: RealTerminalRect, cell: (width: Int, height: Int)? = nil) {
        let expected = source.resized(width: drawn.width, height: drawn.height)
        let luma = Self.ssim(drawn.plane(nil), expected.plane(nil), width: drawn.width, height: drawn.height)
        let colour = (0..<3).map { Self.ssim(drawn.plane($0), expected.plane($0), width: drawn.width, height: drawn.height) }
        var total = 0.0
        for i in 0..<(drawn.width * drawn.height) {
            let a = Self.lab(drawn.rgb[i * 3], drawn.rgb[i * 3 + 1], drawn.rgb[i * 3 + 2])
            let b = Self.lab(expected.rgb[i * 3], expected.rgb[i * 3 + 1], expected.rgb[i * 3 + 2])
            total += ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)).squareRoot()
        }
        let cells = cell.map { RealTerminalCellScore(drawn: drawn, expected: expected, cellWidth: $0.width, cellHeight: $0.height) }
        self.init(ssim: luma, colorSSIM: colour.reduce(0, +) / 3, deltaE: total / Double(drawn.width * drawn.height), bounds: bounds,
                  cells: cells)
    }

    private init(ssim: Double, colorSSIM: Double, deltaE: Double, bounds: RealTerminalRect?, cells: RealTerminalCellScore?) {
        self.ssim = ssim
        self.colorSSIM = colorSSIM
        self.deltaE = deltaE
        self.bounds = bounds
        self.cells = cells
    }

    /// Mean SSIM over every 7x7 window (sample covariance, C1 = (0.01·255)², C2 = (0.03·255)²),
    /// from summed-area tables so a screenshot-sized region stays cheap in a debug build.
    static func ssim(_ a: [Double], _ b: [Double], width: Int, height: Int) -> Double {
        let window = 7
        guard width >= window, height >= window else { return 0 }
        let tables = [a, b, a.map { $0 * $0 }, b.map { $0 * $0 }, zip(a, b).map { $0.0 * $0.1 }].map { summedArea($0, width: width, height: height) }
        let n = Double(window * window)
        let c1: Double = 2.55 * 2.55, c2: Double = 7.65 * 7.65
        var total = 0.0
        var count = 0
        for y in 0...(height - window) {
            for x in 0...(width - window) {
                let s = tables.map { boxSum($0, width: width, x: x, y: y, size: window) }
                let ma = s[0] / n, mb = s[1] / n
                let va = (s[2] - n * ma * ma) / (n - 1), vb = (s[3] - n * mb * mb) / (n - 1)
                let cov = (s[4] - n * ma * mb) / (n - 1)
                total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                count += 1
            }
        }
        return total / Double(count)
    }

    private static func summedArea(_ values: [Double], width: Int, height: Int) -> [Double] {
        var table = [Double](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row = 0.0
            for x in 0..<width {
                row += values[y * width + x]
                table[(y + 1) * (width + 1) + x + 1] = table[y * (width + 1) + x + 1] + row
            }
        }
        return table
    }

    private static func boxSum(_ table: [Double], width: Int, x: Int, y: Int, size: Int) -> Double {
        let stride = width + 1
        return table[(y + size) * stride + x + size] - table[y * stride + x + size] - table[(y + size) * stride + x] + table[y * stride + x]
    }

    /// sRGB (D65) to CIELAB.
    static func lab(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> (Double, Double, Double) {
        func linear(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (lr, lg, lb) = (linear(r), linear(g), linear(b))
        let x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047
        let y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
        let z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
}
