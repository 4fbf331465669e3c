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

    /// Copies what `source` yields until its end (the descriptor is read, not closed).
    /// Fails with the stream's `errno`, or `EFBIG` past `limit` bytes, told of `name`.
    public init(reading source: Int32, name: String, limit: Int = SpooledInput.limit) throws(SystemError) {
        let fd = cc_anonymous_file("mediapick-input")
        if fd < 0 { throw SystemError("cannot hold", path: name, code: errno) }
        var total = 0
        var failure: Int32 = 0
        let chunk = 1 << 16
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        copying: while true {
            let n = read(source, buffer, chunk)
            if n < 0 {
                if errno == EINTR { continue }
                // A descriptor left non-blocking by whoever opened it: wait until it has bytes.
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var ready = pollfd(fd: source, events: Int16(POLLIN), revents: 0)
                    if poll(&ready, 1, -1) >= 0 || errno == EINTR { continue }
                }
                failure = errno
                break
            }
            if n == 0 { break }
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
        if failure != 0 {
            close(fd)
            throw SystemError(path: name, code: failure)
        }
        self.fd = fd
        self.byteSize = total
        self.path = RawPath("/proc/\(getpid())/fd/\(fd)")
    }

    deinit { close(fd) }
}
