#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading files by their raw path with plain system calls (non-UTF-8 names work).
public enum FileIO {
    /// An open file descriptor, closed when the value is released.
    public final class OpenFile {
        /// The descriptor, for C code that reads it directly.
        public let fd: Int32
        /// The path it was opened by.
        public let path: RawPath
        /// Size in bytes from fstat.
        public let size: Int

        /// Opens `path` for reading; a folder is refused with `EISDIR`.
        public init(_ path: RawPath) throws(SystemError) {
            let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
            if fd < 0 { throw .last(path: path) }
            let st: FileStat
            switch FileStat.of(descriptor: fd) {
            case .success(let value): st = value
            case .failure(let error):
                close(fd)
                throw SystemError(path: path, code: error.code)
            }
            if st.isDirectory {
                close(fd)
                throw SystemError(path: path, code: EISDIR)
            }
            self.fd = fd
            self.path = path
            self.size = Int(st.byteSize)
        }

        deinit { close(fd) }

        /// Reads up to `count` bytes at `offset` (fewer at the end of the file).
        public func read(at offset: Int, count: Int) throws(SystemError) -> [UInt8] {
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
            if failure != 0 { throw SystemError(path: path, code: failure) }
            return bytes
        }

        /// The whole file (as long as `fstat` said when it was opened).
        public func readAll() throws(SystemError) -> [UInt8] {
            try read(at: 0, count: size)
        }
    }
}
