import MediaDecoding
import Platform

/// The picked entries, in the order they were picked, under a limit. A value type with no
/// side effects: the controller asks it and shows the outcome.
public struct SelectionModel: Hashable, Sendable {
    /// What a toggle did.
    public enum ToggleOutcome: Hashable, Sendable {
        /// The entry is now selected, with this 1-based order number.
        case selected(order: Int)
        /// The entry was selected and no longer is.
        case deselected
        /// The limit is reached: nothing changed.
        case refusedAtLimit
    }

    /// At most this many; 0 means no limit.
    public let limit: Int
    /// Picks made before this selection that count against `limit` (the app's chosen files):
    /// room is left for `limit - alreadyChosen` more.
    public let alreadyChosen: Int
    /// The selected paths in selection order.
    public private(set) var ordered: [RawPath] = []
    /// Position of each selected path in `ordered`, so lookups stay constant-time with 100,000 picks.
    private var positions = PathPositions()

    /// An empty selection; preselected paths beyond the limit are dropped.
    public init(limit: Int, alreadyChosen: Int = 0, preselected: [RawPath] = []) {
        self.limit = max(0, limit)
        self.alreadyChosen = max(0, alreadyChosen)
        for path in preselected where !isFull && !contains(path) { append(path) }
    }

    /// How many are selected.
    public var count: Int { ordered.count }
    /// True when nothing is selected.
    public var isEmpty: Bool { ordered.isEmpty }
    /// True when no more may be added.
    public var isFull: Bool { limit > 0 && alreadyChosen + ordered.count >= limit }

    /// True when `path` is selected.
    public func contains(_ path: RawPath) -> Bool { positions.position(of: path, in: ordered) != nil }

    /// `contains` for a path whose `PathBytes.hash` is known (an `EntryList` keeps them).
    func contains(_ path: RawPath, hash: UInt32) -> Bool { positions.position(of: path, hash: hash, in: ordered) != nil }

    /// The 1-based selection number of `path`, or nil.
    public func order(of path: RawPath) -> Int? { positions.position(of: path, in: ordered).map { $0 + 1 } }

    /// Selects or deselects `path`.
    @discardableResult
    public mutating func toggle(_ path: RawPath) -> ToggleOutcome {
        if let index = positions.position(of: path, in: ordered) {
            positions.remove(path, at: index, in: ordered)
            ordered.remove(at: index)
            return .deselected
        }
        guard !isFull else { return .refusedAtLimit }
        append(path)
        return .selected(order: ordered.count)
    }

    /// Adds `paths` in order until the limit; returns how many could not be added for the limit.
    @discardableResult
    public mutating func selectAll(_ paths: [RawPath]) -> Int {
        selectAll(hashed: paths.lazy.map { (path: $0, hash: PathBytes.hash($0)) })
    }

    /// `selectAll` for paths whose `PathBytes.hash` is known (an `EntryList` keeps them), so
    /// none is hashed again.
    @discardableResult
    mutating func selectAll<Paths: Sequence>(hashed paths: Paths) -> Int where Paths.Element == (path: RawPath, hash: UInt32) {
        let wanted = paths.underestimatedCount
        let room = limit == 0 ? wanted : min(wanted, max(0, limit - alreadyChosen - ordered.count))
        ordered.reserveCapacity(ordered.count + room)
        positions.reserveCapacity(ordered.count + room)
        var refused = 0
        for (path, hash) in paths {
            if isFull {
                if positions.position(of: path, hash: hash, in: ordered) == nil { refused += 1 }
            } else if positions.insertIfAbsent(path, hash: hash, at: ordered.count, in: ordered) {
                ordered.append(path)
            }
        }
        return refused
    }

    /// Deselects each of `paths` that is selected (the rest keep their order).
    public mutating func remove<Paths: Sequence>(_ paths: Paths) where Paths.Element == RawPath {
        for path in paths {
            guard let index = positions.position(of: path, in: ordered) else { continue }
            positions.remove(path, at: index, in: ordered)
            ordered.remove(at: index)
        }
    }

    /// Deselects each of `paths` (with their `PathBytes.hash`) that is selected, the rest
    /// keeping their order; returns how many were deselected. One pass over the selection
    /// however many go: `remove` shifts the array for each, and Ctrl-R after Ctrl-A under a
    /// search may deselect 100,000.
    @discardableResult
    mutating func deselect<Paths: Sequence>(hashed paths: Paths) -> Int where Paths.Element == (path: RawPath, hash: UInt32) {
        guard !ordered.isEmpty else { return 0 }
        var leaving = [Bool](repeating: false, count: ordered.count)
        var count = 0
        for (path, hash) in paths {
            guard let index = positions.position(of: path, hash: hash, in: ordered), !leaving[index] else { continue }
            leaving[index] = true
            count += 1
        }
        guard count > 0 else { return 0 }
        let staying = ordered.indices.filter { !leaving[$0] }.map { ordered[$0] }
        clear()
        positions.reserveCapacity(staying.count)
        for path in staying { append(path) }
        return count
    }

    /// Removes everything.
    public mutating func clear() {
        ordered.removeAll()
        positions.removeAll()
    }

    /// `n/N`, or `n` alone when unlimited: the footer's counter. The picks made before count
    /// in, so that it speaks of the limit the user set (`2/3` in a sheet opened with two of
    /// three chosen), as fzf's `--multi=3` counter does.
    public var counterText: String { limit == 0 ? "\(count)" : "\(alreadyChosen + count)/\(limit)" }

    /// What the Add button counts: this selection alone (what Add adds), with the limit only
    /// when no picks were made before (`[ Add 1/3 ]`); `[ Add 1 ]` beside a counter of `3/3`.
    public var addText: String { alreadyChosen == 0 ? counterText : "\(count)" }

    /// Equal when the limit, the picks before and the paths in order are (the positions follow from them).
    public static func == (lhs: SelectionModel, rhs: SelectionModel) -> Bool {
        lhs.limit == rhs.limit && lhs.alreadyChosen == rhs.alreadyChosen && lhs.ordered == rhs.ordered
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(limit)
        hasher.combine(alreadyChosen)
        hasher.combine(ordered)
    }

    private mutating func append(_ path: RawPath) {
        ordered.append(path)
        positions.insert(path, at: ordered.count - 1, in: ordered)
    }
}
