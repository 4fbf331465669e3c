import MediaDecoding
import Platform

/// A poster frame for a video from `ffmpegthumbnailer` or `ffmpeg`, whichever is on PATH.
enum VideoPoster {
    /// How long a helper may take before it is killed.
    static let timeLimit: Duration = .seconds(8)

    /// A frame about a tenth into the clip, at most `size` pixels on its longest side; nil
    /// when no helper is installed or it failed.
    static func frame(path: RawPath, size: Int, duration: Double?) -> PixelImage? {
        let absolute = PathText.absolute(path)
        if let thumbnailer = Subprocess.find("ffmpegthumbnailer") {
            // `-o -` writes to stdout; `-c png` picks the format.
            let args: [[UInt8]] = [Array("-i".utf8), absolute.bytes, Array("-o".utf8), Array("-".utf8), Array("-c".utf8),
                                   Array("png".utf8), Array("-s".utf8), Array("\(size)".utf8)]
            if let png = Subprocess.run(thumbnailer, arguments: args, timeLimit: timeLimit),
               let image = try? ImageDecoder.decode(data: png) { return image }
        }
        if let ffmpeg = Subprocess.find("ffmpeg") {
            let seek = duration.map { $0 > 2 ? min($0 / 10, 10) : 0 } ?? 0
            let args: [String] = ["-nostdin", "-v", "error", "-ss", NumberText.fixed(seek, places: 2), "-i"]
            let tail: [String] = ["-frames:v", "1", "-vf", "scale=\(size):\(size):force_original_aspect_ratio=decrease",
                                  "-f", "image2pipe", "-c:v", "png", "-"]
            let arguments = args.map { Array($0.utf8) } + [Array("file:".utf8) + absolute.bytes] + tail.map { Array($0.utf8) }
            if let png = Subprocess.run(ffmpeg, arguments: arguments, timeLimit: timeLimit), !png.isEmpty,
               let image = try? ImageDecoder.decode(data: png) { return image }
        }
        return nil
    }
}
