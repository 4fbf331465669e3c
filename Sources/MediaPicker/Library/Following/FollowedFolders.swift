import MediaDecoding
import Platform

/// What a library remembers of the folders it has read, so that a later look can tell which
/// changed and what changed in them: each folder's status when it was read (a file made,
/// removed or renamed in it changes its modification time), the entries found in it, and the
/// entries left out for their content that may still be being written (an empty file, a
/// download not finished), whose own status is looked at again for a while.
///
/// Part of `MediaLibrary.State`, behind its lock; the looking is `MediaLibrary+Following`.
struct FollowedFolders {
    /// A folder's status as far as its listing goes.
    struct Version: Hashable {
        var device: UInt64
        var inode: UInt64
        var modificationTime: FileTime
        var statusChangeTime: FileTime

        init(_ status: FileStat) {
            (device, inode) = (status.device, status.inode)
            (modificationTime, statusChangeTime) = (status.modificationTime, status.statusChangeTime)
        }

        /// A version no folder has: the folder is read again at the next look.
        static let unsure = Version(device: .max, inode: .max, time: FileTime(seconds: .min))

        private init(device: UInt64, inode: UInt64, time: FileTime) {
            (self.device, self.inode, modificationTime, statusChangeTime) = (device, inode, time, time)
        }
    }

    /// A folder read, as a scan of its source names its entries.
    struct Folder {
        var path: RawPath
        var version: Version
        /// `MediaEntry.rootLength` and `sourceOrdinal` of the entries found in it.
        var rootLength: Int
        var ordinal: Int
        /// The library's entries (places in `State.entries`) found in it at the last reading.
        var slots: [Int] = []

        /// True for the folder a source names (not one found below it): no followed folder
        /// holds it, so no reading of another finds it again once it is gone.
        var isSource: Bool { DirectoryScanner.Walk(path).rootLength == rootLength }
    }

    /// A file left out for its content, looked at again while it is young.
    struct Recheck {
        var slot: Int
        var path: RawPath
        var byteSize: Int64
        var modificationTime: FileTime
    }

    /// How long after its last change a file left out for its content is looked at again (a
    /// download, a copy: written for seconds or minutes; older ones are looked at again only
    /// when their folder changes).
    static let youngFor: Int64 = 15 * 60
    /// At most this many such files are looked at on each look (the newest found), and as
    /// many of those left out as unreadable.
    static let recheckLimit = 256
    /// A folder changed this recently when read may change again within the file system's
    /// clock tick (ext4: a few milliseconds; FAT: two seconds) without its time moving: it is
    /// read again at the next look, as git treats a racily clean file.
    static let settledAfter: Int64 = 2

    /// The folders read, by their path as the scan spells the parent of their entries.
    var folders: [PathKey: Folder] = [:]
    /// Every folder's path in the order first read (for `FolderWatch`'s inotify watches).
    var order: [RawPath] = []
    /// Entries left out for their content (not media, or unreadable and not named as media):
    /// listed again only when the file has changed since. Any other entry no longer listed
    /// (its file vanished) is listed again whenever its file is found again.
    var keptOut: Set<Int> = []
    /// The young files of `keptOut`, oldest first.
    var recheck: [Recheck] = []
    /// The files that could not be read for their permissions, of any age, oldest first: those
    /// of `keptOut` and those listed marked unreadable (`markedUnreadable`). Each look asks
    /// whether they can be read now, since a `chmod` changes neither their size nor their time
    /// (nor their folder), which is all the other looks go by.
    var unreadable: [Recheck] = []
    /// Files listed anew (or classified again) because they could be read, until classified:
    /// one found unreadable again (the access check said yes, the read said no: a security
    /// module) is not looked at again, or it would be listed anew at every look.
    var readableAgain: Set<PathKey> = []
    /// A look is queued or under way; `lookAgain`: another was asked for meanwhile.
    var looking = false
    var lookAgain = false
    /// Who waits for the next look to end (`checkFolders`).
    var waiters: [CheckedContinuation<Void, Never>] = []

    /// The key of the folder at `path` (however it was given: `a/`, `.`, `/`), as `key(ofFolderOf:)` spells it.
    static func key(ofFolder path: RawPath) -> PathKey { PathKey(path.appending(RawPath("x")).parent) }

    /// The key of the folder holding the file at `path`.
    static func key(ofFolderOf path: RawPath) -> PathKey { PathKey(path.parent) }

    /// Notes a folder just opened for reading, with its status from before its names were read;
    /// the entries it held stay until the reading's end replaces them.
    mutating func opened(_ path: RawPath, _ status: FileStat, rootLength: Int, ordinal: Int, now: FileTime) {
        var version = Version(status)
        if now.seconds - status.modificationTime.seconds < Self.settledAfter { version = .unsure }
        let key = Self.key(ofFolder: path)
        if folders[key] != nil {
            folders[key]?.version = version
        } else {
            folders[key] = Folder(path: path, version: version, rootLength: rootLength, ordinal: ordinal)
            order.append(path)
        }
    }

    /// Notes `slot`, a new entry at `path`, as found in its folder, if that folder is followed.
    mutating func found(_ slot: Int, at path: RawPath) {
        guard !folders.isEmpty else { return }
        folders[Self.key(ofFolderOf: path)]?.slots.append(slot)
    }

    /// Notes that the entry at `slot` was left out for its content (`unreadable`: it could not
    /// be read); a young file in a followed folder is looked at again, and so is an unreadable one.
    mutating func keepOut(_ slot: Int, _ entry: MediaEntry, unreadable cannotRead: Bool, now: FileTime) {
        guard !folders.isEmpty, folders[Self.key(ofFolderOf: entry.path)] != nil else { return }
        keptOut.insert(slot)
        let file = Recheck(slot: slot, path: entry.path, byteSize: entry.byteSize, modificationTime: entry.modificationTime)
        if cannotRead && readableAgain.remove(PathKey(entry.path)) == nil { Self.append(file, to: &unreadable) }
        if now.seconds - entry.modificationTime.seconds < Self.youngFor { Self.append(file, to: &recheck) }
    }

    /// Notes that the entry at `slot`, listed, could not be read (it is marked so, its name
    /// saying picture or video): in a followed folder, it is classified again once it can be.
    mutating func markedUnreadable(_ slot: Int, _ entry: MediaEntry) {
        guard !folders.isEmpty, folders[Self.key(ofFolderOf: entry.path)] != nil,
              readableAgain.remove(PathKey(entry.path)) == nil else { return }
        Self.append(Recheck(slot: slot, path: entry.path, byteSize: entry.byteSize, modificationTime: entry.modificationTime),
                    to: &unreadable)
    }

    /// Adds `file` to a list of files looked at again, keeping the newest `recheckLimit`.
    private static func append(_ file: Recheck, to list: inout [Recheck]) {
        list.append(file)
        if list.count > recheckLimit { list.removeFirst(list.count - recheckLimit) }
    }

    /// Whether `entry`, found again where the entry at `slot` was dropped (`was`), is listed
    /// anew: always after its file vanished; after it was left out for its content, only when
    /// the file has changed since.
    func mayList(_ entry: MediaEntry, droppedAt slot: Int, was old: MediaEntry) -> Bool {
        guard keptOut.contains(slot) else { return true }
        return entry.byteSize != old.byteSize || entry.modificationTime != old.modificationTime
    }
}
