import CDemoCodecs
import MediaDecoding

/// Encodes images as single-frame GIFs through giflib.
public enum GIFEncoder {
    /// GIF bytes of `image`. An image of at most 256 colours (255 when some pixels are
    /// transparent) keeps them exactly; a richer one is reduced to 256 by giflib's median cut.
    /// Pixels with alpha below 128 become fully transparent, the rest opaque: GIF has no partial alpha.
    public static func encode(_ image: PixelImage) throws(DecodeError) -> [UInt8] {
        try Encoded.collect("GIF") { out, length, msg, msglen in
            image.pixels.withUnsafeBufferPointer {
                cc_gif_encode($0.baseAddress, Int32(clamping: image.width), Int32(clamping: image.height), out, length, msg, msglen)
            }
        }
    }
}
