import MediaDecoding
import Platform

/// A poster frame for a video from `ffmpegthumbnailer` or `ffmpeg`, whichever is on PATH.
enum VideoPoster {
    /// How long a helper may take before it is killed.
    static let timeLimit: Duration = .seconds(8)

    /// What the helpers made of a video.
    enum Outcome {
        /// A frame about a tenth into the clip.
        case frame(PixelImage)
        /// Neither helper is installed: nothing is known about the content.
        case noHelper
        /// A helper ran and gave no frame (a broken or fake file, an unknown codec, or the time limit).
        case failed
    }

    /// A frame about a tenth into the clip, at most `size` pixels on its longest side.
    /// `isCancelled` true ends a helper still running (`.failed`, which the caller must not
    /// take for a broken video).
    static func frame(path: RawPath, size: Int, duration: Double?, isCancelled: () -> Bool) -> Outcome {
        let absolute = PathText.absolute(path)
        var ran = false
        if let thumbnailer = Subprocess.find("ffmpegthumbnailer") {
            ran = true
            // `-o -` writes to stdout; `-c png` picks the format.
            let args: [[UInt8]] = [Array("-i".utf8), absolute.bytes, Array("-o".utf8), Array("-".utf8), Array("-c".utf8),
                                   Array("png".utf8), Array("-s".utf8), Array("\(size)".utf8)]
            if let png = Subprocess.run(thumbnailer, arguments: args, timeLimit: timeLimit, abandon: isCancelled),
               let image = try? ImageDecoder.decode(data: png) { return .frame(image) }
        }
        if let ffmpeg = Subprocess.find("ffmpeg"), !isCancelled() {
            ran = true
            let seek = duration.map { $0 > 2 ? min($0 / 10, 10) : 0 } ?? 0
            let args: [String] = ["-nostdin", "-v", "error", "-ss", NumberText.fixed(seek, places: 2), "-i"]
            let tail: [String] = ["-frames:v", "1", "-vf", "scale=\(size):\(size):force_original_aspect_ratio=decrease",
                                  "-f", "image2pipe", "-c:v", "png", "-"]
            let arguments = args.map { Array($0.utf8) } + [Array("file:".utf8) + absolute.bytes] + tail.map { Array($0.utf8) }
            if let png = Subprocess.run(ffmpeg, arguments: arguments, timeLimit: timeLimit, abandon: isCancelled), !png.isEmpty,
               let image = try? ImageDecoder.decode(data: png) { return .frame(image) }
        }
        return ran ? .failed : .noHelper
    }
}
