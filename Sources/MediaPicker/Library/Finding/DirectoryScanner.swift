#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MediaDecoding
import Platform

/// Something that went wrong while scanning; the scan goes on.
public struct ScanIssue: Hashable, Sendable, CustomStringConvertible {
    /// The path concerned.
    public var path: RawPath
    /// The system's error number.
    public var errno: Int32

    /// Creates an issue.
    public init(path: RawPath, errno: Int32) {
        self.path = path
        self.errno = errno
    }

    /// `path: reason`, safe to print.
    public var description: String { SystemError(path: path, code: errno).description }
}

/// Walks folders with `opendir`/`readdir`/`fstatat` on the exact name bytes (Foundation's
/// FileManager would mangle names that are not UTF-8). Symlinks to files are followed;
/// symlinked folders are not descended into, and each folder is visited once, so loops end.
struct DirectoryScanner {
    var recursive: Bool
    var includeHidden: Bool
    /// Entries are handed over in batches of this size, so the first screen need not wait.
    var batchSize = 256

    /// A folder scan between two of a library's jobs: the folders still to read (the last
    /// one next, so the order is depth-first) and the folders already read, so loops end.
    struct Walk: Sendable {
        var pending: [RawPath]
        var visited = Set<[UInt64]>()
        /// The length of the starting folder's path with its slash: every entry's `rootLength`.
        let rootLength: Int
        /// The place of the source walked among the library's: every entry's `sourceOrdinal`.
        let ordinal: Int

        /// A walk that starts at `folder`, the library's source number `ordinal`.
        init(_ folder: RawPath, ordinal: Int = 0) {
            pending = [folder]
            rootLength = folder.appending(RawPath("x")).bytes.count - 1
            self.ordinal = ordinal
        }

        /// A walk of `folders`, below a source whose entries are named `rootLength` bytes in:
        /// folders read again, or found, after the source's own walk (`MediaLibrary.checkFolders`).
        init(_ folders: [RawPath], rootLength: Int, ordinal: Int) {
            pending = folders
            self.rootLength = rootLength
            self.ordinal = ordinal
        }

        /// True when every folder has been read.
        var isDone: Bool { pending.isEmpty }
    }

    /// Reads at most `folderLimit` folders of `walk` (a bounded job; the walk resumes where it
    /// stopped), calling `found` with batches of regular files and `issue` for each failure;
    /// `skipped` is told how many sub-folders (not symlinks) a scan that is not recursive passed by.
    /// `shouldStop` is polled between entries. `opened` is told of each folder read, with its
    /// status taken before its first name is read: a file made in it later changes that
    /// status, so a later look knows the folder must be read again (`FollowedFolders`).
    func scan(_ walk: inout Walk, folderLimit: Int, found: ([MediaEntry]) -> Void, issue: (ScanIssue) -> Void,
              skipped: (Int) -> Void = { _ in }, opened: (RawPath, FileStat) -> Void = { _, _ in },
              shouldStop: () -> Bool = { false }) {
        // Swapped out and back, not copied: the walk's sets are never duplicated.
        var visited = Set<[UInt64]>()
        var pending: [RawPath] = []
        swap(&visited, &walk.visited)
        swap(&pending, &walk.pending)
        defer {
            swap(&visited, &walk.visited)
            swap(&pending, &walk.pending)
        }
        let (rootLength, ordinal) = (walk.rootLength, walk.ordinal)
        var folders = 0, passedBy = 0
        var batch: [MediaEntry] = []
        batch.reserveCapacity(batchSize)
        while folders < folderLimit, let directory = pending.popLast(), !shouldStop() {
            folders += 1
            guard let dir = directory.withCString({ opendir($0) }) else {
                issue(ScanIssue(path: directory, errno: errno))
                continue
            }
            defer { closedir(dir) }
            let fd = dirfd(dir)
            if case .success(let own) = FileStat.of(descriptor: fd) {
                let key = [own.device, own.inode]
                if !visited.insert(key).inserted { continue }
                opened(directory, own)
            }
            while !shouldStop() {
                errno = 0
                guard let item = readdir(dir) else {
                    if errno != 0 { issue(ScanIssue(path: directory, errno: errno)) }
                    break
                }
                let name = Self.name(of: item)
                if name == [0x2E] || name == [0x2E, 0x2E] { continue }
                if !includeHidden && name.first == 0x2E { continue }
                let path = directory.appending(RawPath(bytes: name))
                let info: FileStat
                switch FileStat.of(name: name, inDirectory: fd) {
                case .success(let value): info = value
                case .failure(let error):
                    // A missing file here is a dangling symlink or one that just vanished: skip quietly.
                    if !error.isMissing { issue(ScanIssue(path: path, errno: error.code)) }
                    continue
                }
                if info.isDirectory {
                    // Symlinked folders are passed by either way (so loops end), and not
                    // counted as passed by: -r would not search them either.
                    if !Self.isSymlink(item, fd: fd, name: name) {
                        if recursive { pending.append(path) } else { passedBy += 1 }
                    }
                    continue
                }
                guard info.isRegular else { continue }
                batch.append(MediaEntry(path: path, byteSize: info.byteSize, modificationTime: info.modificationTime,
                                        rootLength: rootLength, sourceOrdinal: ordinal))
                if batch.count >= batchSize {
                    found(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
        }
        if !batch.isEmpty { found(batch) }
        if passedBy > 0 { skipped(passedBy) }
    }

    private static func name(of item: UnsafeMutablePointer<dirent>) -> [UInt8] {
        withUnsafeBytes(of: &item.pointee.d_name) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let length = bytes.firstIndex(of: 0) ?? bytes.count
            return Array(bytes[0..<length])
        }
    }

    private static func isSymlink(_ item: UnsafeMutablePointer<dirent>, fd: Int32, name: [UInt8]) -> Bool {
        let type = item.pointee.d_type
        if type == UInt8(DT_LNK) { return true }
        if type != UInt8(DT_UNKNOWN) { return false }
        guard case .success(let st) = FileStat.of(name: name, inDirectory: fd, followingSymlinks: false) else { return true }
        return st.isSymbolicLink
    }
}
