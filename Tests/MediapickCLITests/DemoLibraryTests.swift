import DemoMedia
import Foundation
import MediaDecoding
import MediaPicker
import Platform
@testable import MediapickCLI
import XCTest

final class DemoLibraryTests: XCTestCase {
    /// The demo's photos go into its library (they went into the real ~/Pictures, which
    /// outlived the demo); the app's go where `mediapick camera`'s do.
    func testTheDemoCameraSavesIntoTheDemoLibrary() {
        var options = PickOptions()
        options.jpegQuality = 0.5
        let demo = AppMode.cameraOptions(options, demoLibrary: RawPath("/tmp/mediapick-demo-x"))
        XCTAssertEqual(demo.export, RawPath("/tmp/mediapick-demo-x"))
        XCTAssertEqual(demo.device, Array(CameraAccess.demoDevice.utf8))
        XCTAssertEqual(demo.jpegQuality, 0.5)
        let app = AppMode.cameraOptions(options, demoLibrary: nil)
        XCTAssertNil(app.export, "the XDG pictures folder")
        XCTAssertNil(app.device, "the first webcam")
    }

    /// `mediapick demo` left a thumbnail for each of its files in the user's disk cache
    /// (`$XDG_CACHE_HOME/thumbnails`: 30 PNGs after opening the sheet once), for files deleted
    /// when the demo ends.
    func testTheDemoLeavesTheThumbnailCacheAlone() {
        var options = PickOptions()
        options.paths = [RawPath("elsewhere")]
        let demo = AppMode.demoOptions(options, library: RawPath("/tmp/mediapick-demo-x"))
        XCTAssertFalse(demo.diskCache, "no thumbnails cached for files that go with the demo")
        XCTAssertEqual(demo.paths, [RawPath("/tmp/mediapick-demo-x")])
        XCTAssertEqual(demo.limit, PickerConfiguration.noSelectionLimit)
        options.limit = 3
        XCTAssertEqual(AppMode.demoOptions(options, library: RawPath("/tmp/mediapick-demo-x")).limit, 3, "a limit given is kept")
        XCTAssertTrue(options.diskCache, "mediapick app caches as pick mode does")
    }

    /// `-l N` is the app's total, so pick mode's default of 1 would have ended the app's use
    /// at one file: without `-l` the app, like the demo, has no limit.
    func testTheAppHasNoLimitUnlessOneIsGiven() {
        var options = PickOptions()
        XCTAssertEqual(AppMode.appOptions(options).limit, PickerConfiguration.noSelectionLimit)
        options.limit = 1
        XCTAssertEqual(AppMode.appOptions(options).limit, 1)
    }

