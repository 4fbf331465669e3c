#if canImport(Glibc)
import Glibc
#endif
import Platform
import MediaPicker

/// What `-o FILE` writes to. A regular file (or one still to be made) is replaced through a
/// temporary file renamed over it, so it is never seen half-written; anything else — a FIFO,
/// a device such as /dev/null, /dev/stdout or /dev/fd/N — is written straight, as
/// a shell's `>` or `tee` would: renaming over those would put a regular file in their place.
public enum OutputDestination: Hashable, Sendable {
    /// A regular file at `path` (FILE with its symbolic links followed, so the link stays),
    /// to be replaced; `existing` is its status when there is one (its mode and owner are kept).
    case replace(RawPath, existing: FileStat?)
    /// Not a regular file, or a path through /proc (where /dev/stdout and /dev/fd/N lead, and
    /// whose links name no file a rename could reach): opened and written in place.
    case straight(isRegular: Bool)

    /// Links followed before giving up, as the kernel's own limit.
    static let linkLimit = 40

    /// The destination of `path`.
    public static func of(_ path: RawPath) throws(CommandError) -> OutputDestination {
        var current = path
        for _ in 0..<linkLimit {
            // The folder's real path shows a /proc path however it is reached (/dev/fd is a link).
            guard let folder = realFolder(current.parent) else {
                return .replace(current, existing: nil)  // its folder is missing: creating it will say so
            }
            let here = folder.appending(current.lastComponent)
            if folder == RawPath("/proc") || folder.bytes.starts(with: Array("/proc/".utf8)) {
                switch FileStat.of(here) {
                case .success(let status): return .straight(isRegular: status.isRegular)
                case .failure(let error): throw .cannotWrite(path, errno: error.code)
                }
            }
            switch FileStat.of(here, followingSymlinks: false) {
            case .failure:
                return .replace(here, existing: nil)
            case .success(let status) where status.isSymbolicLink:
                guard let target = linkTarget(here) else { throw .cannotWrite(path, errno: errno) }
                current = target.isAbsolute ? target : folder.appending(target)
            case .success(let status):
                return status.isRegular ? .replace(here, existing: status) : .straight(isRegular: false)
            }
        }
        throw .cannotWrite(path, errno: ELOOP)
    }

    /// Whether a regular file to be replaced is written in place instead, as a shell's `>`
    /// writes it: it exists and may be written, but its folder may not, so no temporary file
    /// can be made beside it (a file left writable in a shared or read-only folder; `-o` said
    /// "Permission denied" of a file `echo >` could write). A reader may then see it
    /// half-written, which is the price of writing it at all. `access` is `access(2)`: 0 or its errno.
    static func writesInPlace(_ target: RawPath, existing: FileStat?, access: (RawPath, Int32) -> Int32) -> Bool {
        existing != nil && access(target.parent, W_OK | X_OK) != 0 && access(target, W_OK) == 0
    }

    /// `realpath` of a folder, nil when it cannot be resolved.
    private static func realFolder(_ path: RawPath) -> RawPath? {
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return RawPath(cString: resolved)
    }

    /// What the symbolic link at `path` holds.
    static func linkTarget(_ path: RawPath) -> RawPath? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = path.withCString { readlink($0, &buffer, buffer.count - 1) }
        guard count > 0 else { return nil }
        return RawPath(bytes: buffer[0..<count].map { UInt8(bitPattern: $0) })
    }
}
