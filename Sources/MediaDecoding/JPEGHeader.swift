/// What a JPEG's markers say before the compressed data: size, progressive, EXIF.
struct JPEGHeader {
    var width = 0
    var height = 0
    var components = 0
    var progressive = false
    /// EXIF orientation and thumbnail (thumbnail range relative to the whole file).
    var orientation = 1
    var exifThumbnail: Range<Int>?

    /// Walks the markers up to the frame header; nil when there is none in `r`
    /// (not JPEG, or the frame header lies beyond the bytes given).
    init?(_ r: ByteReader) {
        guard r.matches(0, [0xFF, 0xD8]) else { return nil }
        var o = 2
        while true {
            // Markers may be preceded by any number of 0xFF fill bytes.
            guard r.u8(o) == 0xFF else { return nil }
            while r.u8(o + 1) == 0xFF { o += 1 }
            guard let marker = r.u8(o + 1) else { return nil }
            o += 2
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            if marker == 0xD9 || marker == 0xDA { return nil }  // no frame header before the data
            guard let length = r.u16be(o), length >= 2 else { return nil }
            let body = o + 2
            let isSOF = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isSOF {
                guard let h = r.u16be(body + 1), let w = r.u16be(body + 3), let c = r.u8(body + 5) else { return nil }
                width = w
                height = h
                components = c
                progressive = marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE
                return
            }
            if marker == 0xE1, r.matches(body, [0x45, 0x78, 0x69, 0x66, 0, 0]),
               let tiff = r.sub(body + 6, length - 8), let exif = ExifData(tiff: tiff) {
                orientation = exif.orientation
                if let t = exif.thumbnail { exifThumbnail = (t.lowerBound + body + 6)..<(t.upperBound + body + 6) }
            }
            o = body + length - 2
        }
    }
}
