@testable import CursesBackend
import TerminalUI
import XCTest

/// Pairs on demand, recycled least-recently-used, with a redraw requested only when a
/// recycled pair may still colour cells on screen.
final class ColorPairAllocatorTests: XCTestCase {
    private typealias Key = ColorPairAllocator.Key
    private let red = Key(foreground: 1, background: -1)
    private let green = Key(foreground: 2, background: -1)
    private let blue = Key(foreground: 4, background: -1)

    func testDefaultOnDefaultIsPairZeroAndPairsAreReused() {
        var allocator = ColorPairAllocator(colorPairs: 64)
        allocator.beginFrame(full: true)
        XCTAssertEqual(allocator.pair(for: Key(foreground: -1, background: -1)), .existing(0))
        XCTAssertEqual(allocator.pair(for: red), .new(1))
        XCTAssertEqual(allocator.pair(for: green), .new(2))
        XCTAssertEqual(allocator.pair(for: red), .existing(1))
    }

    func testNoPairsMeansPairZero() {
        var allocator = ColorPairAllocator(colorPairs: 0)
        XCTAssertEqual(allocator.pair(for: red), .existing(0))
    }

    func testRecyclesTheLeastRecentlyUsedPair() {
        var allocator = ColorPairAllocator(colorPairs: 3)  // pairs 1 and 2
        allocator.beginFrame(full: true)
        _ = allocator.pair(for: red)
        _ = allocator.pair(for: green)
        allocator.beginFrame(full: false)
        _ = allocator.pair(for: red)  // green is now the least recently used
        XCTAssertEqual(allocator.pair(for: blue), .recycled(2, mayBeOnScreen: true))
        XCTAssertEqual(allocator.pair(for: blue), .existing(2))
        XCTAssertEqual(allocator.pair(for: green), .recycled(1, mayBeOnScreen: true))
    }

    func testPairsUnusedSinceTheLastFullRedrawAreOffScreen() {
        var allocator = ColorPairAllocator(colorPairs: 3)
        allocator.beginFrame(full: true)
        _ = allocator.pair(for: red)
        _ = allocator.pair(for: green)
        allocator.beginFrame(full: true)
        _ = allocator.pair(for: red)
        allocator.beginFrame(full: false)
        XCTAssertEqual(allocator.pair(for: blue), .recycled(2, mayBeOnScreen: false),
                       "green was not drawn by the last full redraw, so no cell shows it")
    }

    func testAFullRedrawNeverAsksForAnother() {
        var allocator = ColorPairAllocator(colorPairs: 2)  // one pair for three colours
        allocator.beginFrame(full: true)
        _ = allocator.pair(for: red)
        XCTAssertEqual(allocator.pair(for: green), .recycled(1, mayBeOnScreen: false))
        XCTAssertEqual(allocator.pair(for: blue), .recycled(1, mayBeOnScreen: false))
    }

    /// Finding the pair to recycle looks at a few entries, not at every pair: live truecolor
    /// video needs thousands of new combinations a frame, and scanning all 32,766 pairs for
    /// each was 40 % of the camera preview's CPU at 200x60.
    func testRecyclingDoesNotScanEveryPair() {
        var allocator = ColorPairAllocator(colorPairs: 32767)
        for frame in 0..<4 {
            allocator.beginFrame(full: frame == 0)
            for i in 0..<12000 { _ = allocator.pair(for: Key(foreground: Int32(frame * 12000 + i), background: 0)) }
            if frame == 3 { XCTAssertLessThanOrEqual(allocator.lastRecycleSteps, 4, "frame \(frame)") }
        }
        // 32,766 pairs for 48,000 combinations: the first frame's 12,000 pairs went first,
        // then the second frame's from its lowest; the next is the second frame's 3,235th.
        allocator.beginFrame(full: false)
        XCTAssertEqual(allocator.pair(for: Key(foreground: -5, background: 0)), .recycled(12000 + 3235, mayBeOnScreen: true))
    }

    /// The same answers as a scan for the least recently used pair (lowest number among
    /// equals), over random combinations, frames and full redraws.
    func testRecyclingChoosesAsAScanWould() {
        var generator = SystemRandomNumberGenerator()
        for capacity in [2, 3, 9, 40] {
            var allocator = ColorPairAllocator(colorPairs: capacity + 1)
            var reference: [(key: Key, used: Int)] = []
            var frame = 0, full = 0
            for _ in 0..<300 {
                frame += 1
                let isFull = Int.random(in: 0..<5, using: &generator) == 0
                if isFull { full = frame }
                allocator.beginFrame(full: isFull)
                for _ in 0..<Int.random(in: 1...(2 * capacity), using: &generator) {
                    let key = Key(foreground: Int32(Int.random(in: 0..<(3 * capacity), using: &generator)), background: 0)
                    let expected: ColorPairAllocator.Allocation
                    if let index = reference.firstIndex(where: { $0.key == key }) {
                        expected = .existing(Int32(index + 1))
                        reference[index].used = frame
                    } else if reference.count < capacity {
                        reference.append((key, frame))
                        expected = .new(Int32(reference.count))
                    } else {
                        let victim = reference.indices.min { (reference[$0].used, $0) < (reference[$1].used, $1) }!
                        expected = .recycled(Int32(victim + 1), mayBeOnScreen: frame != full && reference[victim].used >= full)
                        reference[victim] = (key, frame)
                    }
                    XCTAssertEqual(allocator.pair(for: key), expected, "capacity \(capacity), frame \(frame)")
                }
            }
        }
    }
}

/// The palette tells the allocator which frames redraw the whole screen.
final class CursesPaletteFrameTests: XCTestCase {
    func testTheFrameAfterAClearIsTheFullRedraw() {
        var palette = CursesPalette(depth: .ansi256, colors: 256, colorPairs: 2, defaultColors: true)  // one pair
        let red = Style(foreground: .indexed(1)), green = Style(foreground: .indexed(2))
        palette.screenCleared()
        palette.beginFrame()
        _ = palette.pair(for: red)
        XCTAssertEqual(palette.pair(for: green), .recycled(1, mayBeOnScreen: false),
                       "within the full redraw another would not help")
        palette.beginFrame()
        XCTAssertEqual(palette.pair(for: red), .recycled(1, mayBeOnScreen: true), "green is on screen")
    }
}
