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

    /// A click or wheel turn, read as every screen reads the mouse (`MouseEvent.intent`) and
    /// hit-tested against the layout of the current region.
    mutating func handle(_ mouse: MouseEvent) -> PickerReply {
        if previewEntry != nil {
            if case .press = mouse.kind { previewEntry = nil; return PickerReply() }
            return .unhandled
        }
        // Behind the "too small" notice the wheel is taken but moves nothing unseen.
        let visible = layout?.isTooSmall != true
        switch mouse.intent(hitTest: { target(at: $0) }) {
        case .move(let rows)?: return PickerReply(effects: visible ? perform(.move(dx: 0, dy: rows)) : [])
        case .click(.cancel)?: return PickerReply(effects: perform(.cancel))
        // A dimmed Add (nothing to add) takes the click and does nothing; Enter, the key,
        // ends with nothing there as fzf's does.
        case .click(.add)?: return PickerReply(effects: header.canAdd ? perform(.confirm) : [])
        case .click(.tab(let tab))?:
            setTab(tab)
            return PickerReply()
        case .click(.entry(let index))?:
            setFocus(index)
            return PickerReply(effects: perform(.toggle))
        case nil: return .unhandled
        }
    }

    /// What a click at `point` lands on; nil for nothing, and behind the "too small" notice.
    private func target(at point: Point) -> SheetTarget? {
        guard let sheet = layout, !sheet.isTooSmall else { return nil }
        let buttons = header.hits(in: sheet.header)
        if buttons.cancel.contains(point) { return .cancel }
        if buttons.add.contains(point) { return .add }
        if let hit = tabsBar.hits(in: sheet.tabs).tabs.first(where: { $0.1.contains(point) }) { return .tab(hit.0) }
        let grid = sheet.gridLayout
        guard let slot = grid.slot(at: point) else { return nil }
        let index = (sheet.topRow + slot.row) * grid.columns + slot.column
        return shownEntries.indices.contains(index) ? .entry(index) : nil
    }
}

/// What a click on the sheet can land on.
private enum SheetTarget {
    /// The Cancel button.
    case cancel
    /// The Add button.
    case add
    /// A filter tab.
    case tab(PickerTab)
    /// The tile of the shown entry at this index.
    case entry(Int)
}
