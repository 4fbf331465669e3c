import Glibc

/// Reading files by their raw path with plain system calls (non-UTF-8 names work).
enum FileIO {
    /// Files larger than this are not read whole (no image in a supported format needs it).
    static let wholeFileLimit = 1 << 30

    /// An open file descriptor, closed when the value is released.
    final class OpenFile {
        let fd: Int32
        let path: RawPath
        /// Size in bytes from fstat.
        let size: Int

        init(_ path: RawPath) throws(DecodeError) {
            let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
            if fd < 0 { throw FileIO.error(path, errno) }
            var st = stat()
            if fstat(fd, &st) != 0 {
                let e = errno
                close(fd)
                throw FileIO.error(path, e)
            }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                close(fd)
                throw FileIO.error(path, EISDIR)
            }
            self.fd = fd
            self.path = path
            self.size = Int(st.st_size)
        }

        deinit { close(fd) }

        /// Reads up to `count` bytes at `offset` (fewer at the end of the file).
        func read(at offset: Int, count: Int) throws(DecodeError) -> [UInt8] {
            let wanted = max(0, min(count, size - offset))
            if wanted == 0 { return [] }
            var failure: Int32 = 0
            let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
                var done = 0
                while done < wanted {
                    let n = pread(fd, buffer.baseAddress! + done, wanted - done, off_t(offset + done))
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        break
                    }
                    if n == 0 { break }
                    done += n
                }
                initialized = done
            }
            if failure != 0 { throw FileIO.error(path, failure) }
            return bytes
        }

        /// The whole file.
        func readAll() throws(DecodeError) -> [UInt8] {
            if size > FileIO.wholeFileLimit {
                throw .unsupported(detail: "\(path): \(size) bytes is more than the decoders read")
            }
            return try read(at: 0, count: size)
        }
    }

    /// Reads the whole file at `path`.
    static func readAll(_ path: RawPath) throws(DecodeError) -> [UInt8] {
        try OpenFile(path).readAll()
    }

    /// A DecodeError.io with the system's words for `code`.
    static func error(_ path: RawPath, _ code: Int32) -> DecodeError {
        .io(path: path.string, errno: code, detail: String(cString: strerror(code)))
    }
}
