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
    /// Search editing: add text at the cursor.
    case insert(Character)
    /// Search editing: delete the character before the cursor (Backspace).
    case deleteBackward
    /// Search editing: delete the character at the cursor (Delete).
    case deleteForward
    /// Search editing: delete the word before the cursor and the spaces after it (Ctrl-W).
    case deleteWordBackward
    /// Search editing: delete everything before the cursor, keeping on editing (Ctrl-U).
    case deleteToStart
    /// Search editing: move the cursor by characters (Left -1, Right +1).
    case moveCursor(Int)
    /// Search editing: the cursor to the query's start (Home).
    case cursorToStart
    /// Search editing: the cursor to the query's end (End, Ctrl-E).
    case cursorToEnd
    /// Search editing: stop, keeping the text.
    case endSearch
    /// Clear the search (and stop editing).
    case clearSearch
}
