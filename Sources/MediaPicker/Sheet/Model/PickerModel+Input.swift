import TerminalUI

extension PickerModel {
    /// A key: closes the preview, or becomes the action `KeyMap` names for it.
    mutating func handle(_ key: Key) -> PickerReply {
        if previewEntry != nil {
            previewEntry = nil  // any key closes the preview
            return PickerReply()
        }
        if case .paste(let text) = key { return paste(text) }
        guard let action = KeyMap.action(for: key, editingSearch: search.isEditing, hasQuery: !search.text.isEmpty) else { return .unhandled }
        // Behind the "too small" notice nothing is visible: only Esc (cancel, or first
        // clearing a search) may act, or Space/Enter would pick an entry the user cannot see.
        if layout?.isTooSmall == true && action != .cancel && action != .clearSearch { return PickerReply() }
        return PickerReply(effects: perform(action))
    }

    /// Pasted text goes into the search, begun if it was not being typed, as fzf takes a paste
    /// into its query: none of it acts as a key (a newline in it confirmed, a `q` cancelled).
    /// Behind the "too small" notice it is dropped, as typing is.
    private mutating func paste(_ text: String) -> PickerReply {
        guard layout?.isTooSmall != true, !isFinished else { return PickerReply() }
        search.apply(.beginSearch)
        var changed = false
        for character in text where search.apply(.insert(character)) { changed = true }
        if changed { derive() }
        return PickerReply()
    }

    /// A click or wheel turn, hit-tested against the layout of the current region.
    mutating func handle(_ mouse: MouseEvent) -> PickerReply {
        if previewEntry != nil {
            if case .press = mouse.kind { previewEntry = nil; return PickerReply() }
            return .unhandled
        }
        // Behind the "too small" notice the wheel is taken but moves nothing unseen.
        let visible = layout?.isTooSmall != true
        switch mouse.kind {
        case .wheelUp: return PickerReply(effects: visible ? perform(.move(dx: 0, dy: -1)) : [])
        case .wheelDown: return PickerReply(effects: visible ? perform(.move(dx: 0, dy: 1)) : [])
        case .release: return .unhandled
        case .press(let button):
            guard button == .left, let sheet = layout, !sheet.isTooSmall else { return .unhandled }
            let grid = sheet.gridLayout
            let buttons = header.hits(in: sheet.header)
            if buttons.cancel.contains(mouse.position) { return PickerReply(effects: perform(.cancel)) }
            // A dimmed Add (nothing to add) takes the click and does nothing; Enter, the key,
            // ends with nothing there as fzf's does.
            if buttons.add.contains(mouse.position) { return PickerReply(effects: header.canAdd ? perform(.confirm) : []) }
            if let hit = tabsBar.hits(in: sheet.tabs).tabs.first(where: { $0.1.contains(mouse.position) }) {
                setTab(hit.0)
                return PickerReply()
            }
            guard let slot = grid.slot(at: mouse.position) else { return .unhandled }
            let index = (sheet.topRow + slot.row) * grid.columns + slot.column
            guard shownEntries.indices.contains(index) else { return .unhandled }
            setFocus(index)
            return PickerReply(effects: perform(.toggle))
        }
    }
}
