import MediaDecoding
import MediaPicker
import Platform
import TerminalUI

/// `--preselect` paths are checked before the picker opens. A preselection the picker cannot
/// show (a folder, a file that is not a picture or video, one outside `--filter`'s kind) was
/// an invisible selection that took a place under the limit and made Enter pick nothing (exit
/// 1); preselections beyond the limit were cut without a word.
enum PreselectCheck {
    /// What a preselected path was found to be.
    enum Found: Hashable, Sendable {
        /// A folder.
        case folder
        /// A file that is not a picture or video.
        case notMedia
        /// A file of 0 bytes.
        case empty
        /// A file that cannot be read (`errno`): the picker shows it with a badge but refuses
        /// to pick it, so a preselection of it would be one the user could not make.
        case unreadable(errno: Int32)
        /// A picture or a video.
        case media(MediaKind?)
    }

    /// Checks `options.preselect` (the paths exist already): each must be a picture or video
    /// of `--filter`'s kind, and no more distinct files than the limit allows.
    static func check(_ options: PickOptions) throws(CommandError) {
        var seen = Set<[UInt64]>()
        var distinct = 0
        for path in options.preselect {
            guard case .success(let status) = FileStat.of(path) else { continue }
            if seen.insert([status.device, status.inode]).inserted { distinct += 1 }
            let found: Found
            if status.isDirectory {
                found = .folder
            } else if status.isRegular && status.byteSize == 0 {
                found = .empty
            } else if let entry = MediaLibrary.inspect(path) {
                if case .unreadable(let code) = entry.status { found = .unreadable(errno: code) } else { found = .media(entry.kind) }
            } else {
                found = .notMedia
            }
            if let problem = problem(found, filter: options.filter) {
                throw .message("--preselect \(path.visible): \(problem)")
            }
        }
        let limit = options.limit ?? PickerConfiguration.defaultSelectionLimit
        if let problem = problem(count: distinct, limit: limit) { throw .message(problem) }
    }

    /// Why a preselection that is `found` cannot be one under `filter`; nil when it can.
    static func problem(_ found: Found, filter: FilterChoice) -> String? {
        switch (found, filter) {
        case (.folder, _): return "a folder, not a picture or video"
        case (.notMedia, _): return "not a picture or video"
        case (.empty, _): return "an empty file, not a picture or video"
        // In the words of a missing preselection's error (`--preselect PATH: No such file…`).
        case (.unreadable(let code), _): return SystemError.reason(code)
        case (.media(.video?), .images): return "a video, and --filter images offers only pictures"
        case (.media(.image?), .videos): return "a picture, and --filter videos offers only videos"
        case (.media, _): return nil
        }
    }

    /// Checks that each of `options.preselect` is among the files `sources` offer (the PATH
    /// operands, or the working folder), as their scan would list it: one that is not was
    /// selected invisibly (the counter counted it, no tile showed it) and printed on Enter
    /// (tester report §2). Candidates on stdin are not known yet: the picker selects a
    /// preselection when its path arrives (`PickerController`).
    static func checkOffered(_ options: PickOptions, sources: [LibrarySource]) throws(CommandError) {
        let scan = ScanOptions(recursive: options.recursive, includeHidden: options.hidden)
        for path in options.preselect {
            if let problem = problem(MediaLibrary.placement(of: path, in: sources, options: scan)) {
                throw .message("--preselect \(path.visible): \(problem)")
            }
        }
    }

    /// Why a preselection placed so is not among the files to pick from; nil when it is.
    static func problem(_ placement: MediaLibrary.Placement) -> String? {
        let notAmong = "not among the files to pick from"
        switch placement {
        case .listed: return nil
        case .outside: return notAmong + " (name it or its folder as a PATH)"
        case .inSubFolder: return "in a sub-folder, " + notAmong + " (-r searches sub-folders)"
        case .hidden: return "a hidden name, " + notAmong + " (--hidden lists such names)"
        case .throughSymlink: return "under a symlink to a folder, which -r does not follow; " + notAmong + " (name it or its folder as a PATH)"
        }
    }

    /// Why `count` distinct preselections are too many for `limit` (0: no limit); nil when not.
    static func problem(count: Int, limit: Int) -> String? {
        guard limit > 0, count > limit else { return nil }
        return "--preselect names \(count) files, but at most \(limit) may be picked (--limit \(limit)); -l N or -m allows more"
    }
}
