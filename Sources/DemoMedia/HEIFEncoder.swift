import CDemoCodecs
import MediaDecoding

/// Encodes images as HEIC through libheif and its HEVC (x265) encoder plugin.
public enum HEIFEncoder {
    /// True when the installed libheif has an HEVC encoder; without one `encode` throws `.unsupported`.
    public static var isAvailable: Bool { cc_heif_can_encode() != 0 }

    /// HEIC bytes of `image` at `quality` 0–1; transparency is kept as an alpha auxiliary image.
    /// `fastest` picks x265's ultrafast preset: several times quicker for slightly larger files
    /// (for images made in bulk, like the demo library's).
    public static func encode(_ image: PixelImage, quality: Double = 0.6, fastest: Bool = false) throws(DecodeError) -> [UInt8] {
        let q = Int32((min(max(quality, 0), 1) * 100).rounded())
        return try Encoded.collect("HEIC") { out, length, msg, msglen in
            image.pixels.withUnsafeBufferPointer {
                cc_heif_encode($0.baseAddress, Int32(clamping: image.width), Int32(clamping: image.height), q,
                               fastest ? "ultrafast" : nil, out, length, msg, msglen)
            }
        }
    }
}
