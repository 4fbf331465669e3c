import ColorModel
import MediaDecoding
import XCTest
@testable import CellArt

/// The renderer's box filter: plain area weights, and ramps across partly covered pixels
/// when a picture is reduced (`BoxWeights`' `slopes`).
final class BoxWeightsTests: XCTestCase {
    /// Applies `weights` to `values`.
    private func reduce(_ values: [Double], _ weights: BoxWeights, count: Int) -> [Double] {
        (0..<count).map { weights.taps($0).reduce(0) { $0 + values[$1.0] * Double($1.1) } }
    }

    /// Pixel i holding the mean of x over [i, i+1] is a ramp; reading partly covered pixels
    /// as ramps gets every sample's exact mean at a non-integer ratio (256 px to 80, as the
    /// cached picture to a 40x20 half-block tile), where flat pixels miss it.
    func testARampIsReducedToItsExactMeans() {
        let values = (0..<256).map { Double($0) + 0.5 }
        let step = 256.0 / 80
        let exact = (0..<80).map { (Double($0) + 0.5) * step }
        let ramps = reduce(values, BoxWeights(sourceStart: 0, sourceLength: 256, count: 80, limit: 256, slopes: true), count: 80)
        let flat = reduce(values, BoxWeights(sourceStart: 0, sourceLength: 256, count: 80, limit: 256), count: 80)
        for i in 0..<80 { XCTAssertEqual(ramps[i], exact[i], accuracy: 1e-3, "sample \(i)") }
        XCTAssertGreaterThan(zip(flat, exact).map { abs($0 - $1) }.max()!, 0.01, "the premise: flat pixels miss the means")
    }

    /// The ramps' extra weights cancel (a flat picture stays flat), vanish at an integer
    /// ratio, and are not used when enlarging or from `rampsBelow` pixels a sample.
    func testRampsKeepTheMeanAndLeaveWholePixelsAlone() {
        let ramps = BoxWeights(sourceStart: 0.3, sourceLength: 200.4, count: 70, limit: 201, slopes: true)
        XCTAssertGreaterThan(ramps.weights.count, BoxWeights(sourceStart: 0.3, sourceLength: 200.4, count: 70, limit: 201).weights.count,
                             "the premise: ramps at 2.9 pixels a sample")
        for i in 0..<70 {
            XCTAssertEqual(ramps.taps(i).reduce(0) { $0 + $1.1 }, 1, accuracy: 1e-5, "sample \(i)")
        }
        for (count, length) in [(8, 64.0), (7, 3.0), (37, 200.0)] {
            let plain = BoxWeights(sourceStart: 0, sourceLength: length, count: count, limit: Int(length))
            let sloped = BoxWeights(sourceStart: 0, sourceLength: length, count: count, limit: Int(length), slopes: true)
            for i in 0..<count {
                let a = plain.taps(i).filter { $0.1 != 0 }, b = sloped.taps(i).filter { $0.1 != 0 }
                XCTAssertEqual(a.map(\.0), b.map(\.0), "\(count) from \(length), sample \(i)")
                XCTAssertEqual(a.map(\.1), b.map(\.1), "\(count) from \(length), sample \(i)")
            }
        }
    }

    /// A hard black-to-white edge overshoots under the ramps' negative weights; the samples
    /// stay in 0...1.
    func testSamplesOfAHardEdgeStayInRange() {
        let width = 256, height = 4
        let image = PixelImage(width: width, height: height) { x, _ in x % 7 < 3 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        let picture = SampledPicture(image, source: (0, 0, Double(width), Double(height)), width: 80, height: 1,
                                     background: RGB(0, 0, 0), linear: false, slopes: true)
        XCTAssertTrue(picture.colors.allSatisfy { ($0 .>= SIMD4<Float>.zero) == .init(repeating: true) && ($0 .<= SIMD4<Float>(1, 1, 1, 0)) == .init(repeating: true) })
        XCTAssertTrue(picture.colors.contains { $0.x > 0.01 && $0.x < 0.99 }, "the premise: samples straddle edges")
    }
}
