#if canImport(Glibc)
import Glibc
#endif
import Platform
@testable import Thumbnails
import TestFixtures
import XCTest

/// Temporary files that killed runs left in the cache (`.…png.<pid>.<nonce>.tmp`, zero bytes,
/// found by the tester in a real cache) are removed by a later write, never one a live
/// writer may still rename.
final class CacheTemporaryFileTests: XCTestCase {
    /// A PID no process has (above any `pid_max`).
    private let gone: Int32 = 2_147_483_646

    func testTheNameAndTheRule() {
        XCTAssertEqual(CacheTemporaryFile(name: CacheTemporaryFile.name(for: "ab12.png", pid: 123, nonce: 456))?.pid, 123)
        XCTAssertNil(CacheTemporaryFile(name: "ab12.png"), "an entry")
        XCTAssertNil(CacheTemporaryFile(name: "ab12.png.1.2.tmp"), "not hidden: not ours")
        XCTAssertNil(CacheTemporaryFile(name: "..1.2.tmp"), "no entry name")
        XCTAssertNil(CacheTemporaryFile(name: ".ab12.png.x.2.tmp"), "no PID")
        XCTAssertFalse(CacheTemporaryFile.isStale(age: 3600, writerIsAlive: true), "a live writer's, under a day")
        XCTAssertTrue(CacheTemporaryFile.isStale(age: 2 * 86_400, writerIsAlive: true), "a PID reused, or a writer stopped for days")
        XCTAssertFalse(CacheTemporaryFile.isStale(age: 5, writerIsAlive: false), "perhaps a writer in another PID namespace")
        XCTAssertTrue(CacheTemporaryFile.isStale(age: 120, writerIsAlive: false))
    }

    func testAWriteSweepsItsFolderNowAndThen() {
        let folder = TempFolder()
        let cache = ThumbnailDiskCache(root: folder.path.appending("cache/thumbnails"))
        _ = folder.folder("cache")
        _ = folder.folder("cache/thumbnails")
        _ = folder.folder("cache/thumbnails/large")
        let now = Int64(time(nil))
        func temporary(_ entry: String, pid: Int32, age: Int64) -> RawPath {
            folder.write("cache/thumbnails/large/" + CacheTemporaryFile.name(for: entry, pid: pid, nonce: 7), mtime: now - age)
        }
        let orphan = temporary("a.png", pid: gone, age: 120)
        let fresh = temporary("b.png", pid: gone, age: 0)
        let live = temporary("c.png", pid: getpid(), age: 3600)
        let abandoned = temporary("d.png", pid: getpid(), age: 2 * 86_400)
        let entry = folder.write("cache/thumbnails/large/e.png", mtime: now - 2 * 86_400)
        let target = folder.path.appending("cache/thumbnails/large/f.png")

        cache.writeAtomically([1, 2, 3], to: target, nonce: 1)
        XCTAssertEqual([orphan, fresh, live, abandoned, entry].filter(exists).count, 5, "most writes do not sweep")
        cache.writeAtomically([1, 2, 3], to: target, nonce: ThumbnailDiskCache.sweepOneWriteIn)
        XCTAssertFalse(exists(orphan), "its process is gone")
        XCTAssertFalse(exists(abandoned), "a day old")
        XCTAssertTrue(exists(fresh), "young: its writer may be alive where we cannot see it")
        XCTAssertTrue(exists(live), "its writer is alive")
        XCTAssertTrue(exists(entry))
        XCTAssertTrue(exists(target))
    }

    private func exists(_ path: RawPath) -> Bool {
        if case .success = FileStat.of(path) { return true } else { return false }
    }
}
