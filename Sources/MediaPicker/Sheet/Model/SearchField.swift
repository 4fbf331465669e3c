import TerminalUI

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
        case .deleteWordBackward:
            guard !text.isEmpty else { return false }
            text = Self.droppingLastWord(text); return true
        case .deleteToStart:
            // The cursor is always at the end, so the line before it is the whole query.
            guard !text.isEmpty else { return false }
            text = ""; return true
        case .endSearch: isEditing = false; return false
        case .clearSearch:
            isEditing = false
            let changed = !text.isEmpty
            text = ""
            return changed
        default: return false
        }
    }

    /// `text` without its last word, as readline's and fzf's Ctrl-W (unix-word-rubout) cut it:
    /// the spaces before the cursor, then everything back to the previous space.
    static func droppingLastWord(_ text: String) -> String {
        var rest = Substring(text)
        while rest.last?.isWhitespace == true { rest.removeLast() }
        while let last = rest.last, !last.isWhitespace { rest.removeLast() }
        return String(rest)
    }

    /// What the tabs row shows: the query with a prompt, or a hint when empty.
    public var label: String {
        if isEditing || !text.isEmpty { return "/" + SafeText.terminalSafe(text) }
        return "/ search"
    }
}
