#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
import Platform
import TerminalUI

/// A file that cannot be read is not offered for picking: a path handed out that nothing can
/// open is of no use, and a media picker (Apple's too) offers only what it can open. The mark
/// the library gave at its scan may be out of date by the time of a pick (permissions
/// change), so each pick asks the file system again: one `faccessat`, through the library's
/// check (`PickerModel.readProblem`), which tests replace, as they run as root. With
/// `refusesUndecodablePictures` (`--export`), a picture whose thumbnail could not be decoded
/// is refused the same way (`undecodable`): the export would fail on it, and take back the
/// copies of all the others. So is a picture the export cannot write for its size (larger than
/// a JPEG can be, or over the pixel limit in a form that cannot be read in bands), by the rule
/// the exporter checks before it starts (`JPEGCopy.refusal`), from the header the library read
/// when it classified the file (read at the pick when it has not yet).
extension PickerModel {
    /// What a check of a file's readability found, and the effects it asks for.
    struct Readability {
        /// The `errno` saying why the file cannot be read; nil when it can (or is gone).
        var problem: Int32?
        /// True when the file is gone: it is not picked, and the library drops its entry.
        var gone = false
        /// Why the picture cannot be exported, when that refuses it (`undecodable`, or its size).
        var undecodable: String?
        /// A library reclassification when the entry's mark is out of date, or the drop of
        /// an entry whose file is gone.
        var effects: [PickerEffect]

        /// What the status line says of a pick of `path` this check refuses; nil when it may be picked.
        func refusal(of path: RawPath) -> String? {
            if gone { return PickerModel.goneMessage(path) }
            if let problem { return PickerModel.refusal(of: path, problem) }
            return undecodable.map { PickerModel.exportRefusal(of: path, $0) }
        }
    }

    /// Whether `entry` can be picked now. A file that is gone is refused too, and its entry
    /// dropped from the grid: finishing with it made Enter end the picker with an error (exit
    /// 2, the other picks printed or none), where an unreadable one kept the picker open. So is
    /// one a folder has taken the place of (`EISDIR`): Enter printed the folder's path with the
    /// picture's type, size and pixels.
    func readability(of entry: MediaEntry) -> Readability {
        let found = readProblem(entry.path)
        if let found, Self.isGone(found) { return Readability(problem: nil, gone: true, effects: [.vanished([entry.path])]) }
        // Marked readable but not (or the reverse): the library reads it again, so its tile
        // says "no access", or shows its picture once more.
        let outdated = (found != nil) != entry.isUnreadable
        return Readability(problem: found, undecodable: found == nil ? exportRefusal(of: entry, readingHeader: true) : nil,
                           effects: outdated ? [.reclassify([entry.path])] : [])
    }

    /// Why the picture `entry` cannot be exported, when the picks are to be exported
    /// (`refusesUndecodablePictures`): its size is one the export cannot write
    /// (`sizeRefusal`), or its thumbnail could not be decoded (`undecodable`). The size is told
    /// first: a header saying 100000x100000 over too little data is both, and the size is
    /// what the user can act on.
    func exportRefusal(of entry: MediaEntry, readingHeader: Bool) -> String? {
        guard configuration.refusesUndecodablePictures else { return nil }
        return sizeRefusal(of: entry, readingHeader: readingHeader) ?? undecodable[entry.path]
    }

    /// Why the picture `entry` is one the export cannot write for its size (`JPEGCopy.refusal`
    /// of the header the library read). An entry not yet classified has its header read now
    /// with `readingHeader` (one file, at Space or Enter), and is trusted without (Ctrl-A, over
    /// every shown entry: no system call each). Nil for a video, which is copied as it is.
    func sizeRefusal(of entry: MediaEntry, readingHeader: Bool) -> String? {
        switch entry.status {
        case .media(let format) where format.kind == .image: return entry.header.flatMap { JPEGCopy.refusal($0) }
        case .pending where readingHeader && entry.listedKind != .video: return exportSizeProblem(entry.path)
        default: return nil
        }
    }

