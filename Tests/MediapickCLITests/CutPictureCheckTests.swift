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

    private func write(_ bytes: [UInt8], _ name: String, in folder: ScratchFolder) throws -> RawPath {
        let path = folder.path.appending(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path.string))
        return path
    }

    func testOnlyAPictureCutInsideItsDataIsPartial() throws {
        let folder = try ScratchFolder("cut-check")
        func file(_ name: String, _ bytes: [UInt8]) throws -> RawPath { try write(bytes, name, in: folder) }
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

    /// A picture followed by something else (a motion photo's video, a camera's trailer) is
    /// whole, told from its structure without decoding it; a cut one is still decoded.
    func testAPictureFollowedByOtherDataIsWholeWithoutADecode() throws {
        let folder = try ScratchFolder("cut-check-trailer")
        func file(_ name: String, _ bytes: [UInt8]) throws -> RawPath { try write(bytes, name, in: folder) }
        let decoded = Recorder()
        func counting(_ path: RawPath) throws(DecodeError) {
            decoded.paths.append(path.string)
            try CutPictureCheck.decodeForCheck(path)
        }
        // A trailer that holds what would end a scan early, and bytes that look like markers.
        let trailer: [UInt8] = Array("ftypmp42".utf8) + [0xFF, 0xD8, 0xFF, 0xC0, 0, 0] + Array(repeating: 0x5A, count: 70_000)
        let jpeg = try JPEGEncoder.encode(picture, quality: 0.9), png = try PNGEncoder.encode(picture)
        // Progressive (scans after scans, tables between them), made by ImageMagick.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else {
            throw XCTSkip("ImageMagick is not installed (/usr/bin/convert): apt-get install imagemagick")
        }
        let source = try file("source.png", png), made = folder.path.appending("made.jpg")
        XCTAssertEqual(TempFolder.run(["/usr/bin/convert", source.string, "-interlace", "JPEG", "-quality", "90", made.string]), 0)
        let progressive = try FileBytes.read(made)
        XCTAssertFalse(CutPictureCheck.isCut(try file("motion.jpg", jpeg + trailer), decode: counting))
        XCTAssertFalse(CutPictureCheck.isCut(try file("progressive.jpg", progressive + trailer), decode: counting))
        XCTAssertFalse(CutPictureCheck.isCut(try file("trailer.png", png + trailer), decode: counting))
        XCTAssertEqual(decoded.paths, [], "whole pictures with a trailer are not decoded")

        XCTAssertTrue(CutPictureCheck.isCut(try file("dl.jpg", Array(progressive.prefix(progressive.count * 6 / 10))), decode: counting))
        XCTAssertTrue(CutPictureCheck.isCut(try file("dl.png", Array(png.prefix(png.count * 6 / 10))), decode: counting))
        XCTAssertEqual(decoded.paths.count, 2, "a cut picture is decoded to tell it from a broken one")
    }
}

/// The paths a test's decode was asked for.
private final class Recorder {
    var paths: [String] = []
}
