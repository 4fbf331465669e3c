#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MediaDecoding

/// What `stat` says about a file, read through the exact path bytes.
public struct FileStat: Hashable, Sendable {
    /// A regular file.
    public var isRegular: Bool
    /// A directory.
    public var isDirectory: Bool
    /// Size in bytes.
    public var byteSize: Int64
    /// Last modification.
    public var modificationTime: FileTime
    /// The device holding it.
    public var device: UInt64
    /// Its inode on that device.
    public var inode: UInt64

    /// The facts of a `stat` record.
    public init(_ st: stat) {
        let type = st.st_mode & S_IFMT
        isRegular = type == S_IFREG
        isDirectory = type == S_IFDIR
        byteSize = Int64(st.st_size)
        modificationTime = FileTime(seconds: Int64(st.st_mtim.tv_sec), nanoseconds: Int32(st.st_mtim.tv_nsec))
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }

    /// `stat` (following symlinks) of `path`; the errno on failure.
    public static func of(_ path: RawPath) -> Result<FileStat, Errno> {
        var st = stat()
        let rc = path.withCString { stat($0, &st) }
        return rc == 0 ? .success(FileStat(st)) : .failure(Errno(errno))
    }
}
