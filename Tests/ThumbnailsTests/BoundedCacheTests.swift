@testable import Thumbnails
import XCTest

/// The bound both memory caches share: over its limit it lets the least recently used go,
/// down to three quarters, and never the value just stored.
final class BoundedCacheTests: XCTestCase {
    /// A cache of strings costing their length.
    private func cache(limit: Int) -> BoundedCache<String, String> { BoundedCache(costLimit: limit) { $0.count } }

    func testOverTheLimitTheLeastRecentlyUsedGoDownToThreeQuarters() {
        var cache = cache(limit: 100)
        for name in ["a", "b", "c", "d", "e"] { cache.insert(String(repeating: name, count: 20), for: name) }
        XCTAssertEqual(cache.totalCost, 100)
        XCTAssertNotNil(cache.get("a"), "a is used again: b is now the oldest")
        let evicted = cache.insert(String(repeating: "f", count: 20), for: "f")
        // 120 is over 100: b and c go (80 left, three quarters is 75: d goes too, 60 left).
        XCTAssertEqual(Set(evicted), [String(repeating: "b", count: 20), String(repeating: "c", count: 20), String(repeating: "d", count: 20)])
        XCTAssertEqual(cache.totalCost, 60)
        XCTAssertEqual(cache.count, 3)
        for name in ["b", "c", "d"] { XCTAssertNil(cache.peek(name), name) }
        for name in ["a", "e", "f"] { XCTAssertNotNil(cache.peek(name), name) }
    }

    func testTheValueJustStoredStaysEvenWhenItAloneIsOverThreeQuarters() {
        var cache = cache(limit: 100)
        cache.insert(String(repeating: "a", count: 30), for: "a")
        cache.insert(String(repeating: "b", count: 30), for: "b")
        let evicted = cache.insert(String(repeating: "c", count: 90), for: "c")
        XCTAssertEqual(evicted.count, 2)
        XCTAssertEqual(cache.totalCost, 90)
        XCTAssertNotNil(cache.peek("c"))
    }

    func testReplacingAValueReturnsTheOldOneAndCountsTheNewCost() {
        var cache = cache(limit: 100)
        cache.insert("xxxx", for: "a")
        XCTAssertEqual(cache.insert("yy", for: "a"), ["xxxx"])
        XCTAssertEqual(cache.totalCost, 2)
        XCTAssertEqual(cache.peek("a"), "yy")
    }
}
