#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MediaDecoding

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
    /// The selected paths in selection order.
    public private(set) var ordered: [RawPath] = []
    /// Position of each selected path in `ordered`, so lookups stay constant-time with 100,000 picks.
    private var positions: [FastPathKey: Int] = [:]

    /// An empty selection; preselected paths beyond the limit are dropped.
    public init(limit: Int, preselected: [RawPath] = []) {
        self.limit = max(0, limit)
        for path in preselected where !isFull && !contains(path) { append(path) }
    }

    /// How many are selected.
    public var count: Int { ordered.count }
    /// True when nothing is selected.
    public var isEmpty: Bool { ordered.isEmpty }
    /// True when no more may be added.
    public var isFull: Bool { limit > 0 && ordered.count >= limit }

    /// True when `path` is selected.
    public func contains(_ path: RawPath) -> Bool { positions[FastPathKey(path)] != nil }

    /// The 1-based selection number of `path`, or nil.
    public func order(of path: RawPath) -> Int? { positions[FastPathKey(path)].map { $0 + 1 } }

    /// Selects or deselects `path`.
    @discardableResult
    public mutating func toggle(_ path: RawPath) -> ToggleOutcome {
        if let index = positions[FastPathKey(path)] {
            ordered.remove(at: index)
            positions[FastPathKey(path)] = nil
            for i in index..<ordered.count { positions[FastPathKey(ordered[i])] = i }
            return .deselected
        }
        guard !isFull else { return .refusedAtLimit }
        append(path)
        return .selected(order: ordered.count)
    }

    /// Adds `paths` in order until the limit; returns how many could not be added for the limit.
    @discardableResult
    public mutating func selectAll(_ paths: [RawPath]) -> Int {
        let room = limit == 0 ? paths.count : max(0, limit - ordered.count)
        positions.reserveCapacity(ordered.count + min(room, paths.count))
        ordered.reserveCapacity(ordered.count + min(room, paths.count))
        var refused = 0
        for path in paths where positions[FastPathKey(path)] == nil {
            if isFull { refused += 1 } else { append(path) }
        }
        return refused
    }

    /// Removes everything.
    public mutating func clear() {
        ordered.removeAll()
        positions.removeAll()
    }

    /// `n/N`, or `n` alone when unlimited: the counter the header and footer show.
    public var counterText: String { limit == 0 ? "\(count)" : "\(count)/\(limit)" }

    private mutating func append(_ path: RawPath) {
        positions[FastPathKey(path)] = ordered.count
        ordered.append(path)
    }
}

/// A path as a dictionary key hashed over its bytes in one call (an array of bytes hashes
/// element by element, which dominated selecting 100,000 entries).
struct FastPathKey: Hashable, Sendable {
    let path: RawPath

    init(_ path: RawPath) { self.path = path }

    func hash(into hasher: inout Hasher) {
        path.bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// Compares with `memcmp` (array equality goes element by element).
    static func == (lhs: FastPathKey, rhs: FastPathKey) -> Bool {
        let a = lhs.path.bytes, b = rhs.path.bytes
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
    }
}
