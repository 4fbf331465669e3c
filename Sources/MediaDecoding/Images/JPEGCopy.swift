import Platform

/// Whether a picture can be copied as a JPEG (`--export`), told from its header alone: the one
/// rule the exporter checks before it copies anything and the picker checks at a pick, so that
/// the picker refuses exactly the pictures the export would fail on for their size.
///
/// A picture is decoded whole and encoded as a JPEG when it is within the decoders' pixel limit;
/// above it only a JPEG (`JPEGTranscoder`, its coefficients within the limit when it is in
/// several scans: progressive, or its colour components in scans of their own) and a PNG that is not interlaced (`PNGTranscoder`) are re-encoded a band of
/// rows at a time, and every other format is refused. Whatever the format, a JPEG holds at most
/// 65500 pixels a side (libjpeg's `JPEG_MAX_DIMENSION`, `CC_JPEG_MAX_SIDE`).
public enum JPEGCopy {
    /// The largest side of a JPEG, in pixels.
    public static let maxSide = 65500

    /// Why a picture whose header says `info` cannot be exported as a JPEG at `pixelLimit` (the
    /// decoders' limit, `DecodeOptions.pixelLimit`), in words for a user that say what to do;
    /// nil when the size allows it (the content may still fail to decode).
    public static func refusal(_ info: ImageInfo, pixelLimit: Int = DecodeOptions.defaultPixelLimit) -> String? {
        let size = "\(info.width)x\(info.height)"
        if info.width > maxSide || info.height > maxSide {
            return DecodeError.tooLargeForJPEG(width: info.width, height: info.height).description
        }
        guard pixelLimit > 0 else { return nil }
        let over = info.width * info.height > pixelLimit
        let limit = pixelLimit >= 1_000_000 ? "the \(pixelLimit / 1_000_000)-megapixel limit" : "the limit of \(pixelLimit) pixels"
        switch info.format {
        case .jpeg:
            // A JPEG in several scans (progressive, or its colour components in scans of their
            // own) is read band by band too, but libjpeg keeps its coefficients whole.
            guard info.coefficientBytes > 4 * pixelLimit else { return nil }
            if info.isNonInterleaved {
                return "\(size) has its colour components in separate scans, and its coefficients would take more memory than \(limit) allows; save it with them in one scan (`jpegtran` does, without loss)"
            }
            return "\(size) is progressive, and its coefficients would take more memory than \(limit) allows; save it as a baseline JPEG (`jpegtran` does, without loss)"
        case .png where info.isInterlaced && over:
            return "\(size) is over \(limit) and an interlaced PNG cannot be exported in bands; save it without interlacing"
        case .png:
            return nil
        default:
            guard over else { return nil }
            let name = [.webp: "WebP", .heif: "HEIC"][info.format] ?? info.format.rawValue.uppercased()
            return "\(size) is over \(limit) and a \(name) cannot be exported in bands (a JPEG or PNG can); save it as a PNG"
        }
    }

    /// `refusal` of the picture at `path`, its header read as the library reads it
    /// (`MediaProbe`: a few kilobytes, no pixels). Nil too when the file is not a picture or its
    /// header cannot be read: the decode then says what is wrong. Throws only for I/O errors.
    public static func refusal(path: RawPath, pixelLimit: Int = DecodeOptions.defaultPixelLimit) throws(DecodeError) -> String? {
        guard let info = try MediaProbe.read(path: path)?.imageInfo else { return nil }
        return refusal(info, pixelLimit: pixelLimit)
    }
}
