import TerminalUI

/// What a key asks the sheet to do.
public enum PickerAction: Hashable, Sendable {
    /// Move the focus by columns and rows.
    case move(dx: Int, dy: Int)
    /// Move a screenful up (-1) or down (+1).
    case page(Int)
    /// First entry.
    case first
    /// Last entry.
    case last
    /// Select or unselect the focused entry.
    case toggle
    /// Finish with the selection (or the focused entry).
    case confirm
    /// Finish with nothing.
    case cancel
    /// Next (+1) or previous (-1) filter tab.
    case cycleTab(Int)
    /// Start editing the search.
    case beginSearch
    /// Open the preview of the focused entry.
    case preview
    /// Select all shown entries, up to the limit.
    case selectAll
    /// Unselect everything.
    case clearSelection
    /// Search editing: add text.
    case insert(Character)
    /// Search editing: delete the last character.
    case deleteBackward
    /// Search editing: stop, keeping the text.
    case endSearch
    /// Clear the search (and stop editing).
    case clearSearch
}

/// The sheet's keys, in one table (the footer is written from the same facts).
public enum KeyMap {
    /// The action for `key`; `editingSearch` routes printable keys into the search field.
    public static func action(for key: Key, editingSearch: Bool, hasQuery: Bool) -> PickerAction? {
        if editingSearch {
            switch key {
            case .character(let c): return .insert(c)
            case .backspace, .delete: return .deleteBackward
            case .enter: return .endSearch
            case .escape: return .clearSearch
            default: break  // navigation keys keep working while the search is edited
            }
        }
        switch key {
        case .left, .character("h"): return .move(dx: -1, dy: 0)
        case .right, .character("l"): return .move(dx: 1, dy: 0)
        case .up, .character("k"): return .move(dx: 0, dy: -1)
        case .down, .character("j"): return .move(dx: 0, dy: 1)
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

    /// The footer's key hints, most important first (dropped from the end when space is short).
    public static let hints: [(keys: String, meaning: String)] = [
        (arrowsPlaceholder, "move"), ("Space", "pick"), ("Enter", "add"), ("Esc", "cancel"), ("Tab", "filter"),
        ("/", "search"), ("p", "preview"), ("^A", "all"), ("^R", "clear"),
    ]
}

/// The filename search being typed.
public struct SearchField: Hashable, Sendable {
    /// The query.
    public var text: String
    /// True while keys go into the field.
    public var isEditing = false

    /// A field holding `text`.
    public init(text: String = "") { self.text = text }

    /// Applies an editing action; returns true when the text changed.
    @discardableResult
    public mutating func apply(_ action: PickerAction) -> Bool {
        switch action {
        case .beginSearch: isEditing = true; return false
        case .insert(let c):
            // Control characters never enter the query (they could not be shown safely).
            guard !c.unicodeScalars.contains(where: SafeText.isControl) else { return false }
            text.append(c); return true
        case .deleteBackward:
            guard !text.isEmpty else { return false }
            text.removeLast(); return true
        case .endSearch: isEditing = false; return false
        case .clearSearch:
            isEditing = false
            let changed = !text.isEmpty
            text = ""
            return changed
        default: return false
        }
    }

    /// What the tabs row shows: the query with a prompt, or a hint when empty.
    public var label: String {
        if isEditing || !text.isEmpty { return "/" + SafeText.visible(text) }
        return "/ search"
    }
}