    /// Whether a read check's `problem` says the file picked is gone: not there, or a folder in
    /// its place (`FileAccess.readProblem`'s `EISDIR`).
    static func isGone(_ problem: Int32) -> Bool { SystemError.isMissing(problem) || problem == EISDIR }

    /// The status line's words for a pick of `path` refused because of `problem`.
    static func refusal(of path: RawPath, _ problem: Int32) -> String {
        "Cannot pick \(path.lastComponent.visible): \(SystemError.reason(problem))"
    }

    /// The status line's words for a pick of the picture at `path`, which could not be decoded
    /// for `reason`, refused because the picks are to be exported.
    static func exportRefusal(of path: RawPath, _ reason: String) -> String {
        "Cannot export \(path.lastComponent.visible): \(reason)"
    }

    /// The status line's words for a pick of `path` whose file is gone.
    static func goneMessage(_ path: RawPath) -> String {
        "\(path.lastComponent.visible) is gone"
    }

    /// Ctrl-A: every shown entry up to the limit, but those that cannot be read (or, with
    /// `refusesUndecodablePictures`, decoded) and those the host holds from earlier picks
    /// (`chosenBefore`: one more sheet took them all again); says how many were skipped. Only
    /// the few marked unreadable are asked again (one may be readable now); the rest are
    /// trusted until Enter checks what is selected, so 100,000 entries cost no 100,000 system
    /// calls on this key.
    mutating func selectAllReadable() -> [PickerEffect] {
        var effects: [PickerEffect] = []
        var skipped = Set<Int>()
        var first: (path: RawPath, reason: String)?
        var unreadableCount = 0
        var oversizedCount = 0
        for index in shownEntries.unreadableIndices {
            let entry = shownEntries[index]
            let check = readability(of: entry)
            effects += check.effects
            guard let problem = check.problem else { continue }
            if !selection.contains(entry.path) {
                skipped.insert(index)
                unreadableCount += 1
                if first == nil { first = (entry.path, SystemError.reason(problem)) }
            }
        }
        // The pictures known undecodable, or known from their header too large to export (none
        // unless they are refused): one pass, by hash, without a system call.
        if configuration.refusesUndecodablePictures {
            for (index, hashed) in shownEntries.hashedPaths.enumerated()
            where !skipped.contains(index) && !selection.contains(hashed.path, hash: hashed.hash) {
                let size = sizeRefusal(of: shownEntries[index], readingHeader: false)
                guard let reason = size ?? undecodable[hashed.path] else { continue }
                skipped.insert(index)
                if size != nil { oversizedCount += 1 }
                if first == nil { first = (hashed.path, reason) }
            }
        }
        let passedBy = chosenBeforeIndices(excluding: skipped)
        let excluded = skipped.union(passedBy)
        let refused = excluded.isEmpty ? selection.selectAll(hashed: shownEntries.hashedPaths)
                                       : selection.selectAll(hashed: shownEntries.hashedPaths(excluding: excluded))
        let limit = "Selected up to the limit of \(configuration.selectionLimit)" + chosenBeforeNote
        let chosen = passedBy.isEmpty ? nil : (passedBy.count == 1 ? "1 file already chosen" : "\(passedBy.count) files already chosen")
        let kind = Self.skippedKind(unreadable: unreadableCount, oversized: oversizedCount,
                                    broken: skipped.count - unreadableCount - oversizedCount)
        switch (refused > 0, first) {
        case (false, nil): return effects + (chosen.map { show(message: "Skipped " + $0) } ?? [])
        case (true, nil): return effects + show(message: limit + (chosen.map { "; skipped " + $0 } ?? ""))
        case (true, _?): return effects + show(message: limit + "; skipped \(skipped.count) \(kind)" + (chosen.map { ", " + $0 } ?? ""))
        case (false, let first?):
            let named = first.path.lastComponent.visible + ": " + first.reason
            let text = skipped.count == 1 ? "Skipped 1 \(kind) file (\(named))"
                                          : "Skipped \(skipped.count) \(kind) files (first \(named))"
            return effects + show(message: text + (chosen.map { "; " + $0 } ?? ""))
        }
    }

