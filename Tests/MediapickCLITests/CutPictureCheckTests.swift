import Foundation
import MediaDecoding
@testable import MediapickCLI
import Platform
import TestFixtures
import XCTest

/// `--format json`'s `"partial": true` is said of a JPEG or PNG cut inside its picture (drawn
/// as far as it goes, the tile's `⚠ cut`), and of nothing else: not of a whole file, one that
/// lacks only its end marker (drawn whole), one cut before any of its picture (broken), nor of
/// another format.
final class CutPictureCheckTests: XCTestCase {
    private let picture = Drawn.noise(width: 160, height: 120)

    func testOnlyAPictureCutInsideItsDataIsPartial() throws {
        let folder = try ScratchFolder("cut-check")
        func file(_ name: String, _ bytes: [UInt8]) throws -> RawPath {
            let path = folder.path.appending(name)
            try Data(bytes).write(to: URL(fileURLWithPath: path.string))
            return path
        }
        let png = try PNGEncoder.encode(picture), jpeg = try JPEGEncoder.encode(picture, quality: 0.9)
        XCTAssertFalse(CutPictureCheck.isCut(try file("whole.png", png)))
        XCTAssertFalse(CutPictureCheck.isCut(try file("whole.jpg", jpeg)))
        XCTAssertTrue(CutPictureCheck.isCut(try file("dl.png", Array(png.prefix(png.count * 6 / 10)))))
        XCTAssertTrue(CutPictureCheck.isCut(try file("dl.jpg", Array(jpeg.prefix(jpeg.count * 6 / 10)))))
        XCTAssertFalse(CutPictureCheck.isCut(try file("no-eoi.jpg", Array(jpeg.dropLast(2)))), "whole but for its end marker")
        XCTAssertFalse(CutPictureCheck.isCut(try file("early.jpg", Array(jpeg.prefix(200)))), "cut in its headers: broken")
        XCTAssertFalse(CutPictureCheck.isCut(try file("early.png", Array(png.prefix(40)))), "cut in its headers: broken")
        XCTAssertFalse(CutPictureCheck.isCut(folder.path.appending("gone.png")))

        let cut = OutputRecord(path: folder.path.appending("dl.png"), kind: .image)
        XCTAssertTrue(CutPictureCheck.marked(cut).partial)
        var video = cut
        video.kind = .video
        XCTAssertFalse(CutPictureCheck.marked(video).partial, "only pictures are drawn in part")
    }
}
