/// Reading `ImageInfo` from the first bytes of an image, per format, without decoding pixels.
enum ImageHeader {
    /// The header information of `r` (the start of a file, or all of it), already sniffed as
    /// `format`. Throws `.truncated` when the header needs more bytes than `r` has.
    static func info(_ format: MediaFormat, _ r: ByteReader, isWholeFile: Bool) throws(DecodeError) -> ImageInfo {
        let short = DecodeError.truncated(detail: "the \(format.rawValue) header ends early")
        switch format {
        case .jpeg:
            guard let h = JPEGHeader(r) else {
                throw isWholeFile ? .corrupt(detail: "no JPEG frame header") : short
            }
            return ImageInfo(format: .jpeg, width: h.width, height: h.height, orientation: h.orientation,
                             coefficientBytes: h.multiScanCoefficientBytes,
                             isNonInterleaved: h.nonInterleaved)
        case .png:
            guard let h = PNGHeader(r) else { throw short }
            return ImageInfo(format: .png, width: h.width, height: h.height, orientation: h.orientation, hasAlpha: h.hasAlpha,
                             isInterlaced: h.isInterlaced)
        case .gif:
            guard let w = r.u16le(6), let h = r.u16le(8) else { throw short }
            if w == 0 || h == 0 {
                // A logical screen of no size: the decoder, as browsers and ImageMagick do,
                // takes the first frame's, which follows the extensions.
                let o = gifFirstImage(r)
                guard r.u8(o) == 0x2C, let fw = r.u16le(o + 5), let fh = r.u16le(o + 7) else { throw short }
                return ImageInfo(format: .gif, width: fw, height: fh, hasAlpha: gifHasTransparency(r))
            }
            return ImageInfo(format: .gif, width: w, height: h, hasAlpha: gifHasTransparency(r))
        case .webp:
            guard let info = webpInfo(r) else { throw short }
            return info
        case .heif, .avif:
            guard let h = HEIFHeader(r) else { throw short }
            return ImageInfo(format: format, width: h.width, height: h.height, orientation: h.orientation, hasAlpha: h.hasAlpha)
        case .bmp:
            let h = try BMPHeader(r)
            return ImageInfo(format: .bmp, width: h.width, height: h.height, hasAlpha: h.bitsPerPixel == 32 && h.alphaMask != 0)
        case .pnm:
            let h = try PNMHeader(r)
            return ImageInfo(format: .pnm, width: h.width, height: h.height)
        default:
            throw .unsupported(detail: "\(format.rawValue) is a video; use VideoDecoder")
        }
    }

    /// True when a graphic control extension before the first image sets a transparent colour.
    static func gifHasTransparency(_ r: ByteReader) -> Bool {
        var found = false
        _ = gifFirstImage(r) { label, o in if label == 0xF9, let packed = r.u8(o + 3), packed & 1 != 0 { found = true } }
        return found
    }

    /// The offset of the block after the extensions that precede the first image (its image
    /// descriptor, 0x2C, in a whole file); `each` sees every extension's label and offset.
    static func gifFirstImage(_ r: ByteReader, each: (Int, Int) -> Void = { _, _ in }) -> Int {
        guard let flags = r.u8(10) else { return r.count }
        var o = 13 + (flags & 0x80 != 0 ? 3 << ((flags & 7) + 1) : 0)
        while let block = r.u8(o), block == 0x21 {
            guard let label = r.u8(o + 1) else { return r.count }
            each(label, o)
            o += 2
            while let n = r.u8(o), n > 0 { o += n + 1 }
            o += 1
        }
        return o
    }

    /// Size and alpha from the first WebP chunk (VP8, VP8L or VP8X).
    static func webpInfo(_ r: ByteReader) -> ImageInfo? {
        guard let chunk = r.fourCC(12) else { return nil }
        let d = 20
        switch chunk {
        case "VP8 ":
            guard r.matches(d + 3, [0x9D, 0x01, 0x2A]), let w = r.u16le(d + 6), let h = r.u16le(d + 8) else { return nil }
            return ImageInfo(format: .webp, width: w & 0x3FFF, height: h & 0x3FFF)
        case "VP8L":
            guard r.u8(d) == 0x2F, let bits = r.u32le(d + 1) else { return nil }
            return ImageInfo(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1,
                             hasAlpha: (bits >> 28) & 1 != 0)
        case "VP8X":
            guard let flags = r.u8(d), let w = r.u24le(d + 4), let h = r.u24le(d + 7) else { return nil }
            return ImageInfo(format: .webp, width: w + 1, height: h + 1, orientation: webpOrientation(r),
                             hasAlpha: flags & 0x10 != 0)
        default:
            return nil
        }
    }
}

extension ImageHeader {
    /// The orientation in an extended WebP's `EXIF` chunk (announced by the VP8X flags), or 1.
    /// Writers put the chunk after the image data, so a header read of the first 64 KB of a
    /// large file may not reach it; decoding reads the whole file and finds it.
    static func webpOrientation(_ r: ByteReader) -> Int {
        guard r.fourCC(12) == "VP8X", let flags = r.u8(20), flags & 0x08 != 0 else { return 1 }
        var o = 12
        for _ in 0..<1000 {
            guard let type = r.fourCC(o), let size = r.u32le(o + 4) else { return 1 }
            if type == "EXIF", let body = r.sub(o + 8, size) {
                // Some writers keep JPEG's "Exif\0\0" prefix; the container spec says TIFF only.
                let tiff = body.matches(0, [0x45, 0x78, 0x69, 0x66, 0, 0]) ? body.from(6) : body
                return tiff.flatMap { ExifData(tiff: $0) }?.orientation ?? 1
            }
            o += 8 + size + (size & 1)
        }
        return 1
    }
}

/// The PNG IHDR, whether transparency is declared, and an eXIf orientation.
struct PNGHeader {
    var width = 0
    var height = 0
    var hasAlpha = false
    var orientation = 1
    /// Adam7: the rows come in seven passes over the whole picture.
    var isInterlaced = false

    /// Reads the chunks before the image data that are in `r`; nil without a whole IHDR.
    init?(_ r: ByteReader) {
        guard r.fourCC(12) == "IHDR", let w = r.u32be(16), let h = r.u32be(20), let color = r.u8(25) else { return nil }
        width = w
        height = h
        hasAlpha = color == 4 || color == 6
        isInterlaced = r.u8(28).map { $0 != 0 } ?? false
        var o = 8
        while let length = r.u32be(o), let type = r.fourCC(o + 4), type != "IDAT" {
            if type == "tRNS" { hasAlpha = true }
            if type == "eXIf", let data = r.sub(o + 8, length), let exif = ExifData(tiff: data) {
                orientation = exif.orientation
            }
            o += 12 + length
        }
    }
}
