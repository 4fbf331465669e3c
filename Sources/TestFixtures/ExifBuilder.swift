/// Builds a JPEG APP1 EXIF segment in tests: an orientation tag and, optionally, an IFD1
/// thumbnail, big-endian TIFF.
public enum ExifBuilder {
    /// The APP1 segment: marker, length and the EXIF body.
    public static func app1(orientation: Int, thumbnail: [UInt8]? = nil) -> [UInt8] {
        var tiff: [UInt8] = Array("MM".utf8) + [0, 42] + be32(8)
        // IFD0: one entry (orientation), then the offset of IFD1 (or 0).
        let ifd1Offset = thumbnail == nil ? 0 : 8 + 2 + 12 + 4
        tiff += be16(1) + be16(0x0112) + be16(3) + be32(1) + be16(orientation) + be16(0) + be32(ifd1Offset)
        if let thumbnail {
            let dataOffset = ifd1Offset + 2 + 2 * 12 + 4
            tiff += be16(2)
            tiff += be16(0x0201) + be16(4) + be32(1) + be32(dataOffset)
            tiff += be16(0x0202) + be16(4) + be32(1) + be32(thumbnail.count)
            tiff += be32(0)
            tiff += thumbnail
        }
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xE1] + be16(body.count + 2) + body
    }

    /// `jpeg` with `segment` inserted right after its SOI marker.
    public static func inserting(_ segment: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }

    /// `v` as two big-endian bytes.
    public static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    /// `v` as four big-endian bytes.
    public static func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }
}
