import MediaDecoding
import Platform

/// One version of one file: its path, modification time and size, and which file the path
/// named (device and inode) and when its status last changed. Pixels decoded from it stay
/// valid while all of them match: a file replaced by another of the same size and
/// modification time (`mv`, `cp -p`, `tar x`, `rsync -t`, an edit followed by `touch -d`)
/// has another inode or a later status change, which `touch` cannot set back.
public struct FileVersion: Hashable, Sendable {
    /// The file.
    public var path: RawPath
    /// Its modification time.
    public var modificationTime: FileTime
    /// Its size in bytes.
    public var byteSize: Int64
    /// The device it is on.
    public var device: UInt64
    /// Its inode on `device`.
    public var inode: UInt64
    /// Its last status change (`st_ctim`).
    public var statusChangeTime: FileTime

    /// Creates a version (the file facts not given are 0: a version made up by a test).
    public init(path: RawPath, modificationTime: FileTime, byteSize: Int64,
                device: UInt64 = 0, inode: UInt64 = 0, statusChangeTime: FileTime = FileTime(seconds: 0)) {
        self.path = path
        self.modificationTime = modificationTime
        self.byteSize = byteSize
        self.device = device
        self.inode = inode
        self.statusChangeTime = statusChangeTime
    }

    /// The version of the file at `path` that `status` (its `stat`) describes.
    public init(path: RawPath, status: FileStat) {
        self.init(path: path, modificationTime: status.modificationTime, byteSize: status.byteSize,
                  device: status.device, inode: status.inode, statusChangeTime: status.statusChangeTime)
    }
}
