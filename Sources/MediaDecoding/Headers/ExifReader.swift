/// What the decoders need from EXIF (TIFF) data: the orientation (the embedded thumbnail
/// is not trusted; see `JPEGDecoder`).
struct ExifData: Equatable {
    /// EXIF orientation 1–8 (1 when absent or invalid).
    var orientation = 1

    /// Parses TIFF data ("II*\0" or "MM\0*"); nil when it is not TIFF.
    init?(tiff r: ByteReader) {
        let big: Bool
        if r.matches(0, "MM") { big = true } else if r.matches(0, "II") { big = false } else { return nil }
        func u16(_ o: Int) -> Int? { r.uint(o, 2, bigEndian: big) }
        func u32(_ o: Int) -> Int? { r.uint(o, 4, bigEndian: big) }
        guard u16(2) == 42, let ifd0 = u32(4) else { return nil }

        // Reads an IFD's entries into `visit(tag, type, count, valueOffset)`; returns the next IFD's offset.
        func walk(_ ifd: Int, _ visit: (Int, Int, Int, Int) -> Void) -> Int? {
            guard let n = u16(ifd), n <= 1000 else { return nil }
            for i in 0..<n {
                let e = ifd + 2 + i * 12
                guard let tag = u16(e), let type = u16(e + 2), let count = u32(e + 4) else { return nil }
                visit(tag, type, count, e + 8)
            }
            return u32(ifd + 2 + n * 12)
        }
        var orientation = 1
        _ = walk(ifd0) { tag, type, count, value in
            if tag == 0x0112, type == 3, count >= 1, let o = u16(value), (1...8).contains(o) { orientation = o }
        }
        self.orientation = orientation
    }
}