    /// The words for the files Ctrl-A skipped, by why: "unreadable", "broken" (undecodable),
    /// "oversized" (too large to export), or those of each kind there is, joined.
    static func skippedKind(unreadable: Int, oversized: Int, broken: Int) -> String {
        let kinds = [(unreadable, "unreadable"), (broken, "broken"), (oversized, "oversized")].filter { $0.0 > 0 }.map(\.1)
        return kinds.count <= 2 ? kinds.joined(separator: " or ") : "unreadable, broken or oversized"
    }

    /// The indices of the shown entries the host chose before (`chosenBefore`) that are not
    /// selected here nor among `skipped`: what Ctrl-A passes by. One probe per shown entry, by
    /// the hash the list keeps, and none when nothing was chosen before.
    private func chosenBeforeIndices(excluding skipped: Set<Int>) -> Set<Int> {
        guard !chosenBefore.isEmpty else { return [] }
        var found = Set<Int>()
        for (index, entry) in shownEntries.hashedPaths.enumerated()
        where chosenBefore.contains(entry.path, hash: entry.hash) && !selection.contains(entry.path, hash: entry.hash) && !skipped.contains(index) {
            found.insert(index)
        }
        return found
    }

    /// The library's entries of the selected files, when the picks are to be exported (for
    /// their headers, `exportRefusal`); empty otherwise. One pass over the catalog, by hash.
    private func selectedEntries() -> [RawPath: MediaEntry] {
        guard configuration.refusesUndecodablePictures else { return [:] }
        var found: [RawPath: MediaEntry] = [:]
        for entry in catalog.entries where selection.contains(entry.path) { found[entry.path] = entry }
        return found
    }

    /// Enter with a selection: each selected file is asked again (it may have become
    /// unreadable, or been deleted, since it was picked). Those that cannot be read or are
    /// gone are unselected (the gone ones dropped from the grid) and the picker stays open,
    /// saying so, so that the user sees what Enter would have left out; a second Enter picks
    /// the rest.
    mutating func confirmSelection() -> [PickerEffect] {
        var lost: [(path: RawPath, problem: Int32)] = []
        var gone: [RawPath] = []
        var broken: [(path: RawPath, reason: String)] = []
        let selected = selectedEntries()
        for path in selection.ordered {
            if let problem = readProblem(path) {
                if Self.isGone(problem) { gone.append(path) } else { lost.append((path, problem)) }
            } else if let reason = exportRefusal(of: selected[path] ?? MediaEntry(path: path), readingHeader: true) {
                broken.append((path, reason))
            }
        }
        let count = lost.count + gone.count + broken.count
        guard count > 0 else { return finish(with: selection.ordered) }
        selection.remove(lost.map(\.path) + gone + broken.map(\.path))
        var clauses: [String] = []
        if let first = lost.first {
            let named = first.path.lastComponent.visible + ": " + SystemError.reason(first.problem)
            clauses.append(lost.count == 1 ? "Cannot pick \(named)" : "Cannot pick \(lost.count) selected files (first \(named))")
        }
        if let first = broken.first {
            clauses.append(broken.count == 1 ? Self.exportRefusal(of: first.path, first.reason)
                                             : "Cannot export \(broken.count) selected files (first \(first.path.lastComponent.visible): \(first.reason))")
        }
        if let first = gone.first {
            clauses.append(gone.count == 1 ? Self.goneMessage(first)
                                           : "\(gone.count) selected files are gone (first \(first.lastComponent.visible))")
        }
        let text = clauses.joined(separator: "; ") + (count == 1 ? " — unselected it" : " — unselected them")
        let effects: [PickerEffect] = (lost.isEmpty ? [] : [.reclassify(lost.map(\.path))]) + (gone.isEmpty ? [] : [.vanished(gone)])
        return effects + show(message: text)
    }
}
