#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSystem

/// Files written whole or not at all: a reader (or a folder listing after a crash, a signal
/// or a full disk) never finds half of one.
public enum WholeFile {
    /// Writes all of `bytes` to `fd`, retrying short writes and EINTR; the `errno` of a failure.
    public static func write(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        bytes.withUnsafeBytes { write($0, to: fd) }
    }

    /// Writes all of `buffer` to `fd`, as `write(_:to:)` does.
    public static func write(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }

    /// Creates `path` with `bytes`, never replacing a file (see `Part`): the folder holds
    /// either the whole file or nothing of it.
    public static func create(_ path: RawPath, bytes: [UInt8]) throws(SystemError) {
        let part = try Part(for: path)
        if let failure = write(bytes, to: part.fd) {
            part.discard()
            throw SystemError("cannot create", path: path, code: failure)
        }
        try part.commit()
    }

    /// Creates `path` as a copy of the file open as `source`, `chunkSize` bytes at a time
    /// (the kernel copies with `copy_file_range` where it can, else a read and a write of one
    /// chunk), so that memory stays bounded whatever the file's size. `abandon` is asked
    /// between chunks: true (a signal) removes what was written and returns nil. Returns the
    /// bytes copied. Never replaces a file, and leaves nothing behind on a failure (`Part`).
    public static func copy(from source: Int32, sourcePath: RawPath, to path: RawPath, chunkSize: Int = 1 << 20,
                            abandon: () -> Bool = { false }) throws(SystemError) -> Int64? {
        let part = try Part(for: path)
        var copied: Int64 = 0
        var buffer: [UInt8] = []  // allocated once copy_file_range is refused
        while true {
            if abandon() {
                part.discard()
                return nil
            }
            var n = buffer.isEmpty ? cc_copy_file_range(source, part.fd, chunkSize) : -1
            var failure = n < 0 ? errno : 0
            if buffer.isEmpty && [EXDEV, EINVAL, ENOSYS, EOPNOTSUPP].contains(failure) {
                // Not between these file systems (or not a regular file): copy through memory.
                buffer = [UInt8](repeating: 0, count: chunkSize)
            }
            if !buffer.isEmpty {
                n = buffer.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress, $0.count) }
                failure = n < 0 ? errno : 0
                if n > 0, let code = buffer.withUnsafeBytes({ write(UnsafeRawBufferPointer(rebasing: $0[0..<n]), to: part.fd) }) {
                    part.discard()
                    throw SystemError("cannot create", path: path, code: code)
                }
            }
            if n == 0 { break }
            if n < 0 {
                if failure == EINTR { continue }
                part.discard()
                // copy_file_range fails for either side: these are the copy's.
                let full = [ENOSPC, EFBIG, EDQUOT].contains(failure)
                throw full ? SystemError("cannot create", path: path, code: failure) : SystemError("cannot read", path: sourcePath, code: failure)
            }
            copied += Int64(n)
        }
        try part.commit()
        return copied
    }

    /// A file being made under a hidden temporary name, `.NAME.part` beside it, opened with
    /// `O_EXCL`; `commit` syncs it and links it under its name (`link` fails rather than
    /// replace; where the file system has no hard links, as exFAT and FAT on a USB stick, it is
    /// renamed without replacing instead), `discard` removes it. Either way the temporary name is gone afterwards, and
    /// a part neither committed nor discarded is removed when released, so a reader never
    /// finds half of the file under its name.
    public final class Part {
        /// The descriptor to write the file's bytes to.
        public let fd: Int32
        /// The name the file will have.
        public let path: RawPath
        private let temporary: RawPath
        private var open = true

        /// Opens the temporary file for `path`.
        public init(for path: RawPath) throws(SystemError) {
            temporary = path.parent.appending(RawPath(bytes: Array(".".utf8) + path.lastComponent.bytes + Array(".part".utf8)))
            fd = temporary.withCString { Glibc.open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
            guard fd >= 0 else { throw .last("cannot create", path: path) }
            self.path = path
        }

        /// `link(2)` of one path to another: 0, or its errno.
        public typealias Link = @Sendable (_ from: RawPath, _ to: RawPath) -> Int32

        /// The system's `link`.
        public static let systemLink: Link = { from, to in
            from.withCString { source in to.withCString { Glibc.link(source, $0) } } == 0 ? 0 : errno
        }

        /// Syncs the bytes written and links the file under its name (`link`: the system's
        /// but in tests); throws (and leaves nothing) when that name is taken or the sync fails.
        /// Where the file system makes no hard links (EPERM on exFAT and FAT, which made every
        /// export to a USB stick fail with "Operation not permitted"), the file is renamed into
        /// place instead, without replacing one there.
        public func commit(link: Link = Part.systemLink) throws(SystemError) {
            guard open else { return }
            var failure: Int32?
            if fsync(fd) != 0 && errno != EINVAL { failure = errno }
            if failure == nil {
                let linked = link(temporary, path)
                if linked != 0 { failure = [EPERM, EOPNOTSUPP, ENOSYS].contains(linked) ? moveIntoPlace() : linked }
            }
            discard()
            if let failure { throw SystemError("cannot create", path: path, code: failure) }
        }

        /// Renames the temporary file to its name unless a file is there: nil, or the errno.
        /// A file system that cannot rename without replacing (a FUSE one of the old interface)
        /// is asked whether the name is taken first; the names made here are new UUIDs, so only
        /// a file made under the same name between the two calls would be replaced.
        private func moveIntoPlace() -> Int32? {
            if temporary.withCString({ from in path.withCString { cc_rename_noreplace(from, $0) } }) == 0 { return nil }
            let code = errno
            guard [EINVAL, ENOSYS, EOPNOTSUPP].contains(code) else { return code }
            if case .success = FileStat.of(path, followingSymlinks: false) { return EEXIST }
            return temporary.withCString({ from in path.withCString { rename(from, $0) } }) == 0 ? nil : errno
        }

        /// Removes the temporary file (nothing of the file is left) and closes it.
        public func discard() {
            guard open else { return }
            open = false
            close(fd)
            _ = temporary.withCString { unlink($0) }
        }

        deinit { discard() }
    }
}
