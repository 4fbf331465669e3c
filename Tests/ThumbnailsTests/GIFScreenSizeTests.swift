import CellArt
import DemoMedia
import MediaDecoding
import Platform
import Thumbnails
import TestFixtures
import XCTest

/// A GIF whose logical screen says 0x0 (a few encoders write it so; the decoder then takes the
/// first frame's size, as browsers and ImageMagick do) was drawn from a picture reduced to a
/// row or two and stretched, its top and bottom halves smeared into one colour, and
/// `--format json` gave it as 0x0 (the exploratory tester's finding).
final class GIFScreenSizeTests: XCTestCase {
    func testAScreenOfNoSizeTakesTheFirstFramesSize() throws {
        let folder = TempFolder()
        let picture = Drawn.quarters(size: 64, seed: 1)
        let bytes = try GIFEncoder.encode(picture)
        var unsized = bytes
        unsized.replaceSubrange(6..<10, with: [0, 0, 0, 0])
        let good = folder.write("good.gif", bytes: bytes)
        let zero = folder.write("zero.gif", bytes: unsized)

        let info = try ImageDecoder.info(path: zero)
        XCTAssertEqual([info.width, info.height], [64, 48])
        let options = ArtOptions(columns: 16, rows: 6, symbols: .blocks, colors: .trueColor, fit: .fit)
        XCTAssertEqual(try Thumbnailer.thumbnail(for: zero, options: options, cache: nil),
                       try Thumbnailer.thumbnail(for: good, options: options, cache: nil))
    }
}
