/// Little-endian RIFF chunk assembly.
struct RIFFBuilder {
    var bytes: [UInt8] = []

    mutating func u16(_ v: Int) { for i in 0..<2 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
    mutating func u32(_ v: Int) { for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
    mutating func fourCC(_ s: String) { bytes.append(contentsOf: Array(s.utf8.prefix(4))) }

    /// A chunk: id, size, data, padding to an even length.
    mutating func chunk(_ id: String, _ data: [UInt8]) {
        fourCC(id)
        u32(data.count)
        bytes.append(contentsOf: data)
        if data.count & 1 == 1 { bytes.append(0) }
    }

    /// A LIST chunk of `type`.
    mutating func list(_ type: String, _ data: [UInt8]) { chunk("LIST", Array(type.utf8) + data) }
}
