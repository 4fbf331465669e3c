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
