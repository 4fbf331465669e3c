#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
import MediaPicker

/// Rewrites `--preselect` paths into the form the library gives its entries, so that
/// `mediapick --preselect a.jpg` selects `./a.jpg` and `--preselect ~/P/a.jpg` selects
/// `P/a.jpg` when `P` is the folder being picked from. Folders are compared by their real
/// path (the file's own name is kept, so a symbolic link stays itself); a path that matches
/// no source is left as it is.
public enum PreselectionResolver {
    /// The real path of a folder (symbolic links and `..` resolved), or nil when it cannot be read.
    public typealias RealPath = (RawPath) -> RawPath?

    /// `preselect` rewritten to match `sources`.
    public static func resolve(_ preselect: [RawPath], sources: [LibrarySource], recursive: Bool,
                               realPath: RealPath = systemRealPath) -> [RawPath] {
        preselect.map { path in resolve(path, sources: sources, recursive: recursive, realPath: realPath) ?? path }
    }

    private static func resolve(_ path: RawPath, sources: [LibrarySource], recursive: Bool, realPath: RealPath) -> RawPath? {
        guard let folder = realPath(path.parent) else { return nil }
        let name = path.lastComponent
        for source in sources {
            switch source {
            case .file(let file):
                if file == path { return file }
                if file.lastComponent == name, realPath(file.parent) == folder { return file }
                // A file source may also be a folder, scanned as one.
                if let scanned = within(source: file, folder: folder, name: name, recursive: recursive, realPath: realPath) {
                    return scanned
                }
            case .folder(let root):
                if let scanned = within(source: root, folder: folder, name: name, recursive: recursive, realPath: realPath) {
                    return scanned
                }
            }
        }
        return nil
    }

    /// `root/…/name` when `folder` is `root` (or, when recursive, inside it).
    private static func within(source root: RawPath, folder: RawPath, name: RawPath, recursive: Bool,
                               realPath: RealPath) -> RawPath? {
        guard let real = realPath(root) else { return nil }
        if real == folder { return root.appending(name) }
        guard recursive else { return nil }
        let prefix = real.bytes.last == UInt8(ascii: "/") ? real.bytes : real.bytes + [UInt8(ascii: "/")]
        guard folder.bytes.starts(with: prefix) else { return nil }
        return root.appending(RawPath(bytes: Array(folder.bytes.dropFirst(prefix.count)))).appending(name)
    }

    /// `realpath(3)`.
    public static func systemRealPath(_ path: RawPath) -> RawPath? {
        path.withCString { pointer in
            guard let resolved = realpath(pointer, nil) else { return nil }
            defer { free(resolved) }
            return RawPath(cString: resolved)
        }
    }
}
