import CCodecs
import Platform

/// Re-encodes a PNG file as a JPEG a row at a time, for `--export` of pictures over the pixel
/// limit: the pixels are those a whole decode and `JPEGEncoder` give (every colour type and
/// depth expanded alike, transparency composed over white), but neither picture is held whole.
public enum PNGTranscoder {
    /// Writes the PNG at `path` as a JPEG at `quality` 0–1 (libjpeg's standard Huffman tables) to
    /// `output` (the descriptor of `outputPath`, named in a write error). Its eXIf orientation is
    /// written as the copy's Orientation tag, as `JPEGTranscoder` does. An interlaced (Adam7)
    /// PNG, whose rows come in seven passes over the whole picture, is refused as
    /// `.interlaced`. `abandon` is asked every few rows: true stops the work and returns nil.
    /// Returns the picture's size as shown (upright).
    public static func transcode(path: RawPath, to output: Int32, outputPath: RawPath, quality: Double,
                                 abandon: () -> Bool = { false }) throws(DecodeError) -> (width: Int, height: Int)? {
        try transcode(path: path, to: output, outputPath: outputPath, quality: quality,
                      headLength: ImageDecoder.streamedHeadLength, abandon: abandon)
    }

    /// `transcode` reading the first `headLength` bytes before the C side reads on by itself
    /// (through its window): the fuzz target makes it short, so that small inputs go through
    /// the window too.
    static func transcode(path: RawPath, to output: Int32, outputPath: RawPath, quality: Double, headLength: Int,
                          abandon: () -> Bool) throws(DecodeError) -> (width: Int, height: Int)? {
        let file = try SourceFile(path)
        let head = try file.read(at: 0, count: headLength)
        guard let header = PNGHeader(ByteReader(head)) else { throw .truncated(detail: "PNG: no whole header") }
        if header.isInterlaced { throw .interlaced }
        if header.width > JPEGCopy.maxSide || header.height > JPEGCopy.maxSide {
            throw .tooLargeForJPEG(width: header.width, height: header.height)
        }
        let q = JPEGEncoder.libjpegQuality(quality)
        return try StreamedTranscode.run("PNG", file: file, head: head, orientation: header.orientation, outputPath: outputPath,
                                         pixelLimit: 0, abandon: abandon) { fd, head, count, ask, context, width, height, writeErrno, msg, msgLength in
            cc_png_transcode_file(fd, head, count, output, q, Int32(header.orientation), ask, context,
                                  width, height, writeErrno, msg, msgLength)
        }
    }
}
