import CDemoCodecs
import MediaDecoding

/// Encodes images as WebP through libwebp.
public enum WebPEncoder {
    /// WebP bytes of `image`: lossy at `quality` 0–1, or lossless when `lossless` is true
    /// (then `quality` is unused). Alpha is kept in both modes (libwebp stores it losslessly).
    public static func encode(_ image: PixelImage, quality: Double = 0.8, lossless: Bool = false) throws(DecodeError) -> [UInt8] {
        let q = Float(min(max(quality, 0), 1) * 100)
        return try Encoded.collect("WebP") { out, length, msg, msglen in
            image.pixels.withUnsafeBufferPointer {
                cc_webp_encode($0.baseAddress, Int32(clamping: image.width), Int32(clamping: image.height), q,
                               lossless ? 1 : 0, out, length, msg, msglen)
            }
        }
    }
}
