#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files written whole or not at all: a reader (or a folder listing after a crash, a signal
/// or a full disk) never finds half of one.
public enum WholeFile {
    /// Writes all of `bytes` to `fd`, retrying short writes and EINTR; the `errno` of a failure.
    public static func write(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }

    /// Creates `path` with `bytes`, never replacing a file: the bytes go to a hidden
    /// `.NAME.part` beside it, are synced, and the file is then linked under its name (`link`
    /// fails rather than replace). The temporary name is removed whatever happens, so the
    /// folder holds either the whole file or nothing of it.
    public static func create(_ path: RawPath, bytes: [UInt8]) throws(SystemError) {
        let temporary = path.parent.appending(RawPath(bytes: Array(".".utf8) + path.lastComponent.bytes + Array(".part".utf8)))
        let fd = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
        guard fd >= 0 else { throw .last("cannot create", path: path) }
        var failure = write(bytes, to: fd)
        if failure == nil && fsync(fd) != 0 && errno != EINVAL { failure = errno }
        close(fd)
        if failure == nil && temporary.withCString({ from in path.withCString { to in link(from, to) } }) != 0 { failure = errno }
        _ = temporary.withCString { unlink($0) }
        if let failure { throw SystemError("cannot create", path: path, code: failure) }
    }
}
