import ColorModel
import XCTest
@_spi(Tuning) @testable import CellArt

/// CIEDE2000 against Sharma, Wu and Dalal's published test pairs, and the 256-colour
/// perceptual palette search against an exhaustive one.
final class DeltaETests: XCTestCase {
    /// (L1, a1, b1, L2, a2, b2, ΔE00) from Sharma, Wu and Dalal (2005), table 1.
    static let sharma: [(Float, Float, Float, Float, Float, Float, Float)] = [
        (50, 2.6772, -79.7751, 50, 0, -82.7485, 2.0425),
        (50, 3.1571, -77.2803, 50, 0, -82.7485, 2.8615),
        (50, 2.8361, -74.0200, 50, 0, -82.7485, 3.4412),
        (50, -1.3802, -84.2814, 50, 0, -82.7485, 1.0000),
        (50, -1.1848, -84.8006, 50, 0, -82.7485, 1.0000),
        (50, -0.9009, -85.5211, 50, 0, -82.7485, 1.0000),
        (50, 0, 0, 50, -1, 2, 2.3669),
        (50, -1, 2, 50, 0, 0, 2.3669),
        (50, -0.0010, 2.4900, 50, 0.0009, -2.4900, 4.8045),
        (50, 2.5, 0, 73, 25, -18, 27.1492),
        (50, 2.5, 0, 61, -5, 29, 22.8977),
        (50, 2.5, 0, 56, -27, -3, 31.9030),
        (50, 2.5, 0, 58, 24, 15, 19.4535),
        (50, 2.5, 0, 50, 3.1736, 0.5854, 1.0000),
        (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
        (63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630),
        (61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731),
        (35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645),
        (90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441),
    ]

    func testSharmaPairs() {
        for (index, t) in Self.sharma.enumerated() {
            let d = CIEDE2000.difference(SIMD3(t.0, t.1, t.2), SIMD3(t.3, t.4, t.5))
            XCTAssertEqual(d, t.6, accuracy: 0.002, "pair \(index + 1)")
            XCTAssertEqual(CIEDE2000.difference(SIMD3(t.3, t.4, t.5), SIMD3(t.0, t.1, t.2)), t.6, accuracy: 0.002, "pair \(index + 1) reversed")
        }
        XCTAssertEqual(CIEDE2000.difference(SIMD3(40, 10, -20), SIMD3(40, 10, -20)), 0, accuracy: 1e-4)
    }

    func testPaletteColoursSnapToThemselves() {
        let search = DeltaEPaletteSearch(colors: XtermPalette.colors, lumaWeight: 120)
        for (index, color) in XtermPalette.colors.enumerated() {
            let srgb = SIMD3(Float(color.r), Float(color.g), Float(color.b)) / 255
            let found = search.nearest(lab: DeltaEPaletteSearch.lab(srgb: srgb), luma: DeltaEPaletteSearch.luma(srgb))
            XCTAssertEqual(XtermPalette.colors[found], color, "entry \(index)")
        }
    }

    /// The search looks at the few nearest entries in DIN99o only; it should almost always
    /// find what comparing every entry finds, and be close when it does not.
    func testAgreesWithExhaustiveSearch() {
        let weight: Float = 120
        let search = DeltaEPaletteSearch(colors: XtermPalette.colors, lumaWeight: weight)
        let entries = XtermPalette.colors.map { SIMD3(Float($0.r), Float($0.g), Float($0.b)) / 255 }
        func cost(_ i: Int, _ lab: SIMD3<Float>, _ luma: Float) -> Float {
            CIEDE2000.difference(lab, DeltaEPaletteSearch.lab(srgb: entries[i])) + weight * abs(DeltaEPaletteSearch.luma(entries[i]) - luma)
        }
        var agreed = 0, worstExcess: Float = 0
        let steps = (0..<13).map { Float($0) / 12 }
        let grid = steps.flatMap { r in steps.flatMap { g in steps.map { b in SIMD3(r, g, b) } } }
        let trials = grid.count
        for srgb in grid {
            let lab = DeltaEPaletteSearch.lab(srgb: srgb), luma = DeltaEPaletteSearch.luma(srgb)
            let found = search.nearest(lab: lab, luma: luma)
            let best = entries.indices.min { cost($0, lab, luma) < cost($1, lab, luma) }!
            if cost(found, lab, luma) <= cost(best, lab, luma) { agreed += 1 }
            worstExcess = max(worstExcess, cost(found, lab, luma) - cost(best, lab, luma))
        }
        // 2076 of 2197 when written; the misses are saturated extremes of the sRGB cube,
        // rare in photographs.
        XCTAssertGreaterThan(Double(agreed) / Double(trials), 0.92, "agreed on \(agreed) of \(trials)")
        XCTAssertLessThan(worstExcess, 10)
    }

    /// A dark sky between the two darkest greys (8 and 18) rounds down in shadows, and the
    /// rule changes nothing for targets lighter than the shadow limit.
    func testShadowsRoundDownOnlyInShadows() throws {
        let knee = (RenderTuning().lumaKnee, RenderTuning().lumaKneeWeight)
        let plain = DeltaEPaletteSearch(colors: XtermPalette.colors, lumaWeight: 120, knee: knee)
        let tuned = try XCTUnwrap(DeltaEPaletteSearch(0..<256, tuning: RenderTuning()))
        func pick(_ search: DeltaEPaletteSearch, _ srgb: SIMD3<Float>) -> Int {
            search.nearest(lab: DeltaEPaletteSearch.lab(srgb: srgb), luma: DeltaEPaletteSearch.luma(srgb))
        }
        let sky = SIMD3<Float>(11.6, 14, 12.4) / 255  // hubble_deep_field's background, luma 13.4
        XCTAssertEqual(pick(plain, sky), 233, "luma 13.4 is nearer grey 18 than grey 8")
        XCTAssertEqual(pick(tuned, sky), 232)
        XCTAssertEqual(pick(tuned, SIMD3(17, 17, 17) / 255), 233, "clearly lighter stays lighter")

        let limit = RenderTuning().shadowLuma
        let steps = (0..<18).map { Float($0) / 17 }
        var compared = 0
        for r in steps { for g in steps { for b in steps {
            let srgb = SIMD3(r, g, b)
            guard DeltaEPaletteSearch.luma(srgb) >= limit else { continue }
            compared += 1
            XCTAssertEqual(pick(tuned, srgb), pick(plain, srgb), "\(srgb)")
        } } }
        XCTAssertGreaterThan(compared, 5000)
    }

    /// Below the darkest grey (8) the only darker entry is black: a sky there is drawn as it
    /// would be without the shadow rule, not rounded down to black (smc29's star field).
    func testShadowsDarkerThanTheFirstGreyAreNotRoundedToBlack() throws {
        let plain = DeltaEPaletteSearch(colors: XtermPalette.colors, lumaWeight: 120)
        let tuned = try XCTUnwrap(DeltaEPaletteSearch(0..<256, tuning: RenderTuning()))
        var noFloor = RenderTuning()
        noFloor.shadowFloor = 0
        let unfloored = try XCTUnwrap(DeltaEPaletteSearch(0..<256, tuning: noFloor))
        func pick(_ search: DeltaEPaletteSearch, _ srgb: SIMD3<Float>) -> Int {
            search.nearest(lab: DeltaEPaletteSearch.lab(srgb: srgb), luma: DeltaEPaletteSearch.luma(srgb))
        }
        let sky = SIMD3<Float>(4, 5, 5) / 255  // luma 4.7, nearer grey 8 than black
        XCTAssertEqual(pick(plain, sky), 232)
        XCTAssertEqual(pick(tuned, sky), 232)
        XCTAssertEqual(pick(unfloored, sky), 0, "without the floor the rule rounds it to black (entry 0 ties with 16)")
    }

    /// A paint between two steps of the cube, (166, 59, 29) with a luma of 80 of 255, is nearer
    /// red in ΔE00 (36 levels darker) than orange (24 lighter); samples of it on both sides of
    /// that line drew red and orange patches. Past the knee a luma error costs its square, and
    /// the paint keeps its tone. The joint search's weight (0.7) over the whole palette.
    func testAPaintBetweenHueStepsKeepsItsTone() throws {
        var noKnee = RenderTuning()
        noKnee.lumaKneeWeight = 0
        let paint = SIMD3<Float>(166, 59, 29) / 255
        let (lab, luma) = (DeltaEPaletteSearch.lab(srgb: paint), DeltaEPaletteSearch.luma(paint))
        func best(_ tuning: RenderTuning) throws -> Int {
            let search = try XCTUnwrap(DeltaEPaletteSearch(0..<256, tuning: tuning))
            return (0..<256).min { search.cost(lab: lab, luma: luma, entry: $0, lumaWeight: 70) < search.cost(lab: lab, luma: luma, entry: $1, lumaWeight: 70) }!
        }
        func lumaOf(_ entry: Int) -> Float {
            let c = XtermPalette.colors[entry]
            return DeltaEPaletteSearch.luma(SIMD3(Float(c.r), Float(c.g), Float(c.b)) / 255)
        }
        let before = try best(noKnee), after = try best(RenderTuning())
        XCTAssertLessThan(lumaOf(before), luma - 0.1, "without the knee: a red, far darker: \(XtermPalette.colors[before])")
        let kept = XtermPalette.colors[after]
        XCTAssertLessThan(abs(lumaOf(after) - luma), 0.11, "\(kept)")
        XCTAssertGreaterThan(kept.g, kept.b, "still an orange, not a grey or a pink: \(kept)")
    }

    func testSaturatedColoursKeepTheirHueAt256() {
        let search = DeltaEPaletteSearch(colors: XtermPalette.colors, lumaWeight: 120)
        for (color, expected) in [(RGB(0, 255, 0), RGB(0, 255, 0)), (RGB(255, 0, 0), RGB(255, 0, 0)), (RGB(0, 0, 255), RGB(0, 0, 255))] {
            let srgb = SIMD3(Float(color.r), Float(color.g), Float(color.b)) / 255
            let found = XtermPalette.colors[search.nearest(lab: DeltaEPaletteSearch.lab(srgb: srgb), luma: DeltaEPaletteSearch.luma(srgb))]
            XCTAssertEqual(found, expected)
        }
    }
}

