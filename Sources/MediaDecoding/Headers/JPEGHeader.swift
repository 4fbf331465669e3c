/// What a JPEG's markers say before the compressed data: size, progressive, EXIF.
struct JPEGHeader {
    var width = 0
    var height = 0
    var components = 0
    var progressive = false
    /// EXIF orientation.
    var orientation = 1

    /// Walks the markers of the JPEG in `r` up to the frame header; nil when there is none
    /// (not JPEG, or the frame header lies beyond the bytes given).
    init?(_ r: ByteReader) {
        self.init { offset, count in r.sub(offset, min(count, max(0, r.count - offset))) }
    }

    /// Walks the markers reading only what it needs through `read(offset, count)` (which
    /// may return fewer bytes at the end of the data): a marker's header, the start of an
    /// EXIF segment, the frame header. Large metadata segments are skipped, not read.
    init?(read: (Int, Int) -> ByteReader?) {
        guard let start = read(0, 2), start.matches(0, [0xFF, 0xD8]) else { return nil }
        var o = 2
        for _ in 0..<10_000 {
            // A marker, possibly after fill bytes, then (for most markers) a 16-bit length.
            guard let head = read(o, 16), head.u8(0) == 0xFF else { return nil }
            var fill = 0
            while head.u8(fill + 1) == 0xFF { fill += 1 }
            if fill > 8 { o += fill; continue }
            guard let marker = head.u8(fill + 1) else { return nil }
            o += fill + 2
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            if marker == 0xD9 || marker == 0xDA { return nil }  // no frame header before the data
            guard let length = head.u16be(fill + 2), length >= 2 else { return nil }
            let body = o + 2
            let isSOF = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isSOF {
                guard let f = read(body, 6), let h = f.u16be(1), let w = f.u16be(3), let c = f.u8(5) else { return nil }
                width = w
                height = h
                components = c
                progressive = marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE
                return
            }
            if marker == 0xE1, let segment = read(body, length - 2), segment.count == length - 2,
               segment.matches(0, [0x45, 0x78, 0x69, 0x66, 0, 0]),
               let tiff = segment.from(6), let exif = ExifData(tiff: tiff) {
                orientation = exif.orientation
            }
            o = body + length - 2
        }
        return nil
    }
}
