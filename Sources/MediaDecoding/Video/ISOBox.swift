/// ISO base media file format boxes (MP4, MOV, HEIF, AVIF): size + type headers.
struct ISOBox {
    /// The four-character type.
    let type: String
    /// Offset of the box's content (after the header) in the reader it came from.
    let contentOffset: Int
    /// Size of the content as the header states it (may reach past the bytes at hand).
    let contentSize: Int
    /// Offset of the next box.
    var end: Int { contentOffset + contentSize }

    /// The box header at `offset`; nil when it is malformed. `fileSize` replaces a size of 0
    /// ("to the end of the file").
    static func header(_ r: ByteReader, at offset: Int, limit: Int) -> ISOBox? {
        guard let size32 = r.u32be(offset), let type = r.fourCC(offset + 4) else { return nil }
        var size = size32
        var headerSize = 8
        if size32 == 1 {
            guard let big = r.u64be(offset + 8) else { return nil }
            size = big
            headerSize = 16
        } else if size32 == 0 {
            size = limit - offset
        }
        guard size >= headerSize, size <= limit - offset else { return nil }
        return ISOBox(type: type, contentOffset: offset + headerSize, contentSize: size - headerSize)
    }

    /// The boxes inside `r` from `start`, stopping at the first malformed one.
    static func children(_ r: ByteReader, from start: Int = 0) -> [ISOBox] {
        var boxes: [ISOBox] = []
        var o = start
        while o + 8 <= r.count, boxes.count < 10_000, let box = header(r, at: o, limit: r.count) {
            boxes.append(box)
            o = box.end
        }
        return boxes
    }

    /// The content of this box as a reader (only when it lies entirely inside `r`).
    func content(_ r: ByteReader) -> ByteReader? { r.sub(contentOffset, contentSize) }
}

/// HEIF/AVIF header fields from the meta box, without decoding: the primary item's
/// size (ispe), rotation (irot) and whether an alpha plane is present.
struct HEIFHeader {
    var width = 0
    var height = 0
    /// The irot rotation as the EXIF orientation it equals (libheif applies it while decoding).
    var orientation = 1
    /// The primary item's transformations (clap, irot, imir) in the order they apply.
    var transforms: [HEIFTransform] = []
    var hasAlpha = false

    init?(_ r: ByteReader) {
        guard let meta = ISOBox.children(r).first(where: { $0.type == "meta" })?.content(r),
              let inner = meta.from(4) else { return nil }  // full box: version + flags
        let boxes = ISOBox.children(inner)
        var primary: Int?
        if let pitm = boxes.first(where: { $0.type == "pitm" }).flatMap({ $0.content(inner) }) {
            primary = pitm.u8(0) == 0 ? pitm.u16be(4) : pitm.u32be(4)
        }
        guard let iprp = boxes.first(where: { $0.type == "iprp" })?.content(inner) else { return nil }
        let iprpBoxes = ISOBox.children(iprp)
        guard let ipco = iprpBoxes.first(where: { $0.type == "ipco" })?.content(iprp) else { return nil }
        let properties = ISOBox.children(ipco)
        // Property indices (1-based) associated with the primary item.
        var associated: [Int] = []
        if let ipma = iprpBoxes.first(where: { $0.type == "ipma" })?.content(iprp),
           let version = ipma.u8(0), let flags = ipma.uint(1, 3, bigEndian: true), let count = ipma.u32be(4) {
            var o = 8
            for _ in 0..<min(count, 100_000) {
                guard let item = version < 1 ? ipma.u16be(o) : ipma.u32be(o) else { break }
                o += version < 1 ? 2 : 4
                guard let n = ipma.u8(o) else { break }
                o += 1
                for _ in 0..<n {
                    let wide = flags & 1 != 0
                    guard let v = wide ? ipma.u16be(o) : ipma.u8(o) else { break }
                    o += wide ? 2 : 1
                    if item == primary { associated.append(v & (wide ? 0x7FFF : 0x7F)) }
                }
            }
        }
        let chosen = associated.isEmpty ? Array(properties.indices).map { $0 + 1 } : associated
        for index in chosen where index >= 1 && index <= properties.count {
            let p = properties[index - 1]
            guard let c = p.content(ipco) else { continue }
            if p.type == "ispe", width == 0, let w = c.u32be(4), let h = c.u32be(8) { width = w; height = h }
            if p.type == "irot", let angle = c.u8(0) { orientation = [1, 8, 3, 6][angle & 3] }
            if let transform = HEIFTransform(type: p.type, content: c) { transforms.append(transform) }
        }
        for p in properties where p.type == "auxC" {
            if let c = p.content(ipco), String(decoding: c.slice, as: UTF8.self).contains("alpha") { hasAlpha = true }
        }
        guard width > 0, height > 0 else { return nil }
    }
}
