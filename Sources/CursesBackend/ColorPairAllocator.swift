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
    private var keys: [Int32: Key] = [:]
    private var lastUse: [Int32: Int] = [:]
    private var frame = 0
    private var lastFullRedraw = 0

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
            lastUse[pair] = frame
            return .existing(pair)
        }
        let allocation: Allocation
        if pairs.count < capacity {
            allocation = .new(Int32(pairs.count + 1))
        } else {
            // Linear scan: only reached when every pair is taken, which needs more distinct
            // colour combinations than the terminal has pairs.
            let (victim, used) = lastUse.min { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }!
            pairs[keys[victim]!] = nil
            // During a full redraw asking for another would not help (more combinations on
            // one screen than pairs), so only a partial frame reports possible damage.
            allocation = .recycled(victim, mayBeOnScreen: frame != lastFullRedraw && used >= lastFullRedraw)
        }
        pairs[key] = allocation.pair
        keys[allocation.pair] = key
        lastUse[allocation.pair] = frame
        return allocation
    }
}
