#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's cache folder, as the XDG Base Directory specification names it: the thumbnail
/// cache and the demo's sample library live below it.
public struct CacheHome: Sendable, Hashable {
    /// `$XDG_CACHE_HOME`, or `$HOME/.cache`.
    public let folder: RawPath
    /// The folder that must already exist for anything to be made below it: the parent of
    /// `$XDG_CACHE_HOME`, or `$HOME`. A home that does not exist (Debian's `/nonexistent` for
    /// system users) is a home without a cache, not one to create.
    public let base: RawPath

    /// `$XDG_CACHE_HOME` when it is absolute (the specification says to ignore a relative
    /// one), else `$HOME/.cache`; nil when neither is set.
    public init?(environment: [String: String]) {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            folder = RawPath(xdg)
            base = folder.parent
        } else if let home = environment["HOME"], !home.isEmpty {
            folder = RawPath(home).appending(".cache")
            base = RawPath(home)
        } else {
            return nil
        }
    }

    /// Creates `folder` and its missing parents with mode 700, none of them `base` or above
    /// it (nil: any missing folder may be made). Returns 0, or the errno of the failure
    /// (ENOENT when `base` is missing).
    public static func makeFolders(_ folder: RawPath, below base: RawPath?) -> Int32 {
        var missing: [RawPath] = []
        var current = folder
        while !isDirectory(current) {
            if current == base { return ENOENT }
            missing.append(current)
            let parent = current.parent
            if parent == current || parent.bytes.isEmpty { break }
            current = parent
        }
        for path in missing.reversed() {
            if path.withCString({ mkdir($0, 0o700) }) != 0 && errno != EEXIST { return errno }
        }
        return isDirectory(folder) ? 0 : ENOTDIR
    }

    private static func isDirectory(_ path: RawPath) -> Bool {
        if case .success(let status) = FileStat.of(path) { return status.isDirectory }
        return false
    }
}
