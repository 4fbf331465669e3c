import CCodecs

/// JPEG: the EXIF thumbnail when it is big enough for the target, else the main image at
/// the smallest DCT scale that covers twice the target; then the EXIF orientation.
enum JPEGDecoder {
    /// Decodes a JPEG held in memory.
    static func decode(_ data: [UInt8], options: DecodeOptions) throws(DecodeError) -> PixelImage {
        try decode(header: JPEGHeader(ByteReader(data)), options: options,
                   bytes: { range in range.upperBound <= data.count ? data[range] : nil },
                   main: { () throws(DecodeError) in try CodecBridge.decode(cc_jpeg_decode, "JPEG", data: data[...], options: options) })
    }

    /// Decodes the JPEG open in `file`, whose first bytes are `head`: the markers are read
    /// piece by piece and the image in small chunks, so the file is never in memory whole.
    static func decode(file: SourceFile, head: [UInt8], options: DecodeOptions) throws(DecodeError) -> PixelImage {
        let bytes = { (range: Range<Int>) -> ArraySlice<UInt8>? in
            if range.upperBound <= head.count { return head[range] }
            return (try? file.read(at: range.lowerBound, count: range.count)).map { $0[...] }
        }
        let header = JPEGHeader { offset, count in bytes(offset..<(offset + count)).map { ByteReader(Array($0)) } }
        return try decode(header: header, options: options, bytes: bytes,
                          main: { () throws(DecodeError) in try CodecBridge.decodeJPEG(file: file, head: head, options: options) })
    }

    /// The steps both sources share: the pixel limit, the EXIF thumbnail when it will do,
    /// else `main()`, then the orientation. `bytes` reads a range of the file.
    private static func decode(header: JPEGHeader?, options: DecodeOptions, bytes: (Range<Int>) -> ArraySlice<UInt8>?,
                               main: () throws(DecodeError) -> PixelImage) throws(DecodeError) -> PixelImage {
        if let h = header { try options.checkLimit(width: h.width, height: h.height) }
        var image: PixelImage?
        if let h = header, let range = h.exifThumbnail, options.targetWidth != nil || options.targetHeight != nil,
           let thumbnailBytes = bytes(range) {
            image = thumbnail(thumbnailBytes, main: h, options: options)
        }
        let decoded: PixelImage
        if let image { decoded = image } else { decoded = try main() }
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
