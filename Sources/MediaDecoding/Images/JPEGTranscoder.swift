import CCodecs
import Platform

/// Re-encodes a JPEG file as another a band of rows at a time, for `--export` of pictures
/// over the pixel limit: neither picture is ever held whole, so memory stays bounded.
public enum JPEGTranscoder {
    /// Writes the JPEG at `path`, re-encoded at `quality` 0–1 (as `JPEGEncoder`, with libjpeg's
    /// standard Huffman tables), to `output` (the descriptor of `outputPath`, named in a write
    /// error). Its EXIF orientation, which a band at a time cannot apply, is written as the
    /// copy's own Orientation tag (none for 1). A source in several scans (progressive, or a scan
    /// per component) is refused as `.tooLarge` when its coefficients, which libjpeg keeps
    /// whole, exceed the decoders' bound for `pixelLimit`. `abandon` is asked every few rows:
    /// true stops the work and returns nil (what was written to `output` is then the caller's
    /// to throw away). Returns the picture's
    /// size as shown, upright (width and height swapped for orientations 5–8, as a decode gives them).
    public static func transcode(path: RawPath, to output: Int32, outputPath: RawPath, quality: Double,
                                 pixelLimit: Int = DecodeOptions.defaultPixelLimit,
                                 abandon: () -> Bool = { false }) throws(DecodeError) -> (width: Int, height: Int)? {
        try transcode(path: path, to: output, outputPath: outputPath, quality: quality, pixelLimit: pixelLimit,
                      headLength: ImageDecoder.streamedHeadLength, abandon: abandon)
    }

    /// `transcode` reading the first `headLength` bytes before the C side reads on by itself: the
    /// fuzz target makes it short, so that small inputs go through the reads past the head too.
    static func transcode(path: RawPath, to output: Int32, outputPath: RawPath, quality: Double, pixelLimit: Int,
                          headLength: Int, abandon: () -> Bool) throws(DecodeError) -> (width: Int, height: Int)? {
        let file = try SourceFile(path)
        let head = try file.read(at: 0, count: headLength)
        let header = JPEGDecoder.header(file: file, head: head)
        if let header, header.width > JPEGCopy.maxSide || header.height > JPEGCopy.maxSide {
            throw .tooLargeForJPEG(width: header.width, height: header.height)
        }
        let orientation = header?.orientation ?? 1
        let q = JPEGEncoder.libjpegQuality(quality)
        return try StreamedTranscode.run("JPEG", file: file, head: head, orientation: orientation, outputPath: outputPath,
                                         pixelLimit: pixelLimit, abandon: abandon) { fd, head, count, ask, context, width, height, writeErrno, msg, msgLength in
            cc_jpeg_transcode_file(fd, head, count, output, q, Int32(orientation), pixelLimit, ask, context,
                                   width, height, writeErrno, msg, msgLength)
        }
    }
}
