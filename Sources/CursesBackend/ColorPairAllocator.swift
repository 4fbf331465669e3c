/// Hands out curses colour pairs for (foreground, background) combinations on demand and
/// recycles the least recently used one when the terminal's pair limit is reached. Pure
/// bookkeeping: the caller runs `init_extended_pair` for every `.new`/`.recycled` answer.
///
/// Recycling a pair re-colours every cell still on screen that was drawn with it, so the
/// allocator also says whether that can have happened: a pair last used before the latest
/// full redraw is no longer on screen (that redraw replaced every cell).
struct ColorPairAllocator {
    /// A curses colour number for each side; -1 is the terminal's default colour.
    struct Key: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// What `pair(for:)` did.
    enum Allocation: Equatable {
        /// The pair already holds this combination.
        case existing(Int32)
        /// A pair never used before: define it.
        case new(Int32)
        /// A pair taken from another combination: define it. `mayBeOnScreen` is true when
        /// cells drawn with the old combination may still be visible (the caller should
        /// redraw the whole screen).
        case recycled(Int32, mayBeOnScreen: Bool)

        /// The pair number.
        var pair: Int32 {
            switch self {
            case .existing(let p), .new(let p), .recycled(let p, _): return p
            }
        }
    }

    /// Pairs 1...capacity are handed out (pair 0 is the terminal's default pair).
    let capacity: Int
    private var pairs: [Key: Int32] = [:]
    /// Pair `p`'s combination and the frame it was last used in, at index `p - 1`.
    private var keys: [Key] = []
    private var lastUse: [Int] = []
    /// The least recently used pair first: `(frame << 32) | pair` for each time a pair's
    /// `lastUse` changed (a binary min-heap). An entry whose frame is no longer its pair's
    /// `lastUse` is stale, skipped when found at the top. Finding the pair to recycle used to
    /// scan every pair: with live truecolor video (thousands of new combinations a frame,
    /// 32,767 pairs) that was 40 % of the camera preview's CPU.
    private var uses: [UInt64] = []
    private var frame = 0
    private var lastFullRedraw = 0
    /// Heap entries looked at by the last recycle (for tests: a handful, not every pair).
    private(set) var lastRecycleSteps = 0

    /// An allocator for a terminal with `colorPairs` pairs (`COLOR_PAIRS`).
    init(colorPairs: Int) {
        capacity = max(0, colorPairs - 1)
    }

    /// Marks the start of a frame; `full` when the whole screen is about to be redrawn.
    mutating func beginFrame(full: Bool) {
        frame += 1
        if full { lastFullRedraw = frame }
    }

    /// The pair for `key`; 0 for default-on-default, or when the terminal has no pairs.
    mutating func pair(for key: Key) -> Allocation {
        if key == Key(foreground: -1, background: -1) || capacity == 0 { return .existing(0) }
        if let pair = pairs[key] {
            touch(pair)
            return .existing(pair)
        }
        let allocation: Allocation
        if pairs.count < capacity {
            allocation = .new(Int32(pairs.count + 1))
            keys.append(key)
            lastUse.append(-1)
        } else {
            let victim = leastRecentlyUsed()
            let used = lastUse[Int(victim) - 1]
            pairs[keys[Int(victim) - 1]] = nil
            keys[Int(victim) - 1] = key
            lastUse[Int(victim) - 1] = -1  // its entry is gone: `touch` makes the next
            // During a full redraw asking for another would not help (more combinations on
            // one screen than pairs), so only a partial frame reports possible damage.
            allocation = .recycled(victim, mayBeOnScreen: frame != lastFullRedraw && used >= lastFullRedraw)
        }
        pairs[key] = allocation.pair
        touch(allocation.pair)
        return allocation
    }

    /// Records a use of `pair` in this frame.
    private mutating func touch(_ pair: Int32) {
        guard lastUse[Int(pair) - 1] != frame else { return }
        lastUse[Int(pair) - 1] = frame
        // Stale entries are dropped once they outnumber the pairs (each pair has one live
        // entry): rebuilt from `lastUse`, this use included.
        if uses.count >= 2 * keys.count + 64 {
            uses = lastUse.indices.map { UInt64(lastUse[$0]) << 32 | UInt64($0 + 1) }
            uses.sort()  // a sorted array is a heap
        } else {
            push(UInt64(frame) << 32 | UInt64(UInt32(pair)))
        }
    }

    /// The pair used longest ago (the lowest number among equals), taken off the heap.
    private mutating func leastRecentlyUsed() -> Int32 {
        lastRecycleSteps = 0
        while true {
            let top = popFirst()
            lastRecycleSteps += 1
            let pair = Int32(top & 0xFFFF_FFFF)
            if lastUse[Int(pair) - 1] == Int(top >> 32) { return pair }
        }
    }

    private mutating func push(_ entry: UInt64) {
        uses.append(entry)
        var child = uses.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard uses[child] < uses[parent] else { break }
            uses.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popFirst() -> UInt64 {
        let first = uses[0]
        let last = uses.removeLast()
        guard !uses.isEmpty else { return first }
        uses[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var least = parent
            if left < uses.count && uses[left] < uses[least] { least = left }
            if right < uses.count && uses[right] < uses[least] { least = right }
            guard least != parent else { return first }
            uses.swapAt(parent, least)
            parent = least
        }
    }
}
