import CCodecs
import MediaDecoding
import XCTest

/// libheif, libimagequant, libwebp, libwebpdemux, giflib and ISA-L are opened at run time (only
/// their formats' work needs them), so a machine without one must get an answer that says what
/// to install.
final class RunTimeLibraryTests: XCTestCase {
    private typealias Check = (UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> Int32

    private func check(_ function: Check, _ soname: String) -> (loaded: Bool, message: String) {
        var message = [CChar](repeating: 0, count: 512)
        let loaded = function(soname, &message, message.count) != 0
        return (loaded, String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Each library opened at run time: its name, check, Debian package and first function.
    private let libraries: [(name: String, check: Check, package: String, firstFunction: String)] = [
        ("libheif", cc_heif_library_check, "libheif1", "heif_init"),
        ("libimagequant", cc_liq_library_check, "libimagequant0", "liq_attr_create"),
        ("libwebp", cc_webp_library_check, "libwebp7", "WebPGetDecoderVersion"),
        ("libwebpdemux", cc_webpdemux_library_check, "libwebpdemux2", "WebPDemuxInternal"),
        ("giflib", cc_gif_library_check, "libgif7", "GifErrorString"),
        ("ISA-L", cc_isal_library_check, "libisal2", "isal_inflate_init"),
    ]

    /// The libraries every build has (their -dev packages are build dependencies) open with
    /// every function the codecs call, under the sonames the loaders ask for.
    func testBuildDependenciesLoadWithEveryFunction() {
        for (name, function, soname) in [("libwebp", cc_webp_library_check as Check, "libwebp.so.7"),
                                         ("libwebpdemux", cc_webpdemux_library_check, "libwebpdemux.so.2"),
                                         ("giflib", cc_gif_library_check, "libgif.so.7"), ("ISA-L", cc_isal_library_check, "libisal.so.2")] {
            let result = check(function, soname)
            XCTAssertTrue(result.loaded, "\(name): \(result.message)")
        }
    }

    func testMissingLibraryTellsWhatToInstall() {
        for library in libraries {
            let result = check(library.check, library.name + "-not-there.so.0")
            XCTAssertFalse(result.loaded)
            XCTAssertTrue(result.message.contains("\(library.name) is not installed (apt-get install \(library.package))"), result.message)
        }
    }

    func testLibraryWithoutTheNeededFunctionsIsRefusedByName() {
        // libz is always there and has none of their functions.
        for library in libraries {
            let result = check(library.check, "libz.so.1")
            XCTAssertFalse(result.loaded)
            XCTAssertTrue(result.message.contains("the installed \(library.name) lacks \(library.firstFunction) ("), result.message)
        }
    }

    func testInstalledLibHEIFLoadsAndReportsItsVersion() throws {
        let result = check(cc_heif_library_check, "libheif.so.1")
        guard result.loaded else { throw XCTSkip("libheif is not installed here: \(result.message)") }
        XCTAssertTrue(ImageDecoder.codecVersions.contains("libheif 1."), ImageDecoder.codecVersions)
    }

    func testInstalledLibImageQuantQuantisesThroughTheTable() throws {
        XCTAssertTrue(check(cc_liq_library_check, "libimagequant.so.0").loaded, "libimagequant0 is a build dependency")
        // Four flat colours: quantised losslessly into a palette PNG.
        var pixels = [UInt8]()
        for i in 0..<(32 * 32) {
            let c: [UInt8] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [250, 250, 250]][(i % 32) / 8]
            pixels += c + [255]
        }
        let result = try XCTUnwrap(PalettePNGEncoder.encode(PixelImage(width: 32, height: 32, pixels: pixels), minimumQuality: 90))
        XCTAssertEqual(result.quality, 100)
        XCTAssertEqual(Array(result.png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(result.png[25], 3, "colour type 3: palette")
    }
}
