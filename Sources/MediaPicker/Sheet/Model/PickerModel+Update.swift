import MediaDecoding
import TerminalUI
import Platform

extension PickerModel {
    /// Applies one message. The only place the sheet's state changes; afterwards the top row
    /// is scrolled so the focus stays on screen in the current region.
    mutating func update(_ message: PickerMessage) -> PickerReply {
        let reply = apply(message)
        if let region { topRow = layout(in: region).topRow }
        return reply
    }

    private mutating func apply(_ message: PickerMessage) -> PickerReply {
        switch message {
        case .region(let newRegion):
            region = newRegion
            return PickerReply()
        case .library(let entries, let newProgress):
            progress = newProgress
            if let entries { derive(from: entries) }
            settleListing()
            return PickerReply()
        case .arranged(let arrangement, let newProgress):
            progress = newProgress
            install(arrangement)
            settleListing()
            return PickerReply()
        case .dropped(let paths):
            selection.remove(paths)
            return PickerReply()
        case .preselected(let paths):
            let adopted = Self.preselectable(paths, readProblem: readProblem)
            selection.selectAll(adopted)
            if finishesOnFirstPick, focusStaysFirst, focusWanted == nil, let first = adopted.first(where: selection.contains) {
                focusWanted = first
                focusWantedPreselection()
            }
            return PickerReply()
        case .tileFinished:
            return PickerReply()
        case .undecodable(let path, let reason):
            if configuration.refusesUndecodablePictures { undecodable[path] = reason }
            return PickerReply()
        case .decoded(let path):
            undecodable[path] = nil
            return PickerReply()
        case .messageExpired(let generation):
            if generation == messageGeneration { statusMessage = nil }
            // A later message's time-out ends the notice too (its own was cancelled for it).
            if generation >= noticeGeneration { notice = nil }
            return PickerReply()
        case .notice(let text):
            notice = text
            messageGeneration += 1
            noticeGeneration = messageGeneration
            return PickerReply(effects: [.expireMessage(generation: messageGeneration)])
        case .key, .mouse, .action, .selectTab, .focus:
            guard !isFinished else { return .unhandled }
            return input(message)
        }
    }

    private mutating func input(_ message: PickerMessage) -> PickerReply {
        switch message {
        case .key(let key): return handle(key)
        case .mouse(let mouse): return handle(mouse)
        case .action(let action): return PickerReply(effects: perform(action))
        case .selectTab(let newTab): setTab(newTab); return PickerReply()
        case .focus(let index): setFocus(index); return PickerReply()
        default: return .unhandled
        }
    }

    /// Does what an action asks; returns the effects (finishing, a message's time-out).
    mutating func perform(_ action: PickerAction) -> [PickerEffect] {
        guard !isFinished else { return [] }
        let columns = max(1, layout?.gridLayout.columns ?? 1)
        switch action {
        case .move(let dx, let dy): moveFocus(by: dx + dy * columns)
        case .page(let direction): moveFocus(by: direction * columns * max(1, layout?.gridLayout.rows ?? 1))
        case .first:
            setFocus(0)
            focusStaysFirst = true
            focusAskedFirst = true
        case .last: setFocus(shownEntries.count - 1)
        case .toggle: return toggleFocused()
        case .confirm: return confirm()
        case .cancel: return finish(with: [])
        case .cycleTab(let step):
            let tabs = availableTabs
            let index = tabs.firstIndex(of: tab) ?? 0
            setTab(tabs[(index + step + tabs.count) % tabs.count])
        case .preview:
            previewEntry = focusedEntry
        case .selectAll:
            // Limit 1: "all up to the limit" is one entry, and choosing it is finishing; the
            // focused one, as Space would choose, not the grid's first.
            if finishesOnFirstPick { return toggleFocused() }
            return selectAllReadable()
        case .clearSelection:
            return deselectShown()
        case .beginSearch, .insert, .deleteBackward, .deleteForward, .deleteWordBackward, .deleteToStart, .moveCursor,
             .cursorToStart, .cursorToEnd, .endSearch, .clearSearch:
            if search.apply(action) { derive() }
        }
        return []
    }

    /// Notes that the library's first listing is complete, when the sheet follows its folders:
    /// from then on, entries added keep the focus where it is (`install`).
    private mutating func settleListing() {
        if configuration.folderCheckInterval != nil && !progress.isScanning && !shownEntries.isEmpty { listingSettled = true }
    }

    /// Switches the filter tab (the selection is kept).
    mutating func setTab(_ newTab: PickerTab) {
        guard availableTabs.contains(newTab), newTab != tab else { return }
        tab = newTab
        derive()
    }

