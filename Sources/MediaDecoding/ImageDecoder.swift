/// The entry point for decoding: sniff, read the header, decode at a size.
///
/// Placeholder API surface; the codecs fill it in.
public enum ImageDecoder {
    /// Recognises the format of `bytes` (the first few hundred bytes suffice), or nil for not media.
    public static func sniff(_ bytes: some Collection<UInt8>) -> MediaFormat? { nil }

    /// Reads the start of the file at `path` and recognises its format; nil when it is not media.
    public static func sniff(path: RawPath) throws(DecodeError) -> MediaFormat? { nil }

    /// Reads the header of the image at `path`.
    public static func info(path: RawPath) throws(DecodeError) -> ImageInfo {
        throw .unsupported(detail: "not implemented yet")
    }

    /// Decodes the image at `path` to RGBA, at about the requested size.
    public static func decode(path: RawPath, options: DecodeOptions = DecodeOptions()) throws(DecodeError) -> PixelImage {
        throw .unsupported(detail: "not implemented yet")
    }

    /// Decodes an image held in memory.
    public static func decode(data: [UInt8], options: DecodeOptions = DecodeOptions()) throws(DecodeError) -> PixelImage {
        throw .unsupported(detail: "not implemented yet")
    }
}
