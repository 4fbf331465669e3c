#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
import Platform

/// Where results go: stdout, or a file written atomically (`-o`).
public enum OutputSink {
    /// Writes all of `bytes` to a file descriptor (retrying short writes and EINTR).
    public static func write(_ bytes: [UInt8], to fd: Int32) throws(CommandError) {
        if let code = WholeFile.write(bytes, to: fd) {
            throw .system(what: fd == 1 ? "cannot write to stdout" : "cannot write", errno: code)
        }
    }

    /// Writes `bytes` to standard output.
    public static func writeStandardOutput(_ bytes: [UInt8]) throws(CommandError) {
        try write(bytes, to: 1)
    }

    /// Writes `bytes` to `path` atomically: a temporary file next to it, then a rename, so a
    /// reader never sees half a result (and a failure leaves any old file as it was).
    /// `abandon` is asked just before the rename: true (a signal arrived) removes the
    /// temporary file and leaves `path` untouched; the result says whether `path` was written.
    @discardableResult
    public static func writeAtomically(_ bytes: [UInt8], to path: RawPath, abandon: () -> Bool = { false }) throws(CommandError) -> Bool {
        let template = path.parent.appending(RawPath(bytes: Array(".".utf8) + path.lastComponent.bytes + Array(".XXXXXX".utf8)))
        var buffer = template.bytes.map { CChar(bitPattern: $0) } + [0]
        let fd = mkstemp(&buffer)
        guard fd >= 0 else { throw .system(what: "cannot write \(path.string)", errno: errno) }
        let temporary = RawPath(bytes: buffer.dropLast().map { UInt8(bitPattern: $0) })
        var descriptor: Int32? = fd
        do throws(CommandError) {
            try write(bytes, to: fd)
            // mkstemp makes the file 0600; results are ordinary files.
            let mask = umask(0o022)
            umask(mask)
            fchmod(fd, 0o666 & ~mask)
            guard fsync(fd) == 0 || errno == EINVAL else { throw CommandError.system(what: "cannot write \(path.string)", errno: errno) }
            close(fd)
            descriptor = nil
            if abandon() {
                _ = temporary.withCString { unlink($0) }
                return false
            }
            let renamed = temporary.withCString { from in path.withCString { to in rename(from, to) } }
            guard renamed == 0 else { throw CommandError.system(what: "cannot write \(path.string)", errno: errno) }
            return true
        } catch {
            if let descriptor { close(descriptor) }
            _ = temporary.withCString { unlink($0) }
            throw error
        }
    }
}
