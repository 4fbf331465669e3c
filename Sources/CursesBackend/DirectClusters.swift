import TerminalUI

/// The cells whose grapheme cluster curses cannot draw, written to the terminal after curses'
/// refresh instead (`CursesTerminal.flush`).
///
/// ncursesw keeps in a cell its first character and the zero-width ones after it, at most five
/// (`CCHARW_MAX`); it drops a second spacing character without a word. A flag (two regional
/// indicators) came out as its first letter, `🇯`, and a family (👨 ZWJ 👩 ZWJ 👧) as `👨`
/// and a lone joiner, which tmux then joined to what came next. And it counts a cell by its
/// first character's width in the C library, which terminals need not share: glibc counts a
/// lone regional indicator and a keycap's digit one column, kitty draws both in two, so the
/// rest of the row went one column right. Such a cell gets a placeholder through curses, a
/// space in its style for each of its columns (drawn as counted everywhere), curses' record
/// of it, and the whole cluster is written over it.
/// Pure: what is on the screen and which rows are due; `CursesTerminal` sends the bytes.
struct DirectClusters {
    /// A cluster, the style it is drawn in, and the columns it takes (1, or 2 for a wide one).
    struct Cluster: Equatable {
        var text: String
        var style: Style
        var width: Int = 2
    }

    /// The clusters written directly that are on the screen now, by cell.
    private(set) var onScreen: [Point: Cluster] = [:]
    /// The rows whose clusters are written after the next refresh.
    private var dueRows: Set<Int> = []

    /// True when curses can draw `scalars` in one cell of `columns` columns as the terminal will:
    /// a first character, then only characters `width` gives no column (combining marks,
    /// variation selectors), five in all at most; and for a wide cell, a first character `width`
    /// counts two columns (curses counts the cell by it).
    /// The backend passes a cell's `unicodeScalars` as they are: an array of them made for each
    /// cell drawn was a heap allocation a cell, 12,000 for a page of tiles at 200x60.
    static func cursesDraws(_ scalars: some Collection<Unicode.Scalar>, columns: Int, width: (Unicode.Scalar) -> Int) -> Bool {
        guard let first = scalars.first else { return true }
        var count = 0
        for scalar in scalars.dropFirst() {
            count += 1
            if count > 4 || width(scalar) != 0 { return false }
        }
        return columns < 2 || width(first) == 2
    }

    /// `cluster` is drawn at `point` (curses given its placeholder). True when it lands on
    /// part of a cluster written earlier (other than one of its width at the same cell, which it
    /// simply replaces): see `drawCell`.
    mutating func draw(_ cluster: Cluster, at point: Point) -> Bool {
        let replaced = onScreen[point].map { $0.width == cluster.width } ?? false
        if replaced { onScreen[point] = nil }
        let covered = forgetClusters(under: point, width: cluster.width)
        onScreen[point] = cluster
        dueRows.insert(point.y)
        return covered
    }

    /// Curses draws a cell of its own, `width` columns, at `point`. True when it covers any
    /// column of a cluster written earlier: a cell on the cluster's own cell, on its second
    /// column, or a wide one starting a column to its left. The cluster is forgotten (it would
    /// otherwise be written again over whatever is there now), and the caller has curses write
    /// the row whole again: curses believes its own placeholder under the cluster, and would
    /// leave alone a cell that draws the same, or the column the new cell leaves uncovered.
    /// The row's other clusters are then written again too.
    mutating func drawCell(at point: Point, width: Int) -> Bool {
        forgetClusters(under: point, width: width)
    }

    /// Forgets the clusters that take any of the `width` columns from `point`: those starting
    /// there, and one starting a column to the left that is two wide. True when there was one.
    private mutating func forgetClusters(under point: Point, width: Int) -> Bool {
        var forgot = false
        for x in (point.x - 1)..<(point.x + max(1, width)) {
            let start = Point(x: x, y: point.y)
            guard let cluster = onScreen[start], x + cluster.width > point.x else { continue }
            onScreen[start] = nil
            forgot = true
        }
        if forgot { dueRows.insert(point.y) }
        return forgot
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
