import TerminalUI

/// Snapshot helpers for screens. (Filled in by the terminal UI work.)
public enum SnapshotPlaceholder {}
