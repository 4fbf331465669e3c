#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
import Platform

/// Whole-file reads and exclusive creation by exact path.
enum FileBytes {
    /// The file's contents.
    static func read(_ path: RawPath) throws(CommandError) -> [UInt8] {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw .system(what: "cannot read \(path.string)", errno: errno) }
        defer { close(fd) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return data }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(what: "cannot read \(path.string)", errno: errno)
            }
            data.append(contentsOf: chunk[0..<n])
        }
    }

    /// Creates `path` with `bytes`; fails if it exists (never overwrites).
    static func createNew(_ path: RawPath, bytes: [UInt8]) throws(CommandError) {
        let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
        guard fd >= 0 else { throw .system(what: "cannot create \(path.string)", errno: errno) }
        do throws(CommandError) {
            try OutputSink.write(bytes, to: fd)
            close(fd)
        } catch {
            close(fd)
            _ = path.withCString { unlink($0) }
            throw error
        }
    }

    /// True when something exists at `path`.
    static func exists(_ path: RawPath, isDirectory: inout Bool) -> Bool {
        guard case .success(let st) = FileStat.of(path) else { return false }
        isDirectory = st.isDirectory
        return true
    }
}
