import MediaDecoding
import Platform

extension MediaLibrary {
    /// Where a path stands among a library's sources, as their scan would name it.
    public enum Placement: Hashable, Sendable {
        /// A scan lists it: the source `root` (as given), and the bytes below it in the path
        /// (empty when the path is the source itself).
        case listed(root: RawPath, below: [UInt8])
        /// Under no source given.
        case outside
        /// In a sub-folder of a source, and the scan is not recursive.
        case inSubFolder
        /// A name on the way starts with a dot, and hidden names are left out.
        case hidden
        /// Under a symlink to a folder, which a scan does not descend into.
        case throughSymlink
    }

    /// Whether a scan of `sources` with `options` would list `path`, compared as absolute paths
    /// (spellings of one path meet; links are not followed, as the scan follows none to a
    /// folder): for a preselection, which the picker could otherwise hold selected without a
    /// tile to show it, and for a file made in a folder after its scan. Says nothing of what
    /// the file holds.
    public static func placement(of path: RawPath, in sources: [LibrarySource], options: ScanOptions) -> Placement {
        let target = PathText.absolute(path).bytes
        var found = Placement.outside
        // The first source that lists it (`lib` passes by `lib/sub/x.jpg`, which may be given too).
        for source in sources {
            guard let below = below(target, in: source) else { continue }
            let placement = placement(below: below, root: source.root, options: options)
            if case .listed = placement { return placement }
            if found == .outside { found = placement }
        }
        return found
    }

    /// Where the file `below` a source's `root` stands.
    private static func placement(below: [UInt8], root: RawPath, options: ScanOptions) -> Placement {
        if below.isEmpty { return .listed(root: root, below: below) }
        let names = below.split(separator: UInt8(ascii: "/"))
        if names.count > 1 && !options.recursive { return .inSubFolder }
        if !options.includeHidden && names.contains(where: { $0.first == UInt8(ascii: ".") }) { return .hidden }
        // Each folder on the way down must be one the walk enters: not a symlink.
        var folder = root
        for name in names.dropLast() {
            folder = folder.appending(RawPath(bytes: Array(name)))
            if case .success(let status) = FileStat.of(folder, followingSymlinks: false), status.isSymbolicLink { return .throughSymlink }
        }
        return .listed(root: root, below: below)
    }

    /// The first of `sources` that is `path` or a folder holding it, compared as absolute
    /// paths, with what follows it in `path` (empty when `path` is the source itself).
    static func source(holding path: RawPath, in sources: [LibrarySource]) -> (root: RawPath, below: [UInt8])? {
        let target = PathText.absolute(path).bytes
        for source in sources {
            if let below = below(target, in: source) { return (source.root, below) }
        }
        return nil
    }

    /// What follows `source` in `target` (an absolute path): empty when `target` is the
    /// source itself, nil when it is not under it.
    private static func below(_ target: [UInt8], in source: LibrarySource) -> [UInt8]? {
        let rootBytes = PathText.absolute(source.root).bytes
        if rootBytes == target { return [] }
        let prefix = rootBytes == [UInt8(ascii: "/")] ? rootBytes : rootBytes + [UInt8(ascii: "/")]
        return target.starts(with: prefix) ? Array(target.dropFirst(prefix.count)) : nil
    }
}

extension LibrarySource {
    /// The path the source names (`.` for the working folder), as given.
    var root: RawPath {
        switch self {
        case .file(let file): return file
        case .folder(let folder): return folder
        case .workingFolder: return RawPath(".")
        }
    }
}
