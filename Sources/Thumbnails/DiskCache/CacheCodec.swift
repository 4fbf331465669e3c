import MediaDecoding
import Platform

/// PNG with text chunks and MD5, for the freedesktop.org thumbnail cache.
enum CacheCodec {
    /// PNG bytes of `image` with `text` as tEXt chunks.
    static func encodePNG(_ image: PixelImage, text: [(key: String, value: String)]) -> [UInt8]? {
        try? PNGEncoder.encode(image, textChunks: text.map { ($0.key, $0.value) })
    }

    /// The text chunks of the PNG at `path`, or nil when it is missing or not a readable PNG.
    static func readText(path: RawPath) -> [String: String]? {
        guard let chunks = try? PNGTextReader.textChunks(path: path) else { return nil }
        return Dictionary(chunks.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Lower-case hex MD5 of `bytes`.
    static func md5Hex(_ bytes: [UInt8]) -> String { Digest.md5(bytes) }
}