    /// Focuses `index`, kept within the shown entries.
    mutating func setFocus(_ index: Int) {
        guard !shownEntries.isEmpty else { return }
        focusIndex = max(0, min(shownEntries.count - 1, index))
        focusedPath = focusedEntry?.path
        focusStaysFirst = false
        focusAskedFirst = false
        focusFollowsSearch = false
        focusWanted = nil
    }

    /// Focuses `focusWanted` if the grid lists it and the user has not moved the focus.
    mutating func focusWantedPreselection() {
        guard let wanted = focusWanted, focusStaysFirst, let index = shownEntries.firstIndex(ofPath: wanted) else { return }
        setFocus(index)
    }

    private mutating func moveFocus(by delta: Int) {
        // A move past either end stops at the end instead of doing nothing.
        setFocus(focusIndex + delta)
    }

    private mutating func toggleFocused() -> [PickerEffect] {
        guard let entry = focusedEntry else { return [] }
        // Unselecting needs no file; choosing one does, and a file that cannot be read is
        // refused as one beyond the limit is (PHPicker offers nothing it cannot open).
        if selection.contains(entry.path) && !finishesOnFirstPick {
            selection.toggle(entry.path)
            return []
        }
        let check = readability(of: entry)
        if let refusal = check.refusal(of: entry.path) { return check.effects + show(message: refusal) }
        // Limit 1: choosing is finishing (PHPicker does the same).
        if finishesOnFirstPick { return check.effects + finish(with: [entry.path]) }
        if case .refusedAtLimit = selection.toggle(entry.path) { return check.effects + show(message: limitMessage) }
        return check.effects
    }

    /// Ctrl-R: deselects what Ctrl-A selects, the entries shown, as fzf's deselect-all acts
    /// on the current matches only (it cleared picks the search hid, which the user could
    /// not see go). With nothing filtered out (no search, on the first tab) the whole
    /// selection, listed or not (a preselection still awaited, a file gone from a followed
    /// folder). The counter goes on counting picks left out of sight, and the status line
    /// says why it is not 0.
    private mutating func deselectShown() -> [PickerEffect] {
        guard !search.text.isEmpty || tab != availableTabs.first else {
            selection.clear()
            return []
        }
        selection.deselect(hashed: shownEntries.hashedPaths)
        let hidden = selection.count
        guard hidden > 0 else { return [] }
        return show(message: hidden == 1 ? "Kept 1 selected that is not shown" : "Kept \(hidden) selected that are not shown")
    }

    private mutating func confirm() -> [PickerEffect] {
        if !selection.isEmpty { return confirmSelection() }
        // No room left by the host's earlier picks: the focused entry would go over the limit.
        if selection.isFull { return show(message: limitMessage) }
        // Nothing shown (no match, an empty tab or folder): Enter ends with nothing picked, as
        // fzf's and gum's accept do (exit 1). It did nothing, and said nothing, under a key line
        // offering `Enter add`. Not while the folders are still being read with nothing found
        // yet ("Looking for media…"): Enter then means the first entry, about to come, and
        // ending would throw away a pick the user is making.
        guard let entry = focusedEntry else { return isScanning ? [] : finish(with: []) }
        let check = readability(of: entry)
        if let refusal = check.refusal(of: entry.path) { return check.effects + show(message: refusal) }
        return check.effects + finish(with: [entry.path])
    }

    /// True when choosing an entry finishes the picker: a limit of 1 and no pick made before.
    private var finishesOnFirstPick: Bool { configuration.selectionLimit == 1 && selection.alreadyChosen == 0 }

    /// Why a further pick is refused, naming the limit the user set and the picks made before
    /// that took part of it (`alreadyChosen`: the app's chosen files); short enough for the
    /// status line of an 80-column terminal's sheet.
    var limitMessage: String {
        let (limit, before) = (configuration.selectionLimit, selection.alreadyChosen)
        if before == 0 { return "Limit reached: at most \(limit) — unselect one first (Space)" }
        if selection.isEmpty { return "Limit of \(limit) reached before this sheet — nothing can be added" }
        return "Limit of \(limit) reached" + chosenBeforeNote + " — unselect one (Space)"
    }

    /// ` (2 chosen before)` when picks made before count against the limit; empty otherwise.
    var chosenBeforeNote: String {
        selection.alreadyChosen > 0 ? " (\(selection.alreadyChosen) chosen before)" : ""
    }

    mutating func finish(with paths: [RawPath]) -> [PickerEffect] {
        guard !isFinished else { return [] }
        isFinished = true
        var ordered = paths
        if configuration.selection == .default { ordered = shownEntries.gridOrdered(ordered) }
        return [.finish(ordered)]
    }

    /// Shows `text` on the status line until its time-out message arrives.
    mutating func show(message text: String) -> [PickerEffect] {
        statusMessage = text
        messageGeneration += 1
        return [.expireMessage(generation: messageGeneration)]
    }
}
