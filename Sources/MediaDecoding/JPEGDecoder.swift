import CCodecs

/// JPEG: the EXIF thumbnail when it is big enough for the target, else the main image at
/// the smallest DCT scale that covers twice the target; then the EXIF orientation.
enum JPEGDecoder {
    static func decode(_ data: [UInt8], options: DecodeOptions) throws(DecodeError) -> PixelImage {
        let header = JPEGHeader(ByteReader(data))
        if let h = header { try options.checkLimit(width: h.width, height: h.height) }
        var image: PixelImage?
        if let h = header, let range = h.exifThumbnail, options.targetWidth != nil || options.targetHeight != nil {
            image = thumbnail(data[range], main: h, options: options)
        }
        let decoded: PixelImage
        if let image { decoded = image } else {
            decoded = try CodecBridge.decode(cc_jpeg_decode, "JPEG", data: data[...], options: options)
        }
        let orientation = header?.orientation ?? 1
        return options.applyOrientation ? decoded.applyingOrientation(orientation) : decoded
    }

    /// The decoded EXIF thumbnail when it covers the target and shows the same frame (same
    /// aspect ratio within 2%, so no letterbox bars); nil otherwise or when it fails.
    static func thumbnail(_ bytes: ArraySlice<UInt8>, main: JPEGHeader, options: DecodeOptions) -> PixelImage? {
        guard main.width > 0, main.height > 0, let t = JPEGHeader(ByteReader(Array(bytes))), t.width > 0, t.height > 0 else {
            return nil
        }
        let needed = Reduction.coverSize(width: main.width, height: main.height, options: options)
        let mainAspect = Double(main.width) / Double(main.height)
        let thumbAspect = Double(t.width) / Double(t.height)
        guard t.width >= needed.width, t.height >= needed.height, abs(thumbAspect / mainAspect - 1) < 0.02 else {
            return nil
        }
        return try? CodecBridge.decode(cc_jpeg_decode, "JPEG thumbnail", data: bytes, options: options)
    }
}
