import TerminalUI

/// The sheet's keys, in one table (the footer is written from the same facts).
public enum KeyMap {
    /// The action for `key`; `editingSearch` routes printable keys into the search field.
    public static func action(for key: Key, editingSearch: Bool, hasQuery: Bool) -> PickerAction? {
        if editingSearch {
            switch key {
            case .character(let c): return .insert(c)
            case .backspace: return .deleteBackward
            case .delete: return .deleteForward
            case .control("w"): return .deleteWordBackward
            case .control("u"): return .deleteToStart
            // The query's cursor, as in fzf, gum's filter and every text field: Left and Right
            // moved the grid's focus while the query could only be edited at its end. Home and
            // End go to the query's ends too (as there); Ctrl-E as in fzf and readline, but not
            // Ctrl-A, which selects all here. g, G and PgUp/PgDn still jump in the grid.
            case .left: return .moveCursor(-1)
            case .right: return .moveCursor(1)
            case .home: return .cursorToStart
            case .end, .control("e"): return .cursorToEnd
            case .enter: return .endSearch
            case .escape: return .clearSearch
            default: break  // Up, Down, Ctrl-N/P, PgUp/PgDn keep moving in the grid while the search is edited
            }
        }
        switch key {
        case .left, .character("h"): return .move(dx: -1, dy: 0)
        case .right, .character("l"): return .move(dx: 1, dy: 0)
        // Ctrl-P and Ctrl-N as in fzf, gum and readline: they move while a search is typed too,
        // where j and k are letters of the query.
        case .up, .character("k"), .control("p"): return .move(dx: 0, dy: -1)
        case .down, .character("j"), .control("n"): return .move(dx: 0, dy: 1)
        case .pageUp, .control("b"): return .page(-1)
        case .pageDown, .control("f"): return .page(1)
        case .home, .character("g"): return .first
        case .end, .character("G"): return .last
        case .character(" "): return .toggle
        case .enter: return .confirm
        case .escape: return hasQuery ? .clearSearch : .cancel
        case .character("q"): return .cancel
        case .tab: return .cycleTab(1)
        case .backTab: return .cycleTab(-1)
        case .character("/"): return .beginSearch
        case .character("p"): return .preview
        case .control("a"): return .selectAll
        case .control("r"): return .clearSelection
        default: return nil
        }
    }

    /// Stands for the arrow keys in `hints`; the footer draws arrows, or `hjkl` on ASCII terminals.
    public static let arrowsPlaceholder = "<arrows>"

    /// The footer's key hints, most important first (when space is short, those that do not fit are left out).
    public static let hints: [(keys: String, meaning: String)] = [
        (arrowsPlaceholder, "move"), ("Space", "pick"), ("Enter", "add"), ("Esc", "cancel"), ("Tab", "filter"),
        ("/", "search"), ("p", "preview"), ("^A", "all"), ("^R", "clear"),
    ]

    /// The footer's hints while the search is being typed: Space and letters go into the
    /// query then, so the sheet's own keys would mislead.
    public static let searchHints: [(keys: String, meaning: String)] = [
        ("Enter", "keep filter"), ("Esc", "clear"), ("^W", "delete word"), ("^U", "delete before"),
        (upDownPlaceholder, "move"),
    ]

    /// Stands for Up and Down in `searchHints` (Left and Right move in the query then); the
    /// footer draws `↑↓`, or `^P^N` on ASCII terminals, where `hjkl` would be letters typed.
    public static let upDownPlaceholder = "<up-down>"

    /// The footer's hint while the preview is shown: any key only closes it there (see
    /// `PickerModel.handle`), so the grid's `Space pick … Esc cancel` would mislead.
    public static let previewHints: [(keys: String, meaning: String)] = [("any key", "back to the grid")]

    /// The hints that apply now. With a search kept (`hasQuery`, not being typed), Esc clears
    /// it rather than cancelling (see `action`), so the footer says so and names `q` for cancel.
    /// Without tabs to cycle (`cyclesTabs` false: `-f images` offers one), Tab is not named:
    /// `mediapick -f videos` offered `Tab filter`, which did nothing.
    public static func hints(editingSearch: Bool, hasQuery: Bool = false, previewing: Bool = false,
                             cyclesTabs: Bool = true) -> [(keys: String, meaning: String)] {
        if previewing { return previewHints }
        if editingSearch { return searchHints }
        return hints.flatMap { hint -> [(keys: String, meaning: String)] in
            if hint.keys == "Tab" && !cyclesTabs { return [] }
            return hint.keys == "Esc" && hasQuery ? [("Esc", "clear search"), ("q", "cancel")] : [hint]
        }
    }
}
