import CCodecs
import MediaDecoding
import XCTest

/// libheif is opened at run time, so a machine without it must get an answer that says what to install.
final class HEIFLoaderTests: XCTestCase {
    private func check(_ soname: String) -> (loaded: Bool, message: String) {
        var message = [CChar](repeating: 0, count: 512)
        let loaded = cc_heif_library_check(soname, &message, message.count) != 0
        return (loaded, String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    func testMissingLibraryTellsWhatToInstall() {
        let result = check("libheif-not-there.so.1")
        XCTAssertFalse(result.loaded)
        XCTAssertTrue(result.message.contains("libheif is not installed (apt-get install libheif1)"), result.message)
    }

    func testLibraryWithoutTheNeededFunctionsIsRefusedByName() throws {
        // libz is always there and has none of libheif's functions.
        let result = check("libz.so.1")
        XCTAssertFalse(result.loaded)
        XCTAssertTrue(result.message.contains("lacks heif_init"), result.message)
    }

    func testInstalledLibraryLoadsAndReportsItsVersion() throws {
        let result = check("libheif.so.1")
        guard result.loaded else { throw XCTSkip("libheif is not installed here: \(result.message)") }
        XCTAssertTrue(ImageDecoder.codecVersions.contains("libheif 1."), ImageDecoder.codecVersions)
    }
}
