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
            return PickerReply()
        case .arranged(let arrangement, let newProgress):
            progress = newProgress
            install(arrangement)
            return PickerReply()
        case .dropped(let paths):
            selection.remove(paths)
            return PickerReply()
        case .tileFinished:
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
            if configuration.selectionLimit == 1 { return toggleFocused() }
            let refused = selection.selectAll(hashed: shownEntries.hashedPaths)
            if refused > 0 { return show(message: "Selected up to the limit of \(configuration.selectionLimit)") }
        case .clearSelection:
            selection.clear()
        case .beginSearch, .insert, .deleteBackward, .deleteWordBackward, .deleteToStart, .endSearch, .clearSearch:
            if search.apply(action) { derive() }
        }
        return []
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
        focusFollowsSearch = false
    }

    private mutating func moveFocus(by delta: Int) {
        // A move past either end stops at the end instead of doing nothing.
        setFocus(focusIndex + delta)
    }

    private mutating func toggleFocused() -> [PickerEffect] {
        guard let entry = focusedEntry else { return [] }
        // Limit 1: choosing is finishing (PHPicker does the same).
        if configuration.selectionLimit == 1 { return finish(with: [entry.path]) }
        if case .refusedAtLimit = selection.toggle(entry.path) {
            return show(message: "Limit reached: at most \(configuration.selectionLimit) — unselect one first (Space)")
        }
        return []
    }

    private mutating func confirm() -> [PickerEffect] {
        if !selection.isEmpty { return finish(with: selection.ordered) }
        if let entry = focusedEntry { return finish(with: [entry.path]) }
        return []
    }

    private mutating func finish(with paths: [RawPath]) -> [PickerEffect] {
        guard !isFinished else { return [] }
        isFinished = true
        var ordered = paths
        if configuration.selection == .default { ordered = shownEntries.gridOrdered(ordered) }
        return [.finish(ordered)]
    }

    /// Shows `text` on the status line until its time-out message arrives.
    private mutating func show(message text: String) -> [PickerEffect] {
        statusMessage = text
        messageGeneration += 1
        return [.expireMessage(generation: messageGeneration)]
    }
}
