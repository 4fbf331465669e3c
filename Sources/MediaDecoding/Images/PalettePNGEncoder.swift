import CCodecs

/// Encodes images as palette PNGs quantised by libimagequant (for kitty's `f=100` pictures,
/// where a photograph's 256 well-chosen colours weigh about half its truecolour PNG).
public enum PalettePNGEncoder {
    /// A palette PNG and the quality libimagequant reached for it.
    public struct Result: Sendable {
        /// The PNG file's bytes (colour type 3, PLTE and tRNS).
        public let png: [UInt8]
        /// libimagequant's quality reached, 0–100 (a PSNR-like scale; 100 is lossless).
        public let quality: Int
    }

    /// The palette PNG of `image` when libimagequant reaches `minimumQuality` (0–100) on it,
    /// nil when it cannot (too many colours that matter: encode truecolour instead).
    /// `dithering` (0–1) is the Floyd–Steinberg strength used when remapping.
    public static func encode(_ image: PixelImage, minimumQuality: Int, dithering: Float = 1) throws(DecodeError) -> Result? {
        var quality: Int32 = -1, out: UnsafeMutablePointer<UInt8>?, length = 0
        var message = [CChar](repeating: 0, count: 256)
        let minimum = Int32(min(max(minimumQuality, 0), 100)), dither = min(max(dithering, 0), 1)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer {
                cc_png_encode_palette(pixels.baseAddress, Int32(image.width), Int32(image.height), minimum, dither,
                                      &out, &length, &quality, $0.baseAddress, $0.count)
            }
        }
        defer { cc_free(out) }
        guard status == CC_OK else {
            throw CodecBridge.error(status, "palette PNG encoder", message: message)
        }
        // CC_OK without output is libimagequant's "quality too low": no picture, not an error.
        guard let out else { return nil }
        return Result(png: Array(UnsafeBufferPointer(start: out, count: length)), quality: Int(quality))
    }
}
