import MediaDecoding
import Platform

extension MediaLibrary {
    /// Follows the library's folders until the returned watch is cancelled (or released): every
    /// `interval`, a background job looks at each folder read (one `stat`), reads again the
    /// ones that changed and any new sub-folder (`-r`), lists the files added, drops the files
    /// removed, and lists a file left out as not media once it has changed (an empty file
    /// being written, a download finishing). Files given by themselves (arguments, stdin) are
    /// not followed; a folder is, however it was given.
    public func watchFolders(every interval: Duration = .seconds(1)) -> FolderWatch {
        FolderWatch(library: self, interval: interval)
    }

    /// Looks at the folders once now, and returns when that look is done (its new entries are
    /// then listed; their classification follows, `waitUntilIdle`). Does nothing while the
    /// sources are still being read.
    public func checkFolders() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            requestFolderCheck(continuation)
        }
    }

    /// The paths of the folders read after the first `start`, and how many have been read.
    func followedFolders(after start: Int) -> (paths: [RawPath], end: Int) {
        withState { state in
            let order = state.followed.order
            return (Array(order[min(start, order.count)...]), order.count)
        }
    }

    /// Starts a look unless one is queued or running, in which case another follows it (a
    /// change made during a look may have been missed by it); `waiter` is resumed when the
    /// look that covers the request is done. (The watch asks through `checkFolders` alone.)
    private func requestFolderCheck(_ waiter: CheckedContinuation<Void, Never>) {
        let start: Bool = withState { state in
            state.followed.waiters.append(waiter)
            if state.followed.looking {
                state.followed.lookAgain = true
                return false
            }
            state.followed.looking = true
            return true
        }
        if start { run(.background) { [self] in lookJob() } }
    }

    private func lookJob() {
        while true {
            let waiters: [CheckedContinuation<Void, Never>] = withState { state in
                state.followed.lookAgain = false
                defer { state.followed.waiters.removeAll() }
                return state.followed.waiters
            }
            look()
            waiters.forEach { $0.resume() }
            let left: [CheckedContinuation<Void, Never>]? = withState { state in
                if state.followed.lookAgain && !state.cancelled { return nil }
                state.followed.looking = false
                defer { state.followed.waiters.removeAll() }
                return state.followed.waiters
            }
            guard let left else { continue }
            left.forEach { $0.resume() }
            return
        }
    }

    /// One look: a `stat` per followed folder and per young file left out; a folder read
    /// again only when its status changed.
    private func look() {
        guard let plan = withState({ $0.lookPlan() }) else { return }
        var gone: [PathKey] = []
        var changed: [FollowedFolders.Folder] = []
        for (key, folder) in plan.folders {
            switch FileStat.of(folder.path) {
            case .success(let status) where status.isDirectory:
                if FollowedFolders.Version(status) != folder.version { changed.append(folder) }
            case .success:
                gone.append(key)
            case .failure(let error):
                // A folder that cannot be looked at now (its parent's permissions) keeps its entries.
                if error.isMissing { gone.append(key) }
            }
        }
        var touched = withState { $0.forget(gone) }
        for folder in changed where withState({ !$0.cancelled }) {
            reread(folder)
            touched = true
        }
        if recheck(plan.recheck) { touched = true }
        if recheckReadable(plan.unreadable) { touched = true }
        guard touched else { return }
        notifySubscribers()
        startJobs()
    }

    /// Reads `folder` again, and the sub-folders found in it that are not followed yet (new,
    /// or renamed into it), as its source's scan would.
    private func reread(_ folder: FollowedFolders.Folder) {
        let scanner = DirectoryScanner(recursive: options.recursive, includeHidden: options.includeHidden)
        var walk = DirectoryScanner.Walk([folder.path], rootLength: folder.rootLength, ordinal: folder.ordinal)
        var found: [MediaEntry] = []
        var read: [PathKey] = []
        let opened: (RawPath, FileStat) -> Void = { path, status in
            read.append(FollowedFolders.key(ofFolder: path))
            self.withState { $0.opened(path, status, rootLength: folder.rootLength, ordinal: folder.ordinal) }
        }
        let stop = { self.withState { $0.cancelled } }
        scanner.scan(&walk, folderLimit: 1, found: { found += $0 }, issue: { _ in }, opened: opened, shouldStop: stop)
        // Sub-folders followed already are looked at on their own.
        walk.pending.removeAll { path in withState { $0.followed.folders[FollowedFolders.key(ofFolder: path)] != nil } }
        while !walk.isDone && !stop() {
            scanner.scan(&walk, folderLimit: Self.foldersPerJob, found: { found += $0 }, issue: { _ in }, opened: opened, shouldStop: stop)
        }
        let relisting = relisting(read, found: found)
        withState { $0.relist(relisting) }
    }

    /// What `found`, the files of the folders `read`, changes, worked out against copies of
    /// the library's index, listed flags and folders' entries taken under the lock (copies on
    /// write: a retain each) and used outside it. They are let go on return, before the state
    /// is next changed, so their storage is never duplicated.
    private func relisting(_ read: [PathKey], found: [MediaEntry]) -> State.Relisting {
        let (index, live, before) = withState { state in
            (state.index, state.live, read.flatMap { state.followed.folders[$0]?.slots ?? [] })
        }
        var unlisted: [State.UnlistedFile] = []
        var kept: [PathKey: [Int]] = [:]
        var present = Set<Int>()
        present.reserveCapacity(found.count)
        for entry in found {
            let key = PathKey(entry.path), folder = FollowedFolders.key(ofFolderOf: entry.path)
            if let slot = index[key], live[slot] {
                kept[folder, default: []].append(slot)
                present.insert(slot)
            } else {
                unlisted.append(State.UnlistedFile(entry: entry, key: key, folder: folder))
            }
        }
        let gone = before.filter { live[$0] && !present.contains($0) }
        return State.Relisting(read: read, unlisted: unlisted, kept: kept, gone: gone)
    }

    /// Looks at the young files left out for their content; true when one changed.
    private func recheck(_ files: [FollowedFolders.Recheck]) -> Bool {
        guard !files.isEmpty else { return false }
        let now = FileTime.now
        var changed: [MediaEntry] = []
        var done = Set<Int>()
        for file in files {
            guard case .success(let status) = FileStat.of(file.path), status.isRegular else {
                done.insert(file.slot)
                continue
            }
            if status.byteSize != file.byteSize || status.modificationTime != file.modificationTime {
                changed.append(entry(again: file, status))
                done.insert(file.slot)
            } else if now.seconds - status.modificationTime.seconds >= FollowedFolders.youngFor {
                done.insert(file.slot)
            }
        }
        withState { $0.rechecked(changed: changed, done: done) }
        return !changed.isEmpty
    }

    /// Looks at the files that could not be read (a `stat` and an access check each); true when
    /// one can be read now (`chmod`, which inotify tells as `IN_ATTRIB`): one left out is
    /// listed anew, one marked unreadable classified again.
    private func recheckReadable(_ files: [FollowedFolders.Recheck]) -> Bool {
        guard !files.isEmpty else { return false }
        var readable: [MediaEntry] = []
        var done = Set<Int>()
        for file in files {
            guard case .success(let status) = FileStat.of(file.path), status.isRegular else {
                done.insert(file.slot)
                continue
            }
            guard readCheck(file.path) == nil else { continue }
            readable.append(entry(again: file, status))
            done.insert(file.slot)
        }
        withState { $0.rechecked(readable: readable, done: done) }
        return !readable.isEmpty
    }

    /// The entry a file left out becomes when listed again, as `status` finds it, named as before.
    private func entry(again file: FollowedFolders.Recheck, _ status: FileStat) -> MediaEntry {
        let (rootLength, ordinal) = withState { state in
            (state.entries[file.slot].rootLength, state.entries[file.slot].sourceOrdinal)
        }
        return MediaEntry(path: file.path, byteSize: status.byteSize, modificationTime: status.modificationTime,
                          rootLength: rootLength, sourceOrdinal: ordinal)
    }
}
