import Platform
/// Video containers: metadata for captions and JSON output, and the poster frame of
/// MJPEG AVI files (other codecs need ffmpeg, which the thumbnail pipeline runs itself).
public enum VideoDecoder {
    /// Duration, frame size and codec of the video at `path`, from its container.
    public static func info(path: RawPath) throws(DecodeError) -> VideoInfo {
        guard let probe = try MediaProbe.read(path: path), let info = probe.videoInfo else {
            throw .unsupported(detail: "\(path): not a video")
        }
        return info
    }

    /// The first frame of an MJPEG AVI at `path`, decoded like a JPEG for `options`.
    /// Throws `.unsupported` for other containers and codecs.
    public static func posterFrame(path: RawPath, options: DecodeOptions = DecodeOptions()) throws(DecodeError) -> PixelImage {
        let file = try SourceFile(path)
        let start = ByteReader(try file.read(at: 0, count: 12))
        guard FormatSniffer.sniff(start) == .avi else {
            throw .unsupported(detail: "\(path): poster frames are read from MJPEG AVI only")
        }
        guard let frame = try AVIReader.firstVideoFrame(file) else {
            throw .unsupported(detail: "\(path): no JPEG video frame in the AVI")
        }
        return try ImageDecoder.decode(data: frame, options: options)
    }
}

extension AVIReader {
    /// Largest frame read as a poster.
    static let frameLimit = 64 << 20

    /// The bytes of the first non-empty chunk of stream 00 in `movi` when it is a JPEG.
    static func firstVideoFrame(_ file: SourceFile) throws(DecodeError) -> [UInt8]? {
        var o = 12
        var steps = 0
        while o + 12 <= file.size, steps < 100_000 {
            steps += 1
            let head = ByteReader(try file.read(at: o, count: 12))
            guard let id = head.fourCC(0), let size = head.u32le(4) else { return nil }
            if id == "LIST", head.fourCC(8) == "movi" {
                return try firstFrame(in: file, from: o + 12, to: min(file.size, o + 8 + size))
            }
            o += 8 + size + (size & 1)
        }
        return nil
    }

    private static func firstFrame(in file: SourceFile, from start: Int, to end: Int) throws(DecodeError) -> [UInt8]? {
        var o = start
        var steps = 0
        while o + 8 <= end, steps < 100_000 {
            steps += 1
            let head = ByteReader(try file.read(at: o, count: 12))
            guard let id = head.fourCC(0), let size = head.u32le(4) else { return nil }
            if id == "LIST", head.fourCC(8) == "rec " { o += 12; continue }  // frames grouped in rec lists
            if id.hasPrefix("00"), id.hasSuffix("dc") || id.hasSuffix("db"), size > 0 {
                guard size <= frameLimit else { return nil }
                let frame = try file.read(at: o + 8, count: size)
                return frame.starts(with: [0xFF, 0xD8]) ? frame : nil
            }
            o += 8 + size + (size & 1)
        }
        return nil
    }
}
