import MediaDecoding
import TerminalGraphics

extension KittyRenderer {
    /// How the renderer puts a tile's pixels into its transmission.
    public enum Encoding: Hashable, Sendable {
        /// zlib-compressed raw RGB/RGBA (`f=24/32, o=z`) at a zlib level: the cheapest to encode,
        /// the largest on photographs.
        case zlib(level: Int)
        /// Truecolour PNG (`f=100`): lossless, row filters make it about 30% smaller than `zlib`.
        case png
        /// A palette PNG (`f=100`) quantised by libimagequant when it reaches `minimumQuality`
        /// (its 0–100 scale) on the tile, else truecolour PNG, remapped with Floyd–Steinberg at
        /// `dithering` (0–1): about half the bytes of `png` on photographs (see the kitty stage
        /// of mediapick-bench for size, time and closeness).
        case palettePNG(minimumQuality: Int, dithering: Float = 1)

        /// The default: palette PNG at quality ≥ 92. On photographs (the kitty stage of
        /// mediapick-bench) it writes 1.33 MB per screen of 48 tiles against 1.91 MB for
        /// truecolour PNG and 2.13 MB for zlib, with SSIM ≥ 0.985 and mean ΔE00 ≤ 1.2 on every
        /// tile; tiles it cannot reach 92 on (noisy, many-coloured) go as truecolour PNG.
        public static let standard = Encoding.palettePNG(minimumQuality: 92)

        /// The unnamed transmission of `canvas` in this encoding.
        public func transmission(of canvas: PixelImage) -> [UInt8] {
            switch self {
            case .zlib(let level):
                return KittyGraphics.transmission(of: canvas, compressionLevel: level)
            case .png:
                return Self.truecolour(canvas)
            case .palettePNG(let minimumQuality, let dithering):
                guard let palette = try? PalettePNGEncoder.encode(canvas, minimumQuality: minimumQuality, dithering: dithering) else {
                    return Self.truecolour(canvas)
                }
                return KittyGraphics.transmission(ofPNG: palette.png)
            }
        }

        /// Truecolour PNG; raw pixels in the unlikely case libpng fails on a valid image.
        private static func truecolour(_ canvas: PixelImage) -> [UInt8] {
            guard let png = try? PNGEncoder.encode(canvas) else { return KittyGraphics.transmission(of: canvas) }
            return KittyGraphics.transmission(ofPNG: png)
        }
    }
}
