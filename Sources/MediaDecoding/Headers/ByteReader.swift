/// Bounds-checked reads of integers from a byte array: every read past the end gives nil,
/// so the header and container parsers never trap on a short or lying file.
struct ByteReader {
    /// The whole buffer (shared, not copied, by sub-readers).
    let bytes: [UInt8]
    /// The part of `bytes` this reader may read.
    let range: Range<Int>

    /// A reader over all of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.range = bytes.startIndex..<bytes.endIndex
    }

    private init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.range = range
    }

    /// Number of readable bytes.
    var count: Int { range.count }

    /// A reader over `count` bytes from `offset` (relative), or nil when they are not all there.
    func sub(_ offset: Int, _ count: Int) -> ByteReader? {
        guard offset >= 0, count >= 0, offset <= range.count, count <= range.count - offset else { return nil }
        let start = range.lowerBound + offset
        return ByteReader(bytes: bytes, range: start..<(start + count))
    }

    /// The reader from `offset` to its end.
    func from(_ offset: Int) -> ByteReader? { sub(offset, range.count - offset) }

    /// The byte at `offset`.
    func u8(_ offset: Int) -> Int? {
        guard offset >= 0, offset < range.count else { return nil }
        return Int(bytes[range.lowerBound + offset])
    }

    /// Reads `size` bytes at `offset` as an unsigned integer.
    func uint(_ offset: Int, _ size: Int, bigEndian: Bool) -> Int? {
        guard offset >= 0, size <= range.count, offset <= range.count - size else { return nil }
        var value = 0
        let base = range.lowerBound + offset
        for i in 0..<size {
            let byte = Int(bytes[base + (bigEndian ? i : size - 1 - i)])
            value = (value << 8) | byte
        }
        return value
    }

    func u16be(_ o: Int) -> Int? { uint(o, 2, bigEndian: true) }
    func u16le(_ o: Int) -> Int? { uint(o, 2, bigEndian: false) }
    func u24le(_ o: Int) -> Int? { uint(o, 3, bigEndian: false) }
    func u32be(_ o: Int) -> Int? { uint(o, 4, bigEndian: true) }
    func u32le(_ o: Int) -> Int? { uint(o, 4, bigEndian: false) }
    /// 64-bit big-endian, nil when it would not fit in a non-negative Int.
    func u64be(_ o: Int) -> Int? {
        guard let hi = u32be(o), let lo = u32be(o + 4), hi < 0x8000_0000 else { return nil }
        return (hi << 32) | lo
    }
    /// A signed 32-bit little-endian value.
    func i32le(_ o: Int) -> Int? { u32le(o).map { Int(Int32(truncatingIfNeeded: $0)) } }

    /// Four bytes as ASCII text (`ftyp`, `RIFF`), nil when absent.
    func fourCC(_ o: Int) -> String? {
        guard let s = sub(o, 4) else { return nil }
        return String(decoding: s.slice, as: UTF8.self)
    }

    /// True when the bytes at `offset` equal `expected`.
    func matches(_ offset: Int, _ expected: [UInt8]) -> Bool {
        guard let s = sub(offset, expected.count) else { return false }
        return s.slice.elementsEqual(expected)
    }

    /// True when the bytes at `offset` equal the ASCII text `text`.
    func matches(_ offset: Int, _ text: String) -> Bool { matches(offset, Array(text.utf8)) }

    /// The readable bytes.
    var slice: ArraySlice<UInt8> { bytes[range] }

    /// The readable bytes as an array (copies).
    var array: [UInt8] { Array(slice) }
}
