import MediaDecoding
@testable import MediaPicker
import XCTest
import Platform

final class GridOrderTests: XCTestCase {
    private func entry(_ i: Int) -> MediaEntry {
        MediaEntry(path: RawPath("/f/img\((i * 7919) % 101).jpg"), byteSize: Int64(i % 3),
                   modificationTime: FileTime(seconds: Int64((i * 31) % 5)))
    }

    /// Snapshots that grow (as a scan finds files), then lose one entry (a file vanished):
    /// every arrangement equals sorting the snapshot from scratch.
    func testArrangingGrowingSnapshotsEqualsSortingEachAfresh() {
        let all = (0..<101).map(entry)
        for sort in [SortOrder.date, .name, .size] {
            for reverse in [false, true] {
                var order = GridOrder(sort: sort, reverse: reverse)
                for end in [0, 1, 10, 10, 57, 101] {
                    let snapshot = Array(all[..<end])
                    XCTAssertEqual(order.arrange(snapshot).entries.map(\.path), EntryListing.sorted(snapshot, by: sort, reverse: reverse).map(\.path),
                                   "\(sort) reverse \(reverse), \(end) entries")
                }
                var shrunk = all
                shrunk.remove(at: 40)
                XCTAssertEqual(order.arrange(shrunk).entries.map(\.path), EntryListing.sorted(shrunk, by: sort, reverse: reverse).map(\.path))
            }
        }
    }

    /// A file that vanishes leaves the others in order: nothing is sorted again, and files
    /// found meanwhile are the only ones sorted (a vanishing file once re-sorted all 20,000).
    func testDroppedEntriesAreLeftOutWithoutSortingAgain() {
        let all = (0..<101).map(entry)
        for sort in [SortOrder.date, .name, .size] {
            var order = GridOrder(sort: sort, reverse: false)
            var snapshot = Array(all[..<90])
            _ = order.arrange(snapshot)
            XCTAssertEqual(order.lastSortedCount, 90)
            snapshot.remove(at: 40)
            snapshot.remove(at: 0)
            var arranged = order.arrange(snapshot)
            XCTAssertTrue(arranged.pathsChanged)
            XCTAssertEqual(order.lastSortedCount, 0, "\(sort)")
            XCTAssertEqual(arranged.entries.map(\.path), EntryListing.sorted(snapshot, by: sort, reverse: false).map(\.path))
            // One more gone, three found.
            snapshot.remove(at: snapshot.count - 1)
            snapshot += all[90..<93]
            arranged = order.arrange(snapshot)
            XCTAssertEqual(order.lastSortedCount, 3, "\(sort)")
            XCTAssertEqual(arranged.entries.map(\.path), EntryListing.sorted(snapshot, by: sort, reverse: false).map(\.path))
        }
    }

    /// A rescan that finds a file changed (same path, new size and time) places it anew.
    func testAnEntryWhoseKeysChangedIsPlacedAgain() {
        let all = (0..<30).map(entry)
        var order = GridOrder(sort: .size, reverse: false)
        _ = order.arrange(all)
        var changed = all
        changed[7].byteSize = 1_000_000
        changed[7].modificationTime = FileTime(seconds: 99)
        let arranged = order.arrange(changed)
        XCTAssertEqual(arranged.entries.map(\.path), EntryListing.sorted(changed, by: .size, reverse: false).map(\.path))
        XCTAssertEqual(arranged.entries.first?.byteSize, 1_000_000)
    }

    func testStatusChangesArePickedUpWithoutReordering() {
        var order = GridOrder(sort: .name, reverse: false)
        var snapshot = [MediaEntry(path: RawPath("/b.dat")), MediaEntry(path: RawPath("/a.dat"))]
        let first = order.arrange(snapshot)
        XCTAssertTrue(first.pathsChanged)
        snapshot[0].status = .media(.jpeg)
        let again = order.arrange(snapshot)
        XCTAssertFalse(again.pathsChanged)
        XCTAssertEqual(again.entries.map(\.status), [.pending, .media(.jpeg)])
        let catalog = EntryCatalog(sorted: first.entries)
        XCTAssertEqual(catalog.kinds, [nil, nil])
        let refreshed = catalog.refreshed(with: again.entries)
        XCTAssertEqual(refreshed.kinds, [nil, .image])
        XCTAssertEqual(refreshed.entries.map(\.status), [.pending, .media(.jpeg)])
    }

    func testMergeKeepsBothOrders() {
        XCTAssertEqual(GridOrder.merge([1, 3, 5], [0, 4, 6], by: <), [0, 1, 3, 4, 5, 6])
        XCTAssertEqual(GridOrder.merge([], [2], by: <), [2])
        XCTAssertEqual(GridOrder.merge([2], [], by: <), [2])
    }
}
