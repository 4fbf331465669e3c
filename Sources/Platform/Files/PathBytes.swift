#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-level helpers for paths, faster than `[UInt8]`'s element-by-element `==` and hashing.
public enum PathBytes {
    /// True when the paths' bytes are equal (one `memcmp`).
    public static func equal(_ lhs: RawPath, _ rhs: RawPath) -> Bool {
        lhs.bytes.withUnsafeBytes { a in
            rhs.bytes.withUnsafeBytes { b in
                a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
            }
        }
    }

    /// True when `lhs` sorts before `rhs` byte by byte (as `RawPath`'s `<`), with one `memcmp`.
    public static func precedes(_ lhs: RawPath, _ rhs: RawPath) -> Bool {
        lhs.bytes.withUnsafeBytes { a in
            rhs.bytes.withUnsafeBytes { b in
                let common = min(a.count, b.count)
                let c = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return c != 0 ? c < 0 : a.count < b.count
            }
        }
    }

    /// A 32-bit hash of the bytes, eight at a time, well mixed in every bit (so a table may
    /// take the low bits). Unseeded: fine for file names, which nobody picks to collide.
    public static func hash(_ path: RawPath) -> UInt32 {
        path.bytes.withUnsafeBytes { bytes in
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
            var offset = 0
            while offset + 8 <= bytes.count {
                h = (h ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                h ^= h >> 29
                offset += 8
            }
            var tail: UInt64 = 0
            for (shift, byte) in bytes[offset...].enumerated() { tail |= UInt64(byte) << (shift * 8) }
            h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
            return UInt32(truncatingIfNeeded: h ^ (h >> 31))
        }
    }
}

/// A path as a dictionary key: hashed over its bytes in one call and compared with `memcmp`
/// (`RawPath`'s own `Hashable` goes byte by byte, which showed in scanning and in finishing
/// with 100,000 paths).
public struct PathKey: Hashable, Sendable {
    /// The path.
    public let path: RawPath

    /// Wraps `path`.
    public init(_ path: RawPath) { self.path = path }

    /// Hashes the bytes in one call.
    public func hash(into hasher: inout Hasher) {
        path.bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// Equal bytes (one `memcmp`).
    public static func == (lhs: PathKey, rhs: PathKey) -> Bool { PathBytes.equal(lhs.path, rhs.path) }
}
