#if canImport(Glibc)
import Glibc

/// The watches of one inotify descriptor (`DirectoryNotifier`'s, behind its lock): which folders
/// each watch descriptor stands for, and the folders whose watch was lost that are awaited.
///
/// inotify watches an inode, not a path: a folder removed and made again at its path
/// (`rm -r shots && mkdir shots`, as build and sync tools do) is another inode, and its old
/// watch ends (`IN_IGNORED`). A folder watched is meant to be watched *at its path*, so a lost
/// watch is asked for again at once, and when the path is not there, the folder is awaited at
/// its nearest existing ancestor (whose `IN_CREATE` or `IN_MOVED_TO` of the next name on the
/// way asks again), so it is watched as soon as it is back, not at the caller's next timed look.
struct NotifierWatches {
    /// What one watch descriptor stands for.
    struct Watch {
        /// The folders watched for their changes (one inode may be named twice).
        var folders: [RawPath] = []
        /// Folders awaited below this one, by the name of the next component of their path.
        var awaited: [[UInt8]: [RawPath]] = [:]
    }

    /// At most this many folders are awaited at once (folders removed for good, as a build's
    /// temporary folders are, stay awaited); past it, a lost folder is left to the caller's looks.
    static let awaitedLimit = 1024

    private let inotify: Int32
    private let events: UInt32
    private var watches: [Int32: Watch] = [:]
    /// The watch descriptor of each folder watched.
    private var folders: [PathKey: Int32] = [:]
    private var awaitedCount = 0
    /// True once the system refused a watch for its limit: no more are asked.
    private var full = false

    /// The watches of `inotify`, each asked for with `events`.
    init(inotify: Int32, events: UInt32) {
        (self.inotify, self.events) = (inotify, events)
    }

    /// Watches the folder at `path` (already watched: nothing); 0, or the `errno` saying why not
    /// (`ENOSPC` when the system's limit is reached, after which nothing more is asked).
    mutating func add(_ path: RawPath) -> Int32 {
        if folders[PathKey(path)] != nil { return 0 }
        guard !full else { return ENOSPC }
        let descriptor = path.withCString { inotify_add_watch(inotify, $0, events) }
        guard descriptor >= 0 else { return refused(errno) }
        folders[PathKey(path)] = descriptor
        watches[descriptor, default: Watch()].folders.append(path)
        return 0
    }

    /// Takes one event of watch `descriptor` (`name`: the file it names in that folder, empty
    /// for the folder itself); true when the caller is to be told: a change in a folder
    /// watched, a folder awaited back, the queue overflowed (events lost).
    mutating func take(_ descriptor: Int32, mask: UInt32, name: [UInt8]) -> Bool {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }
        // A watch let go (an ancestor no longer needed) may still have events queued.
        guard let watch = watches[descriptor] else { return false }
        if mask & UInt32(IN_IGNORED) != 0 {
            lost(descriptor)
            return true
        }
        // Moved away, the folder's watch would follow it elsewhere: it is let go, and the
        // `IN_IGNORED` that follows asks for the path again.
        if mask & UInt32(IN_MOVE_SELF) != 0 { _ = inotify_rm_watch(inotify, descriptor) }
        var told = !watch.folders.isEmpty
        if !name.isEmpty, let waiting = watch.awaited[name] {
            watches[descriptor]?.awaited[name] = nil
            awaitedCount -= waiting.count
            letGoIfUnused(descriptor)
            for path in waiting {
                if rewatch(path) { told = true }
            }
        }
        return told
    }

    /// The watch `descriptor` has ended (its folder removed, or let go after a move): each of
    /// its folders is watched again at its path or awaited, and so is each folder awaited there.
    private mutating func lost(_ descriptor: Int32) {
        guard let watch = watches.removeValue(forKey: descriptor) else { return }
        for path in watch.folders where folders[PathKey(path)] == descriptor { folders[PathKey(path)] = nil }
        for path in watch.folders { _ = rewatch(path) }
        for waiting in watch.awaited.values {
            awaitedCount -= waiting.count
            for path in waiting { _ = rewatch(path) }
        }
    }

    /// Watches `path` again, or awaits it when it is not there; true when it is watched.
    private mutating func rewatch(_ path: RawPath) -> Bool {
        // A few rounds: a folder on the way may be made between a failed try and the watch on
        // its parent (its event then came before the watch).
        for _ in 0..<4 {
            let problem = add(path)
            if problem == 0 { return true }
            guard SystemError.isMissing(problem), let place = awaitAtAncestor(path) else { return false }
            guard case .success(let status) = FileStat.of(place.child), status.isDirectory else { return false }
            unawait(path, at: place.descriptor, next: place.next)
        }
        return false
    }

    /// Awaits `path` at its nearest existing ancestor: the watch descriptor, the name awaited
    /// there and the absolute path it makes; nil when none can be watched or too many wait.
    private mutating func awaitAtAncestor(_ path: RawPath) -> (descriptor: Int32, next: [UInt8], child: RawPath)? {
        guard awaitedCount < Self.awaitedLimit, !full else { return nil }
        var child = PathText.absolute(path)
        while child.bytes.count > 1 {
            let ancestor = child.parent
            let descriptor = ancestor.withCString { inotify_add_watch(inotify, $0, events) }
            if descriptor >= 0 {
                let next = child.lastComponent.bytes
                watches[descriptor, default: Watch()].awaited[next, default: []].append(path)
                awaitedCount += 1
                return (descriptor, next, child)
            }
            guard SystemError.isMissing(refused(errno)) else { return nil }
            child = ancestor
        }
        return nil
    }

    /// Takes `path` out of those awaited at `descriptor` for `next`.
    private mutating func unawait(_ path: RawPath, at descriptor: Int32, next: [UInt8]) {
        guard var waiting = watches[descriptor]?.awaited[next], let place = waiting.lastIndex(of: path) else { return }
        waiting.remove(at: place)
        watches[descriptor]?.awaited[next] = waiting.isEmpty ? nil : waiting
        awaitedCount -= 1
        letGoIfUnused(descriptor)
    }

    /// Ends the watch `descriptor` when it stands for nothing any more (an ancestor whose
    /// awaited folders are all back), so that the changes there are not read for nothing.
    private mutating func letGoIfUnused(_ descriptor: Int32) {
        guard let watch = watches[descriptor], watch.folders.isEmpty, watch.awaited.isEmpty else { return }
        watches[descriptor] = nil
        _ = inotify_rm_watch(inotify, descriptor)
    }

    /// Notes a watch refused for `code`; returns it.
    private mutating func refused(_ code: Int32) -> Int32 {
        if code == ENOSPC { full = true }
        return code
    }
}
#endif
