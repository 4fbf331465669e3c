import MediaDecoding
import Platform

/// A guess of the kind from the file name, used only until the content has been read.
enum ExtensionHint {
    private static let images: Set<String> = ["jpg", "jpeg", "jpe", "png", "gif", "webp", "heic", "heif", "avif", "bmp", "pnm", "ppm", "pgm"]
    private static let videos: Set<String> = ["mp4", "m4v", "mov", "mkv", "webm", "avi"]

    static func kind(of name: RawPath) -> MediaKind? {
        guard let dot = name.bytes.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        let ext = String(decoding: name.bytes[(dot + 1)...], as: UTF8.self).lowercased()
        if images.contains(ext) { return .image }
        if videos.contains(ext) { return .video }
        return nil
    }
}
