import MediaDecoding
import Platform

/// The MJPEG first frame of a video, the poster of last resort.
enum VideoProbe {
    /// The first frame of a Motion-JPEG AVI, when it is one, decoded for about `size` pixels.
    static func mjpegFirstFrame(path: RawPath, size: Int) -> PixelImage? {
        try? VideoDecoder.posterFrame(path: path, options: DecodeOptions(targetWidth: size, targetHeight: size))
    }
}
