#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSystem

/// The bytes of a stream (standard input, a pipe such as `<(curl …)`) copied into an
/// anonymous file in memory, under a path that this process and the programs it starts can
/// open, seek in and read twice.
///
/// The decoders read files at offsets (`pread`), and a video's poster frame is made by
/// `ffmpeg`, a separate process given a path; a pipe offers neither. The copy has no name in
/// any folder, so nothing is left behind however the process ends; it is released with the
/// value.
public final class SpooledInput: Sendable {
    /// The most a stream may hold: as much as the decoders read of a whole file.
    public static let limit = 1 << 30

    /// A path to the copy: `/proc/<pid>/fd/<n>`, which opens the same file again in any
    /// process of this user while the value lives.
    public let path: RawPath
    /// The number of bytes copied.
    public let byteSize: Int
    private let fd: Int32

    /// Copies `head` (the stream's first bytes, read already by `head(of:name:count:)`), then
    /// what `source` yields until its end (the descriptor is read, not closed). Fails with the
    /// stream's `errno`, or `EFBIG` past `limit` bytes, told of `name`.
    public init(reading source: Int32, name: String, head: [UInt8] = [], limit: Int = SpooledInput.limit) throws(SystemError) {
        let fd = cc_anonymous_file("mediapick-input")
        if fd < 0 { throw SystemError("cannot hold", path: name, code: errno) }
        var total = 0
        var failure: Int32 = 0
        let chunk = max(1 << 16, head.count)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var n = head.count
        head.withUnsafeBytes { if let bytes = $0.baseAddress { buffer.copyMemory(from: bytes, byteCount: $0.count) } }
        copying: while true {
            if n > 0 {
                if total + n > limit {
                    failure = EFBIG
                    break
                }
                var written = 0
                while written < n {
                    let w = write(fd, buffer + written, n - written)
                    if w < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        break copying
                    }
                    written += w
                }
                total += n
            }
            n = Self.readSome(source, into: buffer, count: chunk)
            if n < 0 { failure = errno }
            if n <= 0 { break }
        }
        if failure != 0 {
            close(fd)
            throw SystemError(path: name, code: failure)
        }
        self.fd = fd
        self.byteSize = total
        self.path = RawPath("/proc/\(getpid())/fd/\(fd)")
    }

    /// The first `count` bytes of the stream `source`, fewer when it ends sooner: enough to
    /// tell what it holds before copying the rest.
    public static func head(of source: Int32, name: String, count: Int) throws(SystemError) -> [UInt8] {
        var head = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = head.withUnsafeMutableBytes { readSome(source, into: $0.baseAddress! + filled, count: count - filled) }
            if n < 0 { throw SystemError(path: name, code: errno) }
            if n == 0 { break }
            filled += n
        }
        return Array(head[..<filled])
    }

    /// One `read` of at most `count` bytes, again after a signal, and after waiting when the
    /// descriptor was left non-blocking by whoever opened it: the bytes read, 0 at the end,
    /// -1 with `errno` on failure.
    private static func readSome(_ source: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        while true {
            let n = read(source, buffer, count)
            guard n < 0 else { return n }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                var ready = pollfd(fd: source, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, -1) >= 0 || errno == EINTR { continue }
            }
            return -1
        }
    }

    deinit { close(fd) }
}
