#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a JPEG's or PNG's picture ends — just past its EOI marker or IEND chunk — found by
/// walking the file's structure, not by decoding it: the end of a file with something after
/// its picture (a phone's motion photo carries its video there, cameras a trailer), or nil
/// when the file ends before it (cut short, or broken).
public enum PictureEnd {
    /// How much of the compressed data is read at a time while looking for the next marker.
    private static let block = 64 * 1024

    /// The offset just past the JPEG's EOI marker, through `read(offset, count)` (which returns
    /// fewer bytes, or none, past the end); nil when there is none before the data ends. A
    /// segment's length is skipped unread; only compressed data is scanned, for the next
    /// marker (an 0xFF not followed by a stuffed 0x00 or a restart marker).
    public static func jpeg(read: (Int, Int) -> [UInt8]) -> Int? {
        guard read(0, 2) == [0xFF, 0xD8] else { return nil }
        var o = 2
        while true {
            let head = read(o, 4)
            guard head.count >= 2, head[0] == 0xFF else { return nil }
            let marker = head[1]
            if marker == 0xFF { o += 1; continue }  // a fill byte before the marker
            if marker == 0xD9 { return o + 2 }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { o += 2; continue }
            guard head.count == 4 else { return nil }
            let length = Int(head[2]) << 8 | Int(head[3])
            guard length >= 2 else { return nil }
            o += 2 + length
            if marker == 0xDA {
                guard let next = nextMarker(from: o, read: read) else { return nil }
                o = next
            }
        }
    }

    /// The offset of the first marker in compressed data from `start`; nil when the data ends first.
    private static func nextMarker(from start: Int, read: (Int, Int) -> [UInt8]) -> Int? {
        var o = start
        while true {
            // One byte more than a block, so that an 0xFF at a block's end sees what follows it.
            let bytes = read(o, block + 1)
            guard bytes.count >= 2 else { return nil }
            var i = 0
            while i < bytes.count - 1 {
                let found = bytes.withUnsafeBufferPointer { buffer -> Int? in
                    guard let hit = memchr(buffer.baseAddress! + i, 0xFF, buffer.count - 1 - i) else { return nil }
                    return UnsafeRawPointer(hit) - UnsafeRawPointer(buffer.baseAddress!)
                }
                guard let at = found else { break }
                let after = bytes[at + 1]
                if after != 0x00 && !(0xD0...0xD7).contains(after) && after != 0xFF { return o + at }
                i = at + 1
            }
            o += bytes.count - 1
        }
    }

    /// The offset just past the PNG's IEND chunk, walking the chunks by their lengths through
    /// `read(offset, count)`; nil when the file ends first.
    public static func png(read: (Int, Int) -> [UInt8]) -> Int? {
        guard read(0, 8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        var o = 8
        while true {
            let head = read(o, 8)
            guard head.count == 8 else { return nil }
            let length = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= Int(Int32.max) else { return nil }
            o += 12 + length
            if head[4..<8].elementsEqual([0x49, 0x45, 0x4E, 0x44]) {
                // Whole only if its CRC is there too.
                return read(o - 4, 4).count == 4 ? o : nil
            }
        }
    }
}
