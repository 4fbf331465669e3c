import CCodecs
import Platform

/// Re-encodes a JPEG file as another a band of rows at a time, for `--export` of pictures
/// over the pixel limit: neither picture is ever held whole, so memory stays bounded.
public enum JPEGTranscoder {
    /// Writes the JPEG at `path`, re-encoded at `quality` 0–1 (as `JPEGEncoder`, with libjpeg's
    /// standard Huffman tables), to `output` (the descriptor of `outputPath`, named in a write
    /// error). Its EXIF orientation, which a band at a time cannot apply, is written as the
    /// copy's own Orientation tag (none for 1). A progressive source is refused as `.tooLarge`
    /// when its coefficients, which libjpeg keeps whole, exceed the decoders' bound for
    /// `pixelLimit`. Returns the picture's size as shown, upright (width and height swapped
    /// for orientations 5–8, as a decode gives them).
    public static func transcode(path: RawPath, to output: Int32, outputPath: RawPath, quality: Double,
                                 pixelLimit: Int = DecodeOptions.defaultPixelLimit) throws(DecodeError) -> (width: Int, height: Int) {
        let file = try SourceFile(path)
        let head = try file.read(at: 0, count: ImageDecoder.streamedHeadLength)
        let orientation = JPEGDecoder.header(file: file, head: head)?.orientation ?? 1
        var width: Int32 = 0, height: Int32 = 0, writeErrno: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = head.withUnsafeBufferPointer { bytes in
            message.withUnsafeMutableBufferPointer { msg in
                cc_jpeg_transcode_file(file.fd, bytes.baseAddress, bytes.count, output, JPEGEncoder.libjpegQuality(quality),
                                       Int32(orientation), pixelLimit, &width, &height, &writeErrno, msg.baseAddress!, msg.count)
            }
        }
        if writeErrno != 0 { throw DecodeError(SystemError("cannot write", path: outputPath, code: writeErrno)) }
        guard status == CC_OK else {
            throw CodecBridge.error(status, "JPEG", message: message, width: Int(width), height: Int(height), limit: pixelLimit)
        }
        return (5...8).contains(orientation) ? (Int(height), Int(width)) : (Int(width), Int(height))
    }
}
