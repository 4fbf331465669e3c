#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
import Platform
import MediaPicker

/// Whole-file reads and exclusive creation by exact path.
enum FileBytes {
    /// The file's contents.
    static func read(_ path: RawPath) throws(CommandError) -> [UInt8] {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw .system(what: "cannot read \(path.visible)", errno: errno) }
        defer { close(fd) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return data }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(what: "cannot read \(path.visible)", errno: errno)
            }
            data.append(contentsOf: chunk[0..<n])
        }
    }

    /// Creates `path` with `bytes`, whole or not at all (`WholeFile.create`); fails if it exists (never overwrites).
    static func createNew(_ path: RawPath, bytes: [UInt8]) throws(CommandError) {
        do {
            try WholeFile.create(path, bytes: bytes)
        } catch {
            throw CommandError(error)
        }
    }

    /// True when something exists at `path`.
    static func exists(_ path: RawPath, isDirectory: inout Bool) -> Bool {
        guard case .success(let st) = FileStat.of(path) else { return false }
        isDirectory = st.isDirectory
        return true
    }
}
