import ColorModel
import XCTest
@testable import CellArt

/// The pruned search must give exactly what comparing every entry gives, ties included.
final class PaletteSearchTests: XCTestCase {
    /// The two nearest by (distance, index), the reference the search is held to.
    private func bruteForce(_ entries: [SIMD4<Float>], _ target: SIMD4<Float>) -> (Int, Int) {
        let ranked = entries.indices.map { i -> (Float, Int) in
            let diff = entries[i] - target
            return (diff.x * diff.x + diff.y * diff.y + diff.z * diff.z + diff.w * diff.w, i)
        }.sorted { $0 < $1 }
        return (ranked[0].1, ranked.count > 1 ? ranked[1].1 : ranked[0].1)
    }

    func testMatchesBruteForceOnTheXtermPalette() {
        let space = WorkingColor(lightnessWeight: 1, lumaWeight: 0.5, cielab: false)
        let entries = (16..<256).map { space.from(XtermPalette.colors[$0]) }
        let two = PaletteSearch(entries: entries, count: 2), one = PaletteSearch(entries: entries, count: 1)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let target = SIMD4<Float>(Float.random(in: -0.1...1.1, using: &generator), Float.random(in: -0.4...0.4, using: &generator),
                                      Float.random(in: -0.4...0.4, using: &generator), Float.random(in: -0.1...0.6, using: &generator))
            let expected = bruteForce(entries, target)
            let got = two.nearest(to: target)
            XCTAssertTrue(got == expected, "\(target): \(got) instead of \(expected)")
            XCTAssertTrue(one.nearest(to: target) == (expected.0, expected.0))
        }
    }

    /// The joint 256-colour choice asks for up to eight neighbours; palettes of any size are
    /// stored in blocks of eight, padded, and the padding must never be answered.
    func testKNearestMatchesBruteForceForEveryKAndPaletteSize() {
        let space = WorkingColor(lightnessWeight: 1, lumaWeight: 0.5, cielab: false)
        var generator = SystemRandomNumberGenerator()
        for range in [0..<1, 0..<3, 0..<8, 0..<16, 0..<17, 16..<256, 0..<256] {
            // Every entry doubled once in a while, so that ties are met.
            let entries = range.map { space.from(XtermPalette.colors[$0]) } + range.prefix(5).map { space.from(XtermPalette.colors[$0]) }
            let search = PaletteSearch(entries: entries, count: 1)
            for _ in 0..<400 {
                let target = SIMD4<Float>(Float.random(in: -0.1...1.1, using: &generator), Float.random(in: -0.4...0.4, using: &generator),
                                          Float.random(in: -0.4...0.4, using: &generator), Float.random(in: -0.1...0.6, using: &generator))
                let ranked = entries.indices.map { i -> (Float, Int) in
                    let diff = entries[i] - target
                    return (diff.x * diff.x + diff.y * diff.y + diff.z * diff.z + diff.w * diff.w, i)
                }.sorted { $0 < $1 }
                for k in 1...8 {
                    let got = search.nearest(to: target, k: k)
                    let expected = ranked.prefix(k).map { Int32($0.1) }
                    XCTAssertEqual(got.count, expected.count, "\(range) k \(k)")
                    XCTAssertEqual((0..<got.count).map { got.indices[$0] }, expected, "\(range) k \(k) target \(target)")
                }
            }
        }
    }

    func testTiesGoToTheLowerIndex() {
        // Entries 1 and 3 are the same colour, as are 0 and 2; lightness order differs from index order.
        let entries: [SIMD4<Float>] = [SIMD4(0.9, 0, 0, 0), SIMD4(0.5, 0.1, 0, 0), SIMD4(0.9, 0, 0, 0), SIMD4(0.5, 0.1, 0, 0)]
        let search = PaletteSearch(entries: entries, count: 2)
        XCTAssertTrue(search.nearest(to: SIMD4(0.5, 0.1, 0, 0)) == (1, 3))
        XCTAssertTrue(search.nearest(to: SIMD4(0.6, 0.05, 0, 0)) == (1, 3))
        XCTAssertTrue(search.nearest(to: SIMD4(1.0, 0, 0, 0)) == (0, 2))
    }

    func testNaNTargetStillNamesAnEntry() {
        let search = PaletteSearch(entries: [SIMD4(0.2, 0, 0, 0), SIMD4(0.8, 0, 0, 0)], count: 2)
        XCTAssertTrue(search.nearest(to: SIMD4(.nan, 0, 0, 0)) == (0, 0))
    }
}
