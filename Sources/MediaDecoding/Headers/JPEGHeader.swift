/// What a JPEG's markers say before the compressed data: size, progressive, EXIF, and
/// whether its first scan holds every component.
struct JPEGHeader {
    var width = 0
    var height = 0
    var components = 0
    var progressive = false
    /// True for a sequential file whose first scan holds fewer components than the frame (its
    /// components in scans of their own, as `cjpeg -scans` and `jpegtran -scans` write them):
    /// libjpeg reads it as it reads a progressive one (`jpeg_has_multiple_scans`), the whole
    /// picture's coefficients held until the last scan.
    var nonInterleaved = false
    /// The bytes of DCT coefficients libjpeg keeps for the whole picture when it reads a file
    /// in several scans, progressive or `nonInterleaved` (128 a block of each component, as
    /// `cc_jpeg_coefficient_bytes` counts them); 0 for one read in a single scan.
    var multiScanCoefficientBytes = 0
    /// EXIF orientation.
    var orientation = 1

    /// Walks the markers of the JPEG in `r` up to the frame header; nil when there is none
    /// (not JPEG, or the frame header lies beyond the bytes given).
    init?(_ r: ByteReader) {
        self.init { offset, count in r.sub(offset, min(count, max(0, r.count - offset))) }
    }

    /// Walks the markers reading only what it needs through `read(offset, count)` (which
    /// may return fewer bytes at the end of the data): a marker's header, the start of an
    /// EXIF segment, the frame header and, after a sequential one, the first scan's header
    /// (its component count; the tables between them are a few hundred bytes). Large metadata
    /// segments are skipped, not read.
    init?(read: (Int, Int) -> ByteReader?) {
        guard let start = read(0, 2), start.matches(0, [0xFF, 0xD8]) else { return nil }
        var o = 2
        // Each component's sampling factors, once the frame header is read.
        var sampling: [Int]?
        for _ in 0..<10_000 {
            // A marker, possibly after fill bytes, then (for most markers) a 16-bit length.
            // Past the frame header, what cannot be read leaves the file taken as one scan.
            guard let head = read(o, 16), head.u8(0) == 0xFF else { if sampling == nil { return nil }; return }
            var fill = 0
            while head.u8(fill + 1) == 0xFF { fill += 1 }
            if fill > 8 { o += fill; continue }
            guard let marker = head.u8(fill + 1) else { if sampling == nil { return nil }; return }
            o += fill + 2
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            if marker == 0xD9 { if sampling == nil { return nil }; return }
            guard let length = head.u16be(fill + 2), length >= 2 else { if sampling == nil { return nil }; return }
            let body = o + 2
            if marker == 0xDA {
                // No frame header before the data; after one, the first scan says whether it
                // holds every component.
                guard let sampling else { return nil }
                if let count = read(body, 1)?.u8(0), count < components {
                    nonInterleaved = true
                    multiScanCoefficientBytes = Self.coefficientBytes(width: width, height: height, sampling: sampling)
                }
                return
            }
            let isSOF = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isSOF, sampling == nil {
                guard let f = read(body, 6), let h = f.u16be(1), let w = f.u16be(3), let c = f.u8(5) else { return nil }
                width = w
                height = h
                components = c
                progressive = marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE
                let factors = c > 0 ? read(body + 6, 3 * c).flatMap { $0.count == 3 * c ? $0 : nil } : nil
                let each = (0..<c).map { factors?.u8(3 * $0 + 1) ?? 0x11 }
                if progressive {
                    if factors != nil { multiScanCoefficientBytes = Self.coefficientBytes(width: w, height: h, sampling: each) }
                    return
                }
                // One component is always one scan.
                if c < 2 || factors == nil { return }
                sampling = each
            }
            if marker == 0xE1, sampling == nil, let segment = read(body, length - 2), segment.count == length - 2,
               segment.matches(0, [0x45, 0x78, 0x69, 0x66, 0, 0]),
               let tiff = segment.from(6), let exif = ExifData(tiff: tiff) {
                orientation = exif.orientation
            }
            o = body + length - 2
        }
        if sampling == nil { return nil }
    }

    /// libjpeg's count of the coefficients' bytes of a `width`x`height` picture whose components
    /// have `sampling` factors (high nibble horizontal, low vertical): each component's blocks
    /// (`width_in_blocks` by `height_in_blocks`, jdinput.c) at 64 coefficients of 2 bytes.
    static func coefficientBytes(width: Int, height: Int, sampling: [Int]) -> Int {
        let h = sampling.map { max(1, Int($0 >> 4)) }, v = sampling.map { max(1, Int($0 & 0x0F)) }
        let maxH = h.max() ?? 1, maxV = v.max() ?? 1
        func blocks(_ side: Int, _ factor: Int, _ most: Int) -> Int { (side * factor + most * 8 - 1) / (most * 8) }
        return zip(h, v).reduce(0) { $0 + blocks(width, $1.0, maxH) * blocks(height, $1.1, maxV) * 128 }
    }
}
