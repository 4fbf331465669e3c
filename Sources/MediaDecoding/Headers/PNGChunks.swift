/// The chunks of a PNG in file order, for code that measures or rewrites the image data (the
/// benchmark's inflate floor, the decoder's tests). CRCs are not checked.
public enum PNGChunks {
    /// The chunks after the 8-byte signature as (type, data), up to the end of `bytes` or the
    /// first chunk cut short.
    public static func chunks(in bytes: [UInt8]) -> [(type: String, data: ArraySlice<UInt8>)] {
        var result: [(type: String, data: ArraySlice<UInt8>)] = []
        var pos = 8
        while pos + 12 <= bytes.count {
            let length = bytes[pos..<pos + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - pos - 12 else { break }
            result.append((String(decoding: bytes[pos + 4..<pos + 8], as: UTF8.self), bytes[pos + 8..<pos + 8 + length]))
            pos += 12 + length
        }
        return result
    }

    /// The data of the IDAT chunks joined: the image's zlib stream.
    public static func imageData(in bytes: [UInt8]) -> [UInt8] {
        Array(chunks(in: bytes).filter { $0.type == "IDAT" }.map(\.data).joined())
    }
}
