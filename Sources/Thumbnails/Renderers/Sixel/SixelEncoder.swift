import ColorModel
import MediaDecoding

/// Encodes pixels as a DEC sixel image: `ESC P 0;1;0 q`, raster attributes (`"1;1;W;H`, square
/// pixels), a palette of at most `colours` registers chosen for this image (`#i;2;r;g;b`, in
/// percent), then bands of six pixel rows, run-length encoded, and `ESC \`.
///
/// Pixels under half opaque are left undrawn (P2 = 1: the terminal keeps what was there), as
/// cell art leaves such samples to the terminal's background; the other partly transparent
/// ones are composited over `background`. An image with no more colours than
/// registers keeps them all (to the percent the protocol carries); otherwise a median cut of
/// its 5-6-5 colour bins picks the palette and each bin is drawn in its nearest colour.
public struct SixelEncoder: Hashable, Sendable {
    /// The most colour registers one image may define (1...256; terminals have at least 256).
    public var colours: Int
    /// What partly transparent pixels are composited over.
    public var background: RGB

    /// An encoder with at most `colours` registers per image.
    public init(colours: Int = 256, background: RGB = RGB(0, 0, 0)) {
        self.colours = colours
        self.background = background
    }

    /// The sixel bytes of `image`, from `ESC P` to `ESC \`.
    public func encode(_ image: PixelImage) -> [UInt8] {
        let width = image.width, height = image.height
        var out = SixelBytes(capacity: 64 + width * height / 2)
        out.append("\u{1B}P0;1;0q\"1;1;")
        out.append(decimal: width)
        out.append(UInt8(ascii: ";"))
        out.append(decimal: height)
        guard width > 0, height > 0 else {
            out.append("\u{1B}\\")
            return out.bytes
        }
        image.pixels.withUnsafeBufferPointer { pixels in
            let colours = SixelColours(pixels: pixels, count: width * height, background: background)
            // With undrawn pixels, register 255 is kept for "none".
            let limit = min(max(colours.hasTransparent ? min(self.colours, 255) : self.colours, 1), 256)
            let (palette, indexOfBin) = Self.palette(colours, limit: limit)
            for (i, c) in palette.enumerated() {
                out.append(UInt8(ascii: "#"))
                out.append(decimal: i)
                out.append(";2;")
                out.append(decimal: Self.percent(c.r))
                out.append(UInt8(ascii: ";"))
                out.append(decimal: Self.percent(c.g))
                out.append(UInt8(ascii: ";"))
                out.append(decimal: Self.percent(c.b))
            }
            var writer = SixelBandWriter(width: width, height: height, paletteCount: palette.count,
                                         transparent: colours.hasTransparent)
            let background = self.background
            indexOfBin.withUnsafeBufferPointer { indexOfBin in
                writer.write(into: &out) { y, row in
                    let line = pixels.baseAddress! + y * width * 4
                    for x in 0..<width {
                        let p = line + x * 4
                        if SixelColours.isUndrawn(p) { row[x] = SixelBandWriter.none; continue }
                        let (r, g, b) = SixelColours.opaque(p, over: background)
                        row[x] = indexOfBin[SixelColours.bin(r, g, b)]
                    }
                }
            }
        }
        out.append("\u{1B}\\")
        return out.bytes
    }

    /// A channel (0...255) in the percent a colour register takes.
    @inline(__always)
    static func percent(_ value: UInt8) -> Int { (Int(value) * 100 + 127) / 255 }

    /// The palette for `colours` and the palette index of each 5-6-5 bin.
    private static func palette(_ colours: SixelColours, limit: Int) -> (palette: [RGB], indexOfBin: [UInt8]) {
        var indexOfBin = [UInt8](repeating: 0, count: 65_536)
        let slots = colours.slotCount
        if slots <= limit, !colours.pure.contains(false) {
            // Every colour fits: each bin holds one exact colour and gets its own register.
            for slot in 0..<slots { indexOfBin[Int(colours.bins[slot])] = UInt8(slot) }
            let palette = colours.firsts.map { RGB(UInt8($0 >> 16), UInt8($0 >> 8 & 255), UInt8($0 & 255)) }
            return (palette, indexOfBin)
        }
        let weighted = MedianCut.palette(for: colours, limit: limit)
        let lookup = PaletteLookup(weighted)
        for slot in 0..<slots {
            indexOfBin[Int(colours.bins[slot])] = UInt8(lookup.nearest(colours.mean(slot) * MedianCut.weightRoots))
        }
        let palette = weighted.map { w -> RGB in
            let c = (w / MedianCut.weightRoots).rounded(.toNearestOrEven)
            let clamped = c.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
            return RGB(UInt8(clamped.x), UInt8(clamped.y), UInt8(clamped.z))
        }
        return (palette, indexOfBin)
    }
}
