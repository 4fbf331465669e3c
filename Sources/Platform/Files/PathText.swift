#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Path text: absolute paths and the bytes of `file://` URIs.
public enum PathText {
    /// `path` made absolute against the working directory, with `.` components and doubled
    /// slashes removed (symlinks are kept, as file managers keep them).
    public static func absolute(_ path: RawPath) -> RawPath {
        absolute(path, in: path.isAbsolute ? nil : workingDirectory())
    }

    /// The working directory, or nil when it cannot be read (removed, or too long).
    public static func workingDirectory() -> RawPath? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        return getcwd(&buffer, buffer.count) != nil ? RawPath(cString: buffer) : nil
    }

    /// `path` made absolute against `directory` (an absolute path; nil, as when the working
    /// directory cannot be read: rooted at `/`) and normalised as `absolute(_:)` does,
    /// without asking the system anything.
    public static func absolute(_ path: RawPath, in directory: RawPath?) -> RawPath {
        var bytes = path.bytes
        if !path.isAbsolute, let directory { bytes = directory.bytes + [UInt8(ascii: "/")] + bytes }
        var parts: [[UInt8]] = []
        for part in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) { _ = parts.popLast(); continue }
            parts.append(Array(part))
        }
        return RawPath(bytes: [UInt8(ascii: "/")] + Array(parts.joined(separator: [UInt8(ascii: "/")])))
    }

    /// Unreserved characters and the sub-delimiters GLib leaves alone in a path.
    public static func isURISafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~/!$&'()*+,=:@".utf8.contains(byte)
        }
    }

    /// `%XX` with upper-case hex.
    public static func percent(_ byte: UInt8) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        return "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
    }
}
