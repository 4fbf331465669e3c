import TerminalUI

/// The cells whose grapheme cluster curses cannot draw, written to the terminal after curses'
/// refresh instead (`CursesTerminal.flush`).
///
/// ncursesw keeps in a cell its first character and the zero-width ones after it, at most five
/// (`CCHARW_MAX`); it drops a second spacing character without a word. A flag (two regional
/// indicators) came out as its first letter, `🇯`, and a family (👨 ZWJ 👩 ZWJ 👧) as `👨`
/// and a lone joiner, which tmux then joined to what came next. Such a cell gets its first
/// character through curses, curses' record of it, and the whole cluster is written over it.
/// Pure: what is on the screen and which rows are due; `CursesTerminal` sends the bytes.
struct DirectClusters {
    /// A cluster and the style it is drawn in.
    struct Cluster: Equatable {
        var text: String
        var style: Style
    }

    /// The clusters written directly that are on the screen now, by cell.
    private(set) var onScreen: [Point: Cluster] = [:]
    /// The rows whose clusters are written after the next refresh.
    private var dueRows: Set<Int> = []

    /// True when curses can hold `scalars` in one cell: a first character, then only characters
    /// `width` gives no column (combining marks, variation selectors), five in all at most.
    static func cursesHolds(_ scalars: [Unicode.Scalar], width: (Unicode.Scalar) -> Int) -> Bool {
        scalars.count <= 5 && scalars.dropFirst().allSatisfy { width($0) == 0 }
    }

    /// `cluster` is drawn at `point` (curses given its first character).
    mutating func draw(_ cluster: Cluster, at point: Point) {
        onScreen[point] = cluster
        dueRows.insert(point.y)
    }

    /// Curses draws a cell of its own at `point`. True when a cluster was written there: curses
    /// believes its first character is there, and would leave the cell alone if that is what it
    /// draws now, so the caller has curses write the row whole again; the row's other clusters
    /// are then written again too.
    mutating func drawCell(at point: Point) -> Bool {
        guard onScreen.removeValue(forKey: point) != nil else { return false }
        dueRows.insert(point.y)
        return true
    }

    /// Curses writes `rows` whole in the next refresh (pictures leaving them): their clusters
    /// are written again after it.
    mutating func rowsRewritten(_ rows: some Sequence<Int>) {
        dueRows.formUnion(rows.filter { row in onScreen.keys.contains { $0.y == row } })
    }

    /// The screen was cleared: every cell is drawn again.
    mutating func forget() {
        onScreen = [:]
        dueRows = []
    }

    /// The clusters to write after this refresh, top to bottom, left to right; none are due after.
    mutating func takeDue() -> [(point: Point, cluster: Cluster)] {
        guard !dueRows.isEmpty else { return [] }
        let rows = dueRows
        dueRows = []
        return onScreen.filter { rows.contains($0.key.y) }.map { (point: $0.key, cluster: $0.value) }
            .sorted { ($0.point.y, $0.point.x) < ($1.point.y, $1.point.x) }
    }
}
