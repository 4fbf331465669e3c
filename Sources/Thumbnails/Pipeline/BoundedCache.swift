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
        // Evict down to three quarters so eviction (a sort) is rare.
        for (oldKey, item) in items.sorted(by: { $0.value.tick < $1.value.tick }) where totalCost > costLimit * 3 / 4 && oldKey != key {
            items[oldKey] = nil
            totalCost -= cost(item.value)
            evicted.append(item.value)
        }
        return evicted
    }
}
