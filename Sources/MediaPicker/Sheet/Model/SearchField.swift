import TerminalUI

/// The filename search being typed, with an editing cursor: Left and Right move it in the
/// query, Home and End (and Ctrl-E) take it to its ends, and typing, Backspace, Delete,
/// Ctrl-W and Ctrl-U act where it is, as in fzf, gum's filter and readline.
public struct SearchField: Hashable, Sendable {
    /// The query.
    public private(set) var text: String
    /// How many characters of `text` are before the cursor (`text.count` at its end).
    public private(set) var cursor: Int
    /// True while keys go into the field.
    public var isEditing = false

    /// A field holding `text`, the cursor at its end.
    public init(text: String = "") {
        self.text = text
        cursor = text.count
    }

    /// The text before the cursor.
    public var beforeCursor: Substring { text.prefix(cursor) }

    /// The text from the cursor on.
    public var fromCursor: Substring { text.dropFirst(cursor) }

    /// Applies an editing action; returns true when the text changed.
    @discardableResult
    public mutating func apply(_ action: PickerAction) -> Bool {
        switch action {
        case .beginSearch:
            // A kept query is taken up again at its end, where typing goes on.
            if !isEditing { cursor = text.count }
            isEditing = true
            return false
        case .insert(let c):
            // Control characters never enter the query (they could not be shown safely).
            guard !c.unicodeScalars.contains(where: SafeText.isControl) else { return false }
            replace(before: 0, after: 0, with: String(c))
            return true
        case .deleteBackward:
            guard cursor > 0 else { return false }
            replace(before: 1, after: 0)
            return true
        case .deleteForward:
            guard cursor < text.count else { return false }
            replace(before: 0, after: 1)
            return true
        case .deleteWordBackward:
            guard cursor > 0 else { return false }
            replace(before: cursor - Self.droppingLastWord(beforeCursor).count, after: 0)
            return true
        case .deleteToStart:
            guard cursor > 0 else { return false }
            replace(before: cursor, after: 0)
            return true
        case .moveCursor(let step):
            cursor = max(0, min(text.count, cursor + step))
            return false
        case .cursorToStart:
            cursor = 0
            return false
        case .cursorToEnd:
            cursor = text.count
            return false
        case .endSearch:
            isEditing = false
            return false
        case .clearSearch:
            isEditing = false
            let changed = !text.isEmpty
            text = ""
            cursor = 0
            return changed
        default: return false
        }
    }

    /// Replaces the `before` characters before the cursor and the `after` ones after it with
    /// `inserted`, the cursor after it.
    private mutating func replace(before: Int, after: Int, with inserted: String = "") {
        let start = text.index(text.startIndex, offsetBy: cursor - before)
        let end = text.index(text.startIndex, offsetBy: cursor + after)
        text.replaceSubrange(start..<end, with: inserted)
        cursor += inserted.count - before
    }

    /// `text` without its last word, as readline's and fzf's Ctrl-W (unix-word-rubout) cut it:
    /// the spaces before the cursor, then everything back to the previous space.
    static func droppingLastWord(_ text: some StringProtocol) -> Substring {
        var rest = Substring(text)
        while rest.last?.isWhitespace == true { rest.removeLast() }
        while let last = rest.last, !last.isWhitespace { rest.removeLast() }
        return rest
    }

    /// What the tabs row shows: the query with a prompt, or a hint when empty.
    public var label: String {
        if isEditing || !text.isEmpty { return "/" + SafeText.terminalSafe(text) }
        return "/ search"
    }
}
