#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a file, read through the exact path bytes. The one place that calls
/// `stat`, `fstat` and `fstatat`.
public struct FileStat: Hashable, Sendable {
    /// A regular file.
    public var isRegular: Bool
    /// A folder.
    public var isDirectory: Bool
    /// A symbolic link (only seen when the link is not followed).
    public var isSymbolicLink: Bool
    /// A pipe or a socket: its bytes can be read once, front to back, and not sought.
    public var isStream: Bool
    /// A named pipe (FIFO).
    public var isFIFO: Bool
    /// What a file that is neither regular nor a folder is, in words: `a pipe`, `a socket` or
    /// `a device`.
    public var specialKind: String { isFIFO ? "a pipe" : isStream ? "a socket" : "a device" }
    /// The size in bytes.
    public var byteSize: Int64
    /// The last modification.
    public var modificationTime: FileTime
    /// The last status change (`st_ctim`): set by the kernel to now on any write, rename, link
    /// or `chmod`, and not settable back by `touch` or `utimes` (so a file replaced by one
    /// with the same size and modification time still tells).
    public var statusChangeTime: FileTime
    /// The device the file is on.
    public var device: UInt64
    /// The file's inode on `device`: with it, says whether two paths are one file.
    public var inode: UInt64
    /// The permission bits (with set-user-ID, set-group-ID and sticky), `st_mode & 0o7777`.
    public var permissions: UInt32
    /// The owner's user ID.
    public var owner: UInt32
    /// The owning group's ID.
    public var group: UInt32

    /// The facts of a filled-in `stat` record.
    public init(_ st: stat) {
        let type = st.st_mode & S_IFMT
        isRegular = type == S_IFREG
        isDirectory = type == S_IFDIR
        isSymbolicLink = type == S_IFLNK
        isStream = type == S_IFIFO || type == S_IFSOCK
        isFIFO = type == S_IFIFO
        byteSize = Int64(st.st_size)
        modificationTime = FileTime(seconds: Int64(st.st_mtim.tv_sec), nanoseconds: Int32(st.st_mtim.tv_nsec))
        statusChangeTime = FileTime(seconds: Int64(st.st_ctim.tv_sec), nanoseconds: Int32(st.st_ctim.tv_nsec))
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        permissions = UInt32(st.st_mode & 0o7777)
        owner = UInt32(st.st_uid)
        group = UInt32(st.st_gid)
    }

    /// `stat` of `path`, following symlinks (`lstat` with `followingSymlinks: false`).
    public static func of(_ path: RawPath, followingSymlinks: Bool = true) -> Result<FileStat, SystemError> {
        var st = stat()
        let rc = path.withCString { followingSymlinks ? stat($0, &st) : lstat($0, &st) }
        return rc == 0 ? .success(FileStat(st)) : .failure(.last(path: path))
    }

    /// `fstat` of an open file descriptor.
    public static func of(descriptor: Int32) -> Result<FileStat, SystemError> {
        var st = stat()
        return fstat(descriptor, &st) == 0 ? .success(FileStat(st)) : .failure(SystemError(code: errno))
    }

    /// `fstatat` of `name` (bytes, no slash needed) in the folder open as `directory`: no path
    /// is built or resolved again, which matters when scanning large folders.
    public static func of(name: [UInt8], inDirectory directory: Int32, followingSymlinks: Bool = true) -> Result<FileStat, SystemError> {
        var st = stat()
        var terminated = name.map { CChar(bitPattern: $0) }
        terminated.append(0)
        let rc = fstatat(directory, terminated, &st, followingSymlinks ? 0 : AT_SYMLINK_NOFOLLOW)
        return rc == 0 ? .success(FileStat(st)) : .failure(SystemError(path: RawPath(bytes: name), code: errno))
    }
}
