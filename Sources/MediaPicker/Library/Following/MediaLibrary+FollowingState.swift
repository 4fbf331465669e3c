import MediaDecoding
import Platform

extension MediaLibrary.State {
    /// What one look at the followed folders goes through, copied out of the lock.
    struct Look {
        /// Each folder's key, path and version when last read.
        var folders: [(key: PathKey, folder: FollowedFolders.Folder)]
        var recheck: [FollowedFolders.Recheck]
        /// The files that could not be read for their permissions.
        var unreadable: [FollowedFolders.Recheck]
    }

    /// The folders, young files and unreadable files to look at, or nil while the sources' own reading is under
    /// way (a folder not read yet would be taken for a new one and read twice).
    func lookPlan() -> Look? {
        guard !cancelled, walk == nil, sources.isEmpty, !running.contains(.scan), !followed.folders.isEmpty else { return nil }
        return Look(folders: followed.folders.map { ($0.key, $0.value) }, recheck: followed.recheck,
                    unreadable: followed.unreadable)
    }

    /// Notes a folder opened by a reading (the sources' own, or a look's).
    mutating func opened(_ path: RawPath, _ status: FileStat, rootLength: Int, ordinal: Int) {
        followed.opened(path, status, rootLength: rootLength, ordinal: ordinal, now: FileTime.now)
    }

    /// Drops the entries of folders that are gone (removed, renamed, or no longer folders),
    /// and forgets them, but for a source's own folder, which is kept, empty, to be read again
    /// when a look finds it back (`rm -r shots && mkdir shots`, as build and sync tools do);
    /// a folder below it is found again by the reading of its parent. True when an entry
    /// was dropped.
    mutating func forget(_ gone: [PathKey]) -> Bool {
        var changed = false
        for key in gone {
            guard let folder = followed.folders[key] else { continue }
            if folder.isSource {
                followed.folders[key]?.slots = []
                followed.folders[key]?.version = .unsure
            } else {
                followed.folders[key] = nil
            }
            for slot in folder.slots where live[slot] {
                markVanished(entries[slot].path)
                changed = true
            }
        }
        return changed
    }

    /// A file a look found that the library does not list now (new, or dropped before): its
    /// key and its folder's key, worked out outside the lock.
    struct UnlistedFile {
        var entry: MediaEntry
        var key: PathKey
        var folder: PathKey
    }

    /// What a look read again, worked out outside the lock against copies of the index, of
    /// which entries are listed and of the folders' entries (`MediaLibrary.relisting`), so
    /// that the lock is held for what changed only: a look at the soak's folder of 20,000
    /// files matched every name, built the folder's list and a set of 20,000 places under
    /// it, and the main actor, which reads the library under the same lock, waited 30 to 70
    /// ms behind a thread at a lower priority (the 30-minute soak's slowest keys).
    struct Relisting {
        /// The folders read (changed ones, and new ones found in them).
        var read: [PathKey]
        /// The files found that the copies say are not listed.
        var unlisted: [UnlistedFile]
        /// For each folder read, the listed entries found in it.
        var kept: [PathKey: [Int]]
        /// Listed entries of the folders read that they no longer hold.
        var gone: [Int]
    }

    /// Takes what a look read again: new files are listed, files back or changed since they
    /// were left out are listed anew (`insert`), and files the folders no longer hold are
    /// dropped, as a vanished file is. What changed since the copies were taken is checked
    /// here: a file listed meanwhile is kept as listed, a place dropped meanwhile stays dropped.
    mutating func relist(_ relisting: Relisting) {
        // Only what is new to the library goes in: a reading that finds what was there changes
        // nothing, and the picker then arranges nothing again.
        let fresh = relisting.unlisted.filter { file in
            guard let known = index[file.key] else { return true }
            return !live[known] && followed.mayList(file.entry, droppedAt: known, was: entries[known])
        }
        if !fresh.isEmpty { insert(fresh.map(\.entry)) }
        var kept = relisting.kept
        for file in relisting.unlisted {
            if let slot = index[file.key], live[slot] { kept[file.folder, default: []].append(slot) }
        }
        for slot in relisting.gone where live[slot] { markVanished(entries[slot].path) }
        for key in relisting.read { followed.folders[key]?.slots = kept[key] ?? [] }
    }

    /// Takes what a look found of the young files left out for their content: `changed`, those
    /// written since (listed anew by `insert`), and `done`, those to look at no more (gone,
    /// listed anew, or no longer young).
    mutating func rechecked(changed: [MediaEntry], done: Set<Int>) {
        if !changed.isEmpty { insert(changed) }
        if !done.isEmpty { followed.recheck.removeAll { done.contains($0.slot) } }
    }

    /// Takes what a look found of the files that could not be read: `readable`, those that can
    /// be now (one left out is listed anew by `insert`, classified as a new file is, though its
    /// size and time are the same; one listed marked unreadable is classified again), and
    /// `done`, those to look at no more (gone, or readable).
    mutating func rechecked(readable: [MediaEntry], done: Set<Int>) {
        var leftOut: [MediaEntry] = []
        for entry in readable {
            let key = PathKey(entry.path)
            followed.readableAgain.insert(key)
            guard let known = index[key], live[known] else {
                // No longer left out for its content: `insert` then lists it again.
                if let known = index[key] { followed.keptOut.remove(known) }
                leftOut.append(entry)
                continue
            }
            // (Not one classified since, as a pick does when it finds the file readable.)
            if case .unreadable = entries[known].status { _ = reclassify(entry.path) }
        }
        if !leftOut.isEmpty { insert(leftOut) }
        if !done.isEmpty { followed.unreadable.removeAll { done.contains($0.slot) } }
    }
}
