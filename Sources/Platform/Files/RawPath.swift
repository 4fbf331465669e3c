/// A file system path as the exact bytes the kernel uses.
///
/// File names on Linux are bytes, not text: a `String` would replace invalid UTF-8 and
/// the picked path printed on stdout would then name a different (or no) file.
public struct RawPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The path's bytes, without a terminating NUL.
    public var bytes: [UInt8]

    /// Creates a path from bytes (a NUL byte cannot occur in a path and is not checked here).
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Creates a path from text, as UTF-8.
    public init(_ string: String) { self.bytes = Array(string.utf8) }

    /// Creates a path from a NUL-terminated C string.
    public init(cString: UnsafePointer<CChar>) {
        self.bytes = Array(UnsafeBufferPointer(start: cString, count: strlenOf(cString))).map { UInt8(bitPattern: $0) }
    }

    /// The path as text, with invalid UTF-8 replaced by U+FFFD: for display and URLs only,
    /// never for opening the file.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Same as `string`.
    public var description: String { string }

    /// True when the bytes are valid UTF-8 (so `string` names the same file).
    public var isValidUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

    /// The last path component (the file name); the whole path when it has no slash.
    public var lastComponent: RawPath {
        var end = bytes.endIndex
        while end > bytes.startIndex + 1 && bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        let slice = bytes[..<end]
        if let slash = slice.lastIndex(of: UInt8(ascii: "/")) {
            return RawPath(bytes: Array(slice[(slash + 1)...]))
        }
        return RawPath(bytes: Array(slice))
    }

    /// The path without its last component (`.` when there is none).
    public var parent: RawPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return RawPath(".") }
        if slash == bytes.startIndex { return RawPath("/") }
        return RawPath(bytes: Array(bytes[..<slash]))
    }

    /// This path with `component` appended after a single slash.
    public func appending(_ component: RawPath) -> RawPath {
        if bytes.isEmpty { return component }
        var result = bytes
        if result.last != UInt8(ascii: "/") { result.append(UInt8(ascii: "/")) }
        result.append(contentsOf: component.bytes)
        return RawPath(bytes: result)
    }

    /// This path with a component given as text.
    public func appending(_ component: String) -> RawPath { appending(RawPath(component)) }

    /// True when the path starts with `/`.
    public var isAbsolute: Bool { bytes.first == UInt8(ascii: "/") }

    /// Calls `body` with the path as a NUL-terminated C string, for system calls.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        var terminated = bytes.map { CChar(bitPattern: $0) }
        terminated.append(0)
        return try terminated.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// Byte-wise order.
    public static func < (lhs: RawPath, rhs: RawPath) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }
}

private func strlenOf(_ p: UnsafePointer<CChar>) -> Int {
    var n = 0
    while p[n] != 0 { n += 1 }
    return n
}
