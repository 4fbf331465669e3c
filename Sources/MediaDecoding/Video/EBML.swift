/// The variable-length integers and element headers of EBML (Matroska, WebM).
enum EBML {
    /// An element's header: its ID, where its data starts, and its data size.
    struct Element {
        let id: Int
        let dataOffset: Int
        /// Data size in bytes; `unknownSize` elements are given the rest of the reader.
        let size: Int
    }

    /// Reads a variable-length integer at `offset`: (value, length); `keepMarker` keeps the
    /// length bits (as element IDs do).
    static func vint(_ r: ByteReader, at offset: Int, keepMarker: Bool) -> (value: Int, length: Int, allOnes: Bool)? {
        guard let first = r.u8(offset), first != 0 else { return nil }
        let length = first.leadingZeroBitCount - (Int.bitWidth - 8) + 1
        guard length <= 8 else { return nil }
        var value = keepMarker ? first : first & (0xFF >> length)
        var allOnes = value == (0xFF >> length)
        for i in 1..<length {
            guard let b = r.u8(offset + i) else { return nil }
            value = (value << 8) | b
            allOnes = allOnes && b == 0xFF
        }
        return (value, length, allOnes)
    }

    /// The element header at `offset`; nil when it does not fit in `r`.
    static func element(_ r: ByteReader, at offset: Int) -> Element? {
        guard let id = vint(r, at: offset, keepMarker: true), id.length <= 4,
              let size = vint(r, at: offset + id.length, keepMarker: false) else { return nil }
        let dataOffset = offset + id.length + size.length
        guard dataOffset <= r.count else { return nil }
        let available = r.count - dataOffset
        let length = size.allOnes ? available : size.value
        guard length >= 0 else { return nil }
        return Element(id: id.value, dataOffset: dataOffset, size: min(length, available))
    }

    /// An unsigned integer element's value.
    static func uint(_ r: ByteReader, _ e: Element) -> Int? {
        guard e.size >= 1, e.size <= 8 else { return nil }
        return r.uint(e.dataOffset, e.size, bigEndian: true)
    }

    /// A float element's value (4 or 8 bytes).
    static func float(_ r: ByteReader, _ e: Element) -> Double? {
        if e.size == 4, let bits = r.u32be(e.dataOffset) { return Double(Float(bitPattern: UInt32(bits))) }
        if e.size == 8, let hi = r.u32be(e.dataOffset), let lo = r.u32be(e.dataOffset + 4) {
            return Double(bitPattern: UInt64(hi) << 32 | UInt64(lo))
        }
        return nil
    }

    /// A string element's value, up to its first NUL.
    static func string(_ r: ByteReader, _ e: Element) -> String? {
        guard let s = r.sub(e.dataOffset, e.size) else { return nil }
        return String(decoding: s.slice.prefix { $0 != 0 }, as: UTF8.self)
    }
}