    /// The demo printed paths into a temporary folder removed at exit, so they named nothing
    /// once it ended. Its library is kept in mediapick's folder of the cache home (not the
    /// thumbnail cache file managers share), and the paths it prints are there.
    func testTheLibraryIsKeptInTheCacheHome() throws {
        XCTAssertEqual(DemoLibrary.folder(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])?.directory,
                       RawPath("/c/mediapick/demo-library"))
        XCTAssertEqual(DemoLibrary.folder(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"])?.directory,
                       RawPath("/h/.cache/mediapick/demo-library"), "a relative XDG_CACHE_HOME is ignored, as the specification says")
        XCTAssertNil(DemoLibrary.folder(environment: [:]))
        XCTAssertThrowsError(try DemoLibrary.open(environment: [:])) { error in
            XCTAssertEqual((error as? CommandError)?.description,
                           "demo: no folder to keep the sample library in: set XDG_CACHE_HOME or HOME")
        }

        let scratch = try ScratchFolder("mp-demo")
        let cache = scratch.path.appending("cache")
        let library = try DemoLibrary.open(environment: ["XDG_CACHE_HOME": cache.string])
        XCTAssertEqual(library.directory, cache.appending("mediapick/demo-library"))
        XCTAssertGreaterThanOrEqual(library.names.count, 30)
        XCTAssertTrue(FileManager.default.fileExists(atPath: library.directory.appending("sunrise-lake.jpg").string))

        // A home that does not exist is not made (Debian's /nonexistent for system users).
        let nowhere = scratch.path.appending("no-such-home")
        XCTAssertThrowsError(try DemoLibrary.open(environment: ["HOME": nowhere.string])) { error in
            XCTAssertEqual((error as? CommandError)?.description,
                           "cannot create the demo's library folder \(nowhere.string)/.cache/mediapick/demo-library: No such file or directory")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: nowhere.string))
    }

    /// A demo started again writes only what is missing: a file deleted comes back, the others
    /// are not written again, and a photo the demo's camera saved there stays.
    func testALibraryOpenedAgainWritesOnlyWhatIsMissing() throws {
        let scratch = try ScratchFolder("mp-demo")
        let first = try DemoLibrary.open(in: scratch.path.appending("lib"), below: scratch.path)
        let folder = first.directory.string
        let kept = try FileManager.default.attributesOfItem(atPath: folder + "/noon-hills.jpg")[.systemFileNumber] as? Int
        try FileManager.default.removeItem(atPath: folder + "/sunrise-lake.jpg")
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/photo.jpg"))
        let second = try DemoLibrary.open(in: first.directory, below: scratch.path)
        XCTAssertEqual(second.names, first.names)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/sunrise-lake.jpg"), "written again")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: folder + "/noon-hills.jpg")[.systemFileNumber] as? Int, kept,
                       "the same file, not written again")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder + "/photo.jpg")), Data([1, 2, 3]), "a photo stays")
    }

    func testTheDemoLibraryHasEveryKindOfFile() throws {
        let scratch = try ScratchFolder("mp-demo")
        let library = try DemoLibrary.open(in: scratch.path.appending("lib"), below: scratch.path)
        let folder = library.directory.string
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        XCTAssertEqual(names, Set(library.names), "nothing but the files named")
        XCTAssertGreaterThanOrEqual(names.count, 30)
        for name in ["海の写真.jpg", "猫.png", "broken.jpg", "bounce.avi", "clock-ticking.avi", "panorama-wide.jpg",
                     "tower-tall.jpg", "ball-transparent.png", "clock-noon.gif", "checkerboard.gif"] {
            XCTAssertTrue(names.contains(name), name)
        }
        XCTAssertTrue(names.contains { $0.contains("\u{1B}[") }, "a name with an escape sequence")

        var formats: [MediaFormat: Int] = [:]
        for name in names where name != "broken.jpg" {
            let path = library.directory.appending(name)
            let format = try XCTUnwrap(try ImageDecoder.sniff(path: path), name)
            formats[format, default: 0] += 1
            if format.kind == .image {
                let image = try ImageDecoder.decode(path: path, options: DecodeOptions(targetWidth: 64, targetHeight: 64))
                XCTAssertGreaterThan(image.width, 0, name)
            }
        }
        for format: MediaFormat in [.jpeg, .png, .gif, .avi] { XCTAssertNotNil(formats[format], "\(format)") }
        XCTAssertThrowsError(try ImageDecoder.decode(path: library.directory.appending("broken.jpg")))
        let ball = try ImageDecoder.decode(path: library.directory.appending("ball-transparent.png"))
        XCTAssertTrue(ball.hasTransparency)
        let wide = try ImageDecoder.info(path: library.directory.appending("panorama-wide.jpg"))
        XCTAssertGreaterThan(wide.width, wide.height * 5)
        let tall = try ImageDecoder.info(path: library.directory.appending("tower-tall.jpg"))
        XCTAssertGreaterThan(tall.height, tall.width * 5)
    }

    func testWebPAlwaysAndHEICWhenLibheifCanEncodeIt() throws {
        let scratch = try ScratchFolder("mp-demo")
        let library = try DemoLibrary.open(in: scratch.path.appending("lib"), below: scratch.path)
        XCTAssertEqual(try ImageDecoder.sniff(path: library.directory.appending("lake.webp")), .webp)
        XCTAssertEqual(library.names.contains("harbour.heic"), HEIFEncoder.isAvailable)
        if HEIFEncoder.isAvailable {
            XCTAssertEqual(try ImageDecoder.sniff(path: library.directory.appending("harbour.heic")), .heif)
        }
    }
}
