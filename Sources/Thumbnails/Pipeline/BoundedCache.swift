/// A dictionary bounded by the total cost of its values; the least recently used go first.
/// Both of the layer's memory caches (rendered tiles, pixels) are one of these.
struct BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The most the values may cost together.
    let costLimit: Int
    private let cost: @Sendable (Value) -> Int
    private var items: [Key: (value: Value, tick: Int)] = [:]
    private var tick = 0
    /// What the values cost together now.
    private(set) var totalCost = 0
    /// How many times the least recently used were let go (each a pass over every entry).
    private(set) var evictionPasses = 0

    init(costLimit: Int, cost: @escaping @Sendable (Value) -> Int) {
        self.costLimit = costLimit
        self.cost = cost
    }

    /// How many values are held.
    var count: Int { items.count }

    /// The value for `key`, marked as just used.
    mutating func get(_ key: Key) -> Value? {
        guard let item = items[key] else { return nil }
        tick += 1
        items[key] = (item.value, tick)
        return item.value
    }

    /// The value for `key`, without marking it used.
    func peek(_ key: Key) -> Value? { items[key]?.value }

    /// Forgets the value for `key`, if any, and returns it.
    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let old = items.removeValue(forKey: key) else { return nil }
        totalCost -= cost(old.value)
        return old.value
    }

    /// Stores `value`; evicts the least recently used when over the limit and returns them, so
    /// that a caller holding a lock can let them go (and free their memory) after unlocking.
    @discardableResult
    mutating func insert(_ value: Value, for key: Key) -> [Value] {
        // A value over the whole limit is not kept (nor would it be after the next insert).
        guard cost(value) <= costLimit else {
            guard let old = items.removeValue(forKey: key) else { return [value] }
            totalCost -= cost(old.value)
            return [value, old.value]
        }
        tick += 1
        var evicted: [Value] = []
        if let old = items.updateValue((value, tick), forKey: key) {
            totalCost -= cost(old.value)
            evicted.append(old.value)
        }
        totalCost += cost(value)
        guard totalCost > costLimit else { return evicted }
        evictLeastRecentlyUsed(keeping: tick, into: &evicted)
        return evicted
    }

    /// Evicts the least recently used values, never the one used at `newest`, until the values
    /// cost three quarters of the limit (so that eviction is rare), appending them to `evicted`.
    ///
    /// Only the ticks and costs are sorted; then one pass finds the entries older than the last
    /// one to go, and only their keys are hashed again to remove them. Sorting the entries
    /// themselves (keys with their paths, values and all) held the main actor 25 ms for a cache
    /// of 4,300 rendered tiles and 144 ms for 12,000 (a standalone loop, 2026-12-07), each time
    /// a quarter of the bound had filled again.
    private mutating func evictLeastRecentlyUsed(keeping newest: Int, into evicted: inout [Value]) {
        var ages = items.values.map { (tick: $0.tick, cost: cost($0.value)) }
        ages.sort { $0.tick < $1.tick }
        // Ticks are unique: every entry younger than `cutoff` stays.
        var cutoff = Int.min, remaining = totalCost
        for age in ages where remaining > costLimit * 3 / 4 && age.tick != newest {
            remaining -= age.cost
            cutoff = age.tick + 1
        }
        guard cutoff > Int.min else { return }
        evictionPasses += 1
        var gone: [Key] = []
        for (key, item) in items where item.tick < cutoff {
            gone.append(key)
            evicted.append(item.value)
        }
        for key in gone { items[key] = nil }
        totalCost = remaining
    }
}
