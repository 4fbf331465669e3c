import MediaDecoding
import TerminalUI

extension PickerController {
    /// Handles a key or mouse event; returns false for events the host should handle
    /// (resize, interrupt, terminate) and for everything once finished.
    public func handle(_ event: Event) -> Bool {
        guard !isFinished else { return false }
        switch event {
        case .key(let key):
            if previewEntry != nil {
                previewEntry = nil  // any key closes the preview
                return true
            }
            guard let action = KeyMap.action(for: key, editingSearch: search.isEditing, hasQuery: !search.text.isEmpty) else { return false }
            // Behind the "too small" notice nothing is visible: only Esc (cancel, or first
            // clearing a search) may act, or Space/Enter would pick an entry the user cannot see.
            if lastSheet?.isTooSmall == true && action != .cancel && action != .clearSearch { return true }
            perform(action)
            return true
        case .mouse(let mouse):
            return handle(mouse)
        case .resize:
            // The next draw reflows to the new region; keep the focus on screen then.
            setNeedsDisplay?()
            return false
        case .interrupt, .terminate:
            return false
        }
    }

    /// Does what an action asks.
    public func perform(_ action: PickerAction) {
        guard !isFinished else { return }
        switch action {
        case .move(let dx, let dy): moveFocus(by: dx + dy * max(1, gridColumns))
        case .page(let direction): moveFocus(by: direction * max(1, gridColumns * max(1, gridRows)))
        case .first: setFocus(0)
        case .last: setFocus(shownEntries.count - 1)
        case .toggle: toggleFocused()
        case .confirm: confirm()
        case .cancel: finish(with: [])
        case .cycleTab(let step):
            let tabs = availableTabs
            let index = tabs.firstIndex(of: tab) ?? 0
            setTab(tabs[(index + step + tabs.count) % tabs.count])
        case .preview:
            previewEntry = focusedEntry
        case .selectAll:
            let refused = selection.selectAll(hashed: shownEntries.hashedPaths)
            if refused > 0 { show(message: "Selected up to the limit of \(configuration.selectionLimit)") }
        case .clearSelection:
            selection.clear()
        case .beginSearch, .insert, .deleteBackward, .endSearch, .clearSearch:
            if search.apply(action) { derive() }
        }
    }

    /// Switches the filter tab (the selection is kept).
    public func setTab(_ newTab: PickerTab) {
        guard availableTabs.contains(newTab), newTab != tab else { return }
        tab = newTab
        derive()
    }

    var gridColumns: Int { lastSheet?.gridLayout.columns ?? 1 }
    var gridRows: Int { lastSheet?.gridLayout.rows ?? 1 }

    func moveFocus(by delta: Int) {
        guard !shownEntries.isEmpty else { return }
        var target = focusIndex + delta
        // A move past either end stops at the end instead of doing nothing.
        target = max(0, min(shownEntries.count - 1, target))
        setFocus(target)
    }

    func setFocus(_ index: Int) {
        guard !shownEntries.isEmpty else { return }
        focusIndex = max(0, min(shownEntries.count - 1, index))
        focusedPath = focusedEntry?.path
    }

    func toggleFocused() {
        guard let entry = focusedEntry else { return }
        if configuration.selectionLimit == 1 {
            // Limit 1: choosing is finishing (PHPicker does the same).
            finish(with: [entry.path])
            return
        }
        if case .refusedAtLimit = selection.toggle(entry.path) {
            show(message: "Limit reached: at most \(configuration.selectionLimit) — unselect one first (Space)")
        }
    }

    func confirm() {
        if !selection.isEmpty {
            finish(with: selection.ordered)
        } else if let entry = focusedEntry {
            finish(with: [entry.path])
        }
    }

    private func handle(_ mouse: MouseEvent) -> Bool {
        if previewEntry != nil {
            if case .press = mouse.kind { previewEntry = nil; return true }
            return false
        }
        switch mouse.kind {
        case .wheelUp: moveFocus(by: -gridColumns); return true
        case .wheelDown: moveFocus(by: gridColumns); return true
        case .release: return false
        case .press(let button):
            guard button == .left else { return false }
            if let hits = headerHits {
                if hits.cancel.contains(mouse.position) { perform(.cancel); return true }
                if hits.add.contains(mouse.position) { perform(.confirm); return true }
            }
            if let hit = tabHits?.tabs.first(where: { $0.1.contains(mouse.position) }) { setTab(hit.0); return true }
            guard let layout = lastSheet?.gridLayout, let slot = layout.slot(at: mouse.position) else { return false }
            let index = (topRow + slot.row) * layout.columns + slot.column
            guard shownEntries.indices.contains(index) else { return false }
            setFocus(index)
            toggleFocused()
            return true
        }
    }
}
