import CCodecs
import Platform

/// The entry point for decoding: sniff, read the header, decode at a size.
public enum ImageDecoder {
    /// How many of a file's first bytes `sniff` looks at.
    public static let sniffLength = FormatSniffer.prefixLength

    /// Recognises the format of `bytes` (the first few hundred bytes suffice), or nil for not media.
    public static func sniff(_ bytes: some Collection<UInt8>) -> MediaFormat? {
        FormatSniffer.sniff(ByteReader(Array(bytes.prefix(FormatSniffer.prefixLength))))
    }

    /// The name of a picture format that `bytes` (a file's start) are in and that mediapick
    /// does not read (TIFF, JPEG XL, PSD…); nil when they are media or nothing known.
    public static func unreadFormat(_ bytes: some Collection<UInt8>) -> String? {
        FormatSniffer.unreadFormat(ByteReader(Array(bytes.prefix(FormatSniffer.prefixLength))))
    }

    /// Reads the start of the file at `path` and recognises its format; nil when it is not media.
    public static func sniff(path: RawPath) throws(DecodeError) -> MediaFormat? {
        let file = try SourceFile(path)
        return FormatSniffer.sniff(ByteReader(try file.read(at: 0, count: FormatSniffer.prefixLength)))
    }

    /// Reads the header of the image at `path` (the first 64 KB, more only when a JPEG's
    /// metadata pushes its frame header further).
    public static func info(path: RawPath) throws(DecodeError) -> ImageInfo {
        guard let probe = try MediaProbe.read(path: path) else {
            throw .unsupported(detail: "\(path): not an image or video")
        }
        if let info = probe.imageInfo { return info }
        if let error = probe.error { throw error }
        throw .unsupported(detail: "\(path): \(probe.format.rawValue) is a video; use VideoDecoder")
    }

    /// Reads the header of an image held in memory.
    public static func info(data: [UInt8]) throws(DecodeError) -> ImageInfo {
        let r = ByteReader(data)
        guard let format = FormatSniffer.sniff(r) else { throw .unsupported(detail: "not an image") }
        if format == .heif || format == .avif, HEIFHeader(r) == nil { return try heifInfoFromLibrary(data, format) }
        return try ImageHeader.info(format, r, isWholeFile: true)
    }

    /// Decodes the image at `path` to RGBA, at about the requested size. A JPEG or PNG is read
    /// in chunks as it decodes; GIF, WebP, HEIF/AVIF, BMP and PNM are still read whole first.
    public static func decode(path: RawPath, options: DecodeOptions = DecodeOptions()) throws(DecodeError) -> PixelImage {
        let file = try SourceFile(path)
        let head = try file.read(at: 0, count: streamedHeadLength)
        if head.count < file.size {
            let r = ByteReader(head)
            switch FormatSniffer.sniff(r) {
            case .jpeg:
                return try JPEGDecoder.decode(file: file, head: head, options: options)
            case .png:
                // The eXIf chunk comes before the image data, so in the head but for huge metadata.
                return try png(r, options) { (stored) throws(DecodeError) in
                    try CodecBridge.decode(cc_png_decode_file, "PNG", file: file, head: head, options: stored)
                }
            default:
                break
            }
        }
        return try decode(data: head.count < file.size ? file.readAll() : head, options: options)
    }

    /// How much of a file `decode(path:)` reads before it knows the format.
    static let streamedHeadLength = 65_536

    /// Decodes an image held in memory.
    public static func decode(data: [UInt8], options: DecodeOptions = DecodeOptions()) throws(DecodeError) -> PixelImage {
        let r = ByteReader(data)
        guard let format = FormatSniffer.sniff(r) else { throw .unsupported(detail: "not a known image format") }
        let whole = data[...]
        switch format {
        case .jpeg:
            return try JPEGDecoder.decode(data, options: options)
        case .png:
            return try png(r, options) { (stored) throws(DecodeError) in try CodecBridge.decode(cc_png_decode, "PNG", data: whole, options: stored) }
        case .gif:
            return try CodecBridge.decode(cc_gif_decode, "GIF", data: whole, options: options)
        case .webp:
            return try options.decodingOriented(ImageHeader.webpOrientation(r)) { (stored) throws(DecodeError) in
                try CodecBridge.decode(cc_webp_decode, "WebP", data: whole, options: stored)
            }
        case .heif, .avif:
            guard HEIFReferences.areSafe(r) else {
                throw .corrupt(detail: "HEIF: the image's derivation references form a cycle")
            }
            let name = format == .avif ? "AVIF" : "HEIF"
            // libheif applies the container's rotation and mirroring itself, but cannot mirror
            // more than 8 bits a sample: a mirrored picture is turned here (HEIFTransform), as
            // libheif turns one of 8 bits, whatever `applyOrientation` says, as ever for HEIF.
            if let orientation = HEIFHeader(r).flatMap({ HEIFTransform.mirroredOrientation($0.transforms) }) {
                var upright = options
                upright.applyOrientation = true
                return try upright.decodingOriented(orientation) { (stored) throws(DecodeError) in
                    try CodecBridge.decode(cc_heif_decode_untransformed, name, data: whole, options: stored)
                }
            }
            return try CodecBridge.decode(cc_heif_decode, name, data: whole, options: options)
        case .bmp:
            return try BMPDecoder.decode(data, options: options)
        case .pnm:
            return try PNMDecoder.decode(data, options: options)
        case .mp4, .quickTime, .matroska, .webm, .avi:
            throw .unsupported(detail: "\(format.rawValue) is a video; use VideoDecoder.posterFrame")
        }
    }

    /// A PNG decoded by `decode` (given the options for its stored pixels), turned by the eXIf
    /// orientation in `r` (the file's start) when asked to.
    private static func png(_ r: ByteReader, _ options: DecodeOptions,
                            _ decode: (DecodeOptions) throws(DecodeError) -> PixelImage) throws(DecodeError) -> PixelImage {
        try options.decodingOriented(PNGHeader(r)?.orientation ?? 1, decode)
    }

    /// The codec libraries and their versions, for `--version`.
    public static var codecVersions: String { String(cString: cc_versions()) }

    /// True when this build can decode images of `format` (HEIC and AVIF depend on the
    /// decoder plugins libheif was built with; videos are never decoded here).
    public static func canDecode(_ format: MediaFormat) -> Bool {
        switch format {
        case .heif: return cc_heif_can_decode(0) != 0
        case .avif: return cc_heif_can_decode(1) != 0
        default: return format.kind == .image
        }
    }

    /// HEIF header through libheif, for files whose meta box the Swift reader cannot follow.
    static func heifInfoFromLibrary(_ data: [UInt8], _ format: MediaFormat) throws(DecodeError) -> ImageInfo {
        var w: Int32 = 0, h: Int32 = 0, alpha: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBufferPointer { bytes in
            cc_heif_info(bytes.baseAddress, bytes.count, &w, &h, &alpha, &message, message.count)
        }
        guard status == CC_OK else {
            throw CodecBridge.error(status, "HEIF", message: message)
        }
        return ImageInfo(format: format, width: Int(w), height: Int(h), hasAlpha: alpha != 0)
    }
}
