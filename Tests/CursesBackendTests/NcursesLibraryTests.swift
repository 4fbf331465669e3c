import CNcursesw
import XCTest

/// ncursesw is opened at run time, when a screen is first started, through the same
/// `dl_library.h` as the codec libraries: a machine without it, or with one too old, must get
/// an answer that says what to install.
final class NcursesLibraryTests: XCTestCase {
    private func check(_ soname: String) -> (loaded: Bool, message: String) {
        var message = [CChar](repeating: 0, count: 512)
        let loaded = cnc_library_check(soname, &message, message.count) != 0
        return (loaded, String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    func testTheInstalledLibraryHasEveryFunctionAndGlobal() {
        let result = check(CNC_SONAME)
        XCTAssertTrue(result.loaded, result.message)
    }

    func testMissingLibraryTellsWhatToInstall() {
        let result = check("libncursesw-not-there.so.6")
        XCTAssertFalse(result.loaded)
        XCTAssertTrue(result.message.contains("ncursesw is not installed (apt-get install libncursesw6)"), result.message)
    }

    func testLibraryWithoutTheFunctionsIsRefusedByName() {
        // libz is always there and has none of them; newterm is the first the table looks up.
        let result = check("libz.so.1")
        XCTAssertFalse(result.loaded)
        XCTAssertTrue(result.message.contains("the installed ncursesw lacks newterm (ncurses 6.1 or newer is needed)"), result.message)
    }
}
