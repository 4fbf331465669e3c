import MediaDecoding
import Platform

extension MediaLibrary.State {
    /// What one look at the followed folders goes through, copied out of the lock.
    struct Look {
        /// Each folder's key, path and version when last read.
        var folders: [(key: PathKey, folder: FollowedFolders.Folder)]
        var recheck: [FollowedFolders.Recheck]
    }

    /// The folders and young files to look at, or nil while the sources' own reading is under
    /// way (a folder not read yet would be taken for a new one and read twice).
    func lookPlan() -> Look? {
        guard !cancelled, walk == nil, sources.isEmpty, !running.contains(.scan), !followed.folders.isEmpty else { return nil }
        return Look(folders: followed.folders.map { ($0.key, $0.value) }, recheck: followed.recheck)
    }

    /// Notes a folder opened by a reading (the sources' own, or a look's).
    mutating func opened(_ path: RawPath, _ status: FileStat, rootLength: Int, ordinal: Int) {
        followed.opened(path, status, rootLength: rootLength, ordinal: ordinal, now: FileTime.now)
    }

    /// Drops the entries of folders that are gone (removed, renamed, or no longer folders),
    /// and forgets them. True when an entry was dropped.
    mutating func forget(_ gone: [PathKey]) -> Bool {
        var changed = false
        for key in gone {
            guard let folder = followed.folders.removeValue(forKey: key) else { continue }
            for slot in folder.slots where live[slot] {
                markVanished(entries[slot].path)
                changed = true
            }
        }
        return changed
    }

    /// A file a look found, with what can be worked out of it outside the lock: its key, its
    /// folder's key and, when the library already knew its path, its place in `entries` (read
    /// from a copy of `index`; `place(of:)` says when it still holds).
    struct FoundFile {
        var entry: MediaEntry
        var key: PathKey
        var folder: PathKey
        var slot: Int?
    }

    /// Where `file` is in `entries` now. The copy's place holds while its entry is listed: a
    /// path is given a new place only when found again after its entry was dropped (`insert`),
    /// and a dropped entry is never listed again. Otherwise (dropped, or new since the copy)
    /// the index is asked.
    private func place(of file: FoundFile) -> Int? {
        if let slot = file.slot, live[slot] { return slot }
        return index[file.key]
    }

    /// Takes what a look read again: `read`, the folders it read (changed ones, and new ones
    /// found in them), and `found`, the files they hold now. New files are listed, files back
    /// or changed since they were left out are listed anew (`insert`), and files the folders
    /// no longer hold are dropped, as a vanished file is.
    mutating func relist(_ read: [PathKey], found: [FoundFile]) {
        // Only what is new to the library goes in: a reading that finds what was there changes
        // nothing, and the picker then arranges nothing again.
        let fresh = found.filter { file in
            guard let known = place(of: file) else { return true }
            return !live[known] && followed.mayList(file.entry, droppedAt: known, was: entries[known])
        }
        if !fresh.isEmpty { insert(fresh.map(\.entry)) }
        var now: [PathKey: [Int]] = [:]
        var present = Set<Int>()
        present.reserveCapacity(found.count)
        for file in found {
            guard let slot = place(of: file) else { continue }
            now[file.folder, default: []].append(slot)
            present.insert(slot)
        }
        for key in read {
            guard let before = followed.folders[key]?.slots else { continue }
            for slot in before where live[slot] && !present.contains(slot) { markVanished(entries[slot].path) }
            followed.folders[key]?.slots = now[key] ?? []
        }
    }

    /// Takes what a look found of the young files left out for their content: `changed`, those
    /// written since (listed anew by `insert`), and `done`, those to look at no more (gone,
    /// listed anew, or no longer young).
    mutating func rechecked(changed: [MediaEntry], done: Set<Int>) {
        if !changed.isEmpty { insert(changed) }
        if !done.isEmpty { followed.recheck.removeAll { done.contains($0.slot) } }
    }
}
