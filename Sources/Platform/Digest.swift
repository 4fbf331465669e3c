import CSystem

/// Message digests: MD5 through libmd for the freedesktop thumbnail cache, whose file
/// names are the MD5 of the file's URI; CRC-32 through zlib, as PNG chunks carry it.
public enum Digest {
    /// The MD5 of `bytes` as 32 lowercase hex digits.
    public static func md5(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 16)
        bytes.withUnsafeBufferPointer { b in
            digest.withUnsafeMutableBufferPointer { cc_md5(b.baseAddress, b.count, $0.baseAddress) }
        }
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in digest { text.append(hex[Int(byte >> 4)]); text.append(hex[Int(byte & 15)]) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The MD5 of a string's UTF-8 bytes.
    public static func md5(_ text: String) -> String { md5(Array(text.utf8)) }

    /// The CRC-32 of `bytes` (the checksum of PNG chunks and zip files).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { cc_crc32($0.baseAddress, $0.count) }
    }
}
