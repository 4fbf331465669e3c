import CSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// zlib streams (RFC 1950) through the system's libz: what the kitty graphics protocol's
/// `o=z` expects, and what its tests inflate again.
public enum Zlib {
    /// `bytes` compressed at `level` (0 stores, 1 is fastest, 9 smallest; zlib's default is 6).
    public static func compress(_ bytes: [UInt8], level: Int = 6) -> [UInt8] {
        var length = 0
        let out = bytes.withUnsafeBufferPointer {
            cc_zlib_compress($0.baseAddress, $0.count, Int32(min(max(level, 0), 9)), &length)
        }
        // compress2 fails only when malloc does; Swift's own allocations trap then too.
        guard let out else { fatalError("Zlib.compress: out of memory for \(bytes.count) bytes") }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    /// The bytes `stream` inflates to, or nil when it is not a whole zlib stream or inflates to
    /// more than `limit` bytes (the caller knows the size, e.g. width x height x channels).
    public static func uncompress(_ stream: [UInt8], limit: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: max(limit, 1))
        var length = out.count
        let status = stream.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { cc_zlib_uncompress(input.baseAddress, input.count, $0.baseAddress, &length) }
        }
        guard status == 0 else { return nil }
        return Array(out.prefix(length))
    }

    /// The length `stream` inflates to, inflated through a small buffer and dropped, or nil when
    /// it is not a whole zlib stream: zlib's cost alone (the benchmarks' floor for PNG decoding).
    public static func inflatedLength(_ stream: [UInt8]) -> Int? {
        let length = stream.withUnsafeBufferPointer { cc_zlib_inflated_length($0.baseAddress, $0.count) }
        return length < 0 ? nil : Int(length)
    }
}
