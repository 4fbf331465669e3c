import TerminalGraphics
import XCTest

/// Image ids: one owner each, kept while owned, the least recently used given up first.
final class KittyImageIDsTests: XCTestCase {
    func testAnOwnerKeepsItsIdAndIsNotSentAgain() {
        var ids = KittyImageIDs<String>()
        let first = ids.acquire("a")
        XCTAssertEqual(first.imageID, 1)
        XCTAssertTrue(first.isNew, "the first time: transmit")
        XCTAssertNil(first.evicted)
        let again = ids.acquire("a")
        XCTAssertEqual(again.imageID, 1)
        XCTAssertFalse(again.isNew, "scrolled back to: place, do not transmit")
        XCTAssertEqual(ids.imageID(of: "a"), 1)
        XCTAssertEqual(ids.owner(of: 1), "a")
    }

    func testNoIdIsGivenTwiceWhileOwnedEvenAfterWrapping() {
        var ids = KittyImageIDs<Int>(ids: 1...5, capacity: 5)
        for owner in 0..<3 { _ = ids.acquire(owner) }  // 1, 2, 3
        XCTAssertEqual(ids.release(1), 2)
        for owner in 3..<5 { _ = ids.acquire(owner) }  // 4, 5
        let wrapped = ids.acquire(5)
        XCTAssertEqual(wrapped.imageID, 2, "wraps round to the one id free, skipping 1 (still owned)")
        XCTAssertNil(wrapped.evicted)
        let held = (0..<6).compactMap { ids.imageID(of: $0) }
        XCTAssertEqual(held.count, Set(held).count, "no two owners share an id")
        XCTAssertEqual(ids.count, 5)
    }

    func testTheLeastRecentlyUsedIsEvictedWhenFull() {
        var ids = KittyImageIDs<String>(capacity: 3)
        for owner in ["a", "b", "c"] { _ = ids.acquire(owner) }
        _ = ids.acquire("a")  // b is now the least recently used
        let d = ids.acquire("d")
        XCTAssertTrue(d.isNew)
        XCTAssertEqual(d.evicted, 2, "b's id, to free in the terminal before transmitting d")
        XCTAssertNil(ids.imageID(of: "b"))
        XCTAssertEqual(ids.count, 3)
        let b = ids.acquire("b")
        XCTAssertTrue(b.isNew, "evicted, so sent again")
        XCTAssertEqual(b.evicted, 3, "c went this time")
    }

    func testReleaseAllGivesEveryIdBack() {
        var ids = KittyImageIDs<String>(ids: 10...0xFF)
        for owner in ["x", "y", "z"] { _ = ids.acquire(owner) }
        XCTAssertNil(ids.release("nobody"))
        XCTAssertEqual(ids.releaseAll(), [10, 11, 12])
        XCTAssertEqual(ids.count, 0)
        XCTAssertTrue(ids.acquire("x").isNew)
    }
}
