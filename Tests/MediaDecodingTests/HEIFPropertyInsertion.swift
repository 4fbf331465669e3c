/// Adds a property to the primary item of a HEIF file written by heif-enc, as an editor that
/// flips or turns a picture without re-encoding it does: the property goes at the end of the
/// ipco box, its index (marked essential) at the end of the primary item's ipma entry, and the
/// boxes around them and the file offsets of iloc grow to match. Only what heif-enc 1.15 writes
/// is handled (ipma version 0 with 7-bit indices, iloc version 0 or 1); anything else fails.
enum HEIFPropertyInsertion {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `file` with a property of `type` (four letters) whose content is `content` added.
    static func adding(_ type: String, _ content: [UInt8], to file: [UInt8]) throws -> [UInt8] {
        var d = file
        let meta = try box("meta", in: d, from: 0, to: d.count)
        let metaChildren = meta.start + 12  // a full box: version and flags first
        let iprp = try box("iprp", in: d, from: metaChildren, to: meta.end)
        let ipco = try box("ipco", in: d, from: iprp.start + 8, to: iprp.end)
        let ipma = try box("ipma", in: d, from: iprp.start + 8, to: iprp.end)
        let iloc = try box("iloc", in: d, from: metaChildren, to: meta.end)
        let pitm = try box("pitm", in: d, from: metaChildren, to: meta.end)
        guard d[pitm.start + 8] == 0 else { throw Failure(description: "pitm version \(d[pitm.start + 8])") }
        let primary = read(d, pitm.start + 12, 2)

        var count = 0
        var at = ipco.start + 8
        while at < ipco.end { count += 1; at += read(d, at, 4) }
        let property = bytes(8 + content.count, 4) + Array(type.utf8) + content
        let index = count + 1
        guard index < 128, d[ipma.start + 8] == 0, d[ipma.start + 11] & 1 == 0 else {
            throw Failure(description: "ipma is not version 0 with 7-bit indices, or ipco is full")
        }

        var entry = ipma.start + 16
        var insertAt: Int?
        for _ in 0..<read(d, ipma.start + 12, 4) {
            let item = read(d, entry, 2), associations = Int(d[entry + 2])
            if item == primary {
                d[entry + 2] = UInt8(associations + 1)
                insertAt = entry + 3 + associations
            }
            entry += 3 + associations
        }
        guard let insertAt else { throw Failure(description: "the primary item has no ipma entry") }
        let grow = property.count + 1
        try shiftFileOffsets(&d, iloc: iloc.start, by: grow)

        // The later insertion first, so the earlier offsets still hold.
        d.insert(0x80 | UInt8(index), at: insertAt)
        write(&d, ipma.start, read(d, ipma.start, 4) + 1, 4)
        d.insert(contentsOf: property, at: ipco.end)
        write(&d, ipco.start, ipco.end - ipco.start + property.count, 4)
        write(&d, iprp.start, iprp.end - iprp.start + grow, 4)
        write(&d, meta.start, meta.end - meta.start + grow, 4)
        return d
    }

    /// Moves every extent iloc places in the file itself (construction method 0) by `grow`.
    private static func shiftFileOffsets(_ d: inout [UInt8], iloc: Int, by grow: Int) throws {
        let version = d[iloc + 8]
        guard version <= 1 else { throw Failure(description: "iloc version \(version)") }
        let offsetSize = Int(d[iloc + 12] >> 4), lengthSize = Int(d[iloc + 12] & 15)
        let baseSize = Int(d[iloc + 13] >> 4), indexSize = version == 1 ? Int(d[iloc + 13] & 15) : 0
        var at = iloc + 16
        for _ in 0..<read(d, iloc + 14, 2) {
            at += 2  // item ID
            var method = 0
            if version == 1 { method = read(d, at, 2) & 15; at += 2 }
            at += 2  // data reference index
            let base = at
            at += baseSize
            let extents = read(d, at, 2)
            at += 2
            if method == 0 && baseSize > 0 { write(&d, base, read(d, base, baseSize) + grow, baseSize) }
            for _ in 0..<extents {
                at += indexSize
                if method == 0 && baseSize == 0 { write(&d, at, read(d, at, offsetSize) + grow, offsetSize) }
                at += offsetSize + lengthSize
            }
        }
    }

    private static func box(_ type: String, in d: [UInt8], from start: Int, to end: Int) throws -> (start: Int, end: Int) {
        var at = start
        while at + 8 <= end {
            let size = read(d, at, 4)
            guard size >= 8 else { break }
            if String(decoding: d[(at + 4)..<(at + 8)], as: UTF8.self) == type { return (at, at + size) }
            at += size
        }
        throw Failure(description: "no \(type) box")
    }

    private static func read(_ d: [UInt8], _ at: Int, _ count: Int) -> Int {
        d[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func bytes(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
    }

    private static func write(_ d: inout [UInt8], _ at: Int, _ value: Int, _ count: Int) {
        d.replaceSubrange(at..<(at + count), with: bytes(value, count))
    }
}
