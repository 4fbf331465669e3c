import MediaDecoding
@testable import MediaPicker
import XCTest
import Platform

final class GridOrderTests: XCTestCase {
    private func entry(_ i: Int) -> MediaEntry {
        MediaEntry(path: RawPath("/f/img\((i * 7919) % 101).jpg"), byteSize: Int64(i % 3),
                   modificationTime: FileTime(seconds: Int64((i * 31) % 5)), rootLength: 3, sourceOrdinal: (i * 13) % 4)
    }

    /// Snapshots that grow (as a scan finds files), then lose one entry (a file vanished):
    /// every arrangement equals sorting the snapshot from scratch.
    func testArrangingGrowingSnapshotsEqualsSortingEachAfresh() {
        let all = (0..<101).map(entry)
        for sort in SortOrder.allCases {
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
        for sort in SortOrder.allCases {
            var order = GridOrder(sort: sort, reverse: false)
            var snapshot = Array(all[..<90])
            let before = order.arrange(snapshot).entries
            XCTAssertEqual(order.lastSortedCount, 90)
            snapshot.remove(at: 40)
            snapshot.remove(at: 0)
            var arranged = order.arrange(snapshot)
            // The catalog follows by the grid positions kept: all but the two dropped.
            guard case .kept(let places) = arranged.change else { return XCTFail("\(arranged.change)") }
            XCTAssertEqual(places.map { before[$0].path }, arranged.entries.map(\.path))
            XCTAssertEqual(order.lastSortedCount, 0, "\(sort)")
            XCTAssertEqual(arranged.entries.map(\.path), EntryListing.sorted(snapshot, by: sort, reverse: false).map(\.path))
            // One more gone, three found.
            snapshot.remove(at: snapshot.count - 1)
            snapshot += all[90..<93]
            arranged = order.arrange(snapshot)
            XCTAssertEqual(arranged.change, .rebuilt)
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
        XCTAssertEqual(first.change, .rebuilt)
        snapshot[0].status = .media(.jpeg)
        let again = order.arrange(snapshot)
        XCTAssertEqual(again.change, .none)
        XCTAssertEqual(again.entries.map(\.status), [.pending, .media(.jpeg)])
        let catalog = EntryCatalog(sorted: first.entries)
        XCTAssertEqual(catalog.kinds, [nil, nil])
        let refreshed = catalog.refreshed(with: again.entries)
        XCTAssertEqual(refreshed.kinds, [nil, .image])
        XCTAssertEqual(refreshed.entries.map(\.status), [.pending, .media(.jpeg)])
    }

    /// The catalog that follows a drop (carrying names and hashes over) is the one built afresh.
    func testACatalogKeepingSomePositionsEqualsOneBuiltAfresh() throws {
        let all = (0..<60).map { i in MediaEntry(path: RawPath("/f/\(i % 2 == 0 ? "IMG" : "clip")_\(i).\(i % 3 == 0 ? "mp4" : "jpg")")) }
        let positions = [0, 1, 5, 17, 18, 42, 59]
        var kept = positions.map { all[$0] }
        kept[2].status = .media(.jpeg)
        let followed = EntryCatalog(sorted: all).keeping(positions, entries: kept)
        let fresh = EntryCatalog(sorted: kept)
        XCTAssertEqual(followed.entries, fresh.entries)
        XCTAssertEqual(followed.paths, fresh.paths)
        XCTAssertEqual(followed.pathHashes, fresh.pathHashes)
        XCTAssertEqual(followed.kinds, fresh.kinds)
        let underscoreOne = try XCTUnwrap(FuzzyMatch.Needle("_1"))
        for query in ["img", "clip_1", "_4", "mp4", "IMG_59.JPG", "zz"] {
            let needle = try XCTUnwrap(FuzzyMatch.Needle(query))
            XCTAssertEqual(kept.indices.map { followed.name(at: $0, matches: needle) }, kept.indices.map { fresh.name(at: $0, matches: needle) }, query)
        }
        XCTAssertEqual(kept.indices.filter { followed.name(at: $0, matches: underscoreOne) }, [1, 3, 4])
    }

    func testMergeKeepsBothOrders() {
        XCTAssertEqual(GridOrder.merge([1, 3, 5], [0, 4, 6], by: <), [0, 1, 3, 4, 5, 6])
        XCTAssertEqual(GridOrder.merge([], [2], by: <), [2])
        XCTAssertEqual(GridOrder.merge([2], [], by: <), [2])
    }
}
