import CCodecs

/// JPEG: the main image at the smallest DCT scale that covers the target (see
/// `cc_scale_eighths`), then the EXIF orientation. The EXIF thumbnail is never used: editors
/// that crop or retouch a photo often leave the camera's thumbnail in place, so it can show
/// another frame and other colours than the picture (a wallpaper in Debian's
/// plasma-workspace-wallpapers does), and a file's first view would then differ from every
/// view rendered from a larger decode (issue 14).
enum JPEGDecoder {
    /// Decodes a JPEG held in memory.
    static func decode(_ data: [UInt8], options: DecodeOptions) throws(DecodeError) -> PixelImage {
        try decode(header: JPEGHeader(ByteReader(data)), options: options,
                   main: { (stored) throws(DecodeError) in try CodecBridge.decode(cc_jpeg_decode, "JPEG", data: data[...], options: stored) })
    }

    /// Decodes the JPEG open in `file`, whose first bytes are `head`: the markers are read
    /// piece by piece and the image in small chunks, so the file is never in memory whole.
    static func decode(file: SourceFile, head: [UInt8], options: DecodeOptions) throws(DecodeError) -> PixelImage {
        try decode(header: header(file: file, head: head), options: options,
                          main: { (stored) throws(DecodeError) in try CodecBridge.decode(cc_jpeg_decode_file, "JPEG", file: file, head: head, options: stored) })
    }

    /// The markers of the JPEG open in `file`, read piece by piece after `head` (its first bytes).
    static func header(file: SourceFile, head: [UInt8]) -> JPEGHeader? {
        let bytes = { (range: Range<Int>) -> ArraySlice<UInt8>? in
            if range.upperBound <= head.count { return head[range] }
            return (try? file.read(at: range.lowerBound, count: range.count)).map { $0[...] }
        }
        return JPEGHeader { offset, count in bytes(offset..<(offset + count)).map { ByteReader(Array($0)) } }
    }

    /// The steps both sources share: `main(options for the stored pixels)`, then the
    /// orientation. The pixel limit is the C decoder's, applied to the pixels decoded at the
    /// DCT scale it chooses (and to a progressive file's coefficients), not to the file's own size.
    private static func decode(header: JPEGHeader?, options: DecodeOptions,
                               main: (DecodeOptions) throws(DecodeError) -> PixelImage) throws(DecodeError) -> PixelImage {
        try options.decodingOriented(header?.orientation ?? 1, main)
    }
}
