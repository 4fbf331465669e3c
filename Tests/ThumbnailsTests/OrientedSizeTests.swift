import CellArt
import MediaDecoding
import Platform
import Thumbnails
import TestFixtures
import XCTest

/// A picture takes the same cells whichever way its file stores it: a 3000x4000 JPEG with
/// EXIF orientation 6 (shown 4000x3000) was one row shorter than the 4000x3000 one (tester's
/// finding 9: `thumb --size 36` gave 36x13 against 36x14), because the decode target, meant
/// for the picture as shown, was applied to the stored pixels, which then came out a pixel
/// short of the shown shape after the turn.
final class OrientedSizeTests: XCTestCase {
    /// `thumb --size`'s forms as `ArtOptions`: one side alone leaves the other at the bound.
    private let sizes: [(columns: Int, rows: Int)] = [(36, 1000), (60, 1000), (20, 40)]

    /// An 800x600 picture as shown, stored as `orientation` asks (turned for 5–8), in a JPEG
    /// carrying that orientation.
    private func jpeg(_ folder: TempFolder, orientation: Int) throws -> RawPath {
        let turned = orientation >= 5
        let stored = Drawn.scene(width: turned ? 600 : 800, height: turned ? 800 : 600, seed: orientation)
        let bytes = ExifBuilder.inserting(ExifBuilder.app1(orientation: orientation),
                                          into: try JPEGEncoder.encode(stored, quality: 0.9))
        return folder.write("orientation \(orientation).jpg", bytes: bytes)
    }

    private func pictureSize(_ path: RawPath, _ size: (columns: Int, rows: Int)) throws -> String {
        let options = ArtOptions(columns: size.columns, rows: size.rows, symbols: .blocks, colors: .trueColor, fit: .fit)
        guard case .cells(let image) = try Thumbnailer.thumbnail(for: path, options: options, cache: nil) else {
            XCTFail("cell art expected")
            return ""
        }
        return "\(image.pictureArea.columns)x\(image.pictureArea.rows)"
    }

    func testEveryOrientationTakesTheCellsOfTheUprightPicture() throws {
        let folder = TempFolder()
        let paths = try (1...8).map { try jpeg(folder, orientation: $0) }
        for size in sizes {
            // 800x600 in cells twice as tall as wide: 36 x 13.5, 60 x 22.5, 20 x 7.5, rounded up.
            let upright = "\(size.columns)x\((size.columns * 600 / 800 + 1) / 2)"
            for (index, path) in paths.enumerated() {
                XCTAssertEqual(try pictureSize(path, size), upright, "orientation \(index + 1) at \(size.columns)x\(size.rows)")
            }
        }
    }
}
