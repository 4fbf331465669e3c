#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
import Platform

/// Where results go: stdout, or a file written atomically (`-o`).
public enum OutputSink {
    /// Writes all of `bytes` to a file descriptor (retrying short writes and EINTR).
    public static func write(_ bytes: [UInt8], to fd: Int32) throws(CommandError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(what: fd == 1 ? "cannot write to stdout" : "cannot write", errno: errno)
            }
            offset += n
        }
    }

    /// Writes `bytes` to standard output.
    public static func writeStandardOutput(_ bytes: [UInt8]) throws(CommandError) {
        try write(bytes, to: 1)
    }

    /// Writes `bytes` to `path` atomically: a temporary file next to it, then a rename, so a
    /// reader never sees half a result (and a failure leaves any old file as it was).
    public static func writeAtomically(_ bytes: [UInt8], to path: RawPath) throws(CommandError) {
        let template = path.parent.appending(RawPath(bytes: Array(".".utf8) + path.lastComponent.bytes + Array(".XXXXXX".utf8)))
        var buffer = template.bytes.map { CChar(bitPattern: $0) } + [0]
        let fd = mkstemp(&buffer)
        guard fd >= 0 else { throw .system(what: "cannot write \(path.string)", errno: errno) }
        let temporary = RawPath(bytes: buffer.dropLast().map { UInt8(bitPattern: $0) })
        do throws(CommandError) {
            try write(bytes, to: fd)
            // mkstemp makes the file 0600; results are ordinary files.
            let mask = umask(0o022)
            umask(mask)
            fchmod(fd, 0o666 & ~mask)
            guard fsync(fd) == 0 || errno == EINVAL else { throw CommandError.system(what: "cannot write \(path.string)", errno: errno) }
            close(fd)
            let renamed = temporary.withCString { from in path.withCString { to in rename(from, to) } }
            guard renamed == 0 else { throw CommandError.system(what: "cannot write \(path.string)", errno: errno) }
        } catch {
            close(fd)
            _ = temporary.withCString { unlink($0) }
            throw error
        }
    }
}
