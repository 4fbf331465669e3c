#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import MediapickCLI
import Platform
import XCTest

/// Picked names on a terminal are shown as the screen shows them; into a pipe or a file they
/// are the exact bytes (tester2's finding 5: `ctrl\e[31mred.jpg` printed raw on the terminal
/// turned everything after it red).
final class NameOutputTests: XCTestCase {
    private let red = RawPath("/p/ctrl\u{1B}[31mred.jpg")
    private let invalid = RawPath(bytes: Array("/p/caf".utf8) + [0xE9] + Array(".jpg".utf8))  // Latin-1 é

    func testATerminalGetsTheNamesAsShownAndAnythingElseTheExactBytes() throws {
        XCTAssertEqual(NameOutput.forOutput(isTerminal: true), .shown)
        XCTAssertEqual(NameOutput.forOutput(isTerminal: false), .exact)
        let terminal = try PseudoTerminal.open()
        defer { close(terminal.master) }
        let side = open(terminal.slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(side, 0)
        defer { close(side) }
        XCTAssertEqual(NameOutput.forDescriptor(side), .shown)
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { ends.forEach { close($0) } }
        XCTAssertEqual(NameOutput.forDescriptor(ends[1]), .exact)
    }

    func testLinesOnATerminalAreEscapedAsTheScreenEscapesThem() {
        let rtl = RawPath("/p/rtl_\u{202E}gpj.exe")
        let records = [red, rtl, invalid].map { OutputRecord(path: $0) }
        XCTAssertEqual(String(decoding: ResultFormatter.bytes(records, format: .lines, nulTerminated: false, names: .shown), as: UTF8.self),
                       "/p/ctrl\\e[31mred.jpg\n/p/rtl_\\u{202e}gpj.exe\n/p/caf\u{FFFD}.jpg\n")
        // -0 keeps its NUL: it separates, and draws nothing.
        XCTAssertEqual(ResultFormatter.bytes([OutputRecord(path: red)], format: .lines, nulTerminated: true, names: .shown),
                       Array("/p/ctrl\\e[31mred.jpg".utf8) + [0])
        XCTAssertEqual(ResultFormatter.bytes(records, format: .lines, nulTerminated: false, names: .exact),
                       red.bytes + [0x0A] + rtl.bytes + [0x0A] + invalid.bytes + [0x0A])
        // Names with nothing to escape are the same either way; emoji sequences stay whole.
        let family = RawPath("/p/\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}_\u{1F1EF}\u{1F1F5}.jpg")
        XCTAssertEqual(NameOutput.shown.bytes(family), family.bytes)
    }

    /// A backslash printed onto a terminal is `\\`, as the screen shows it (`a\xC3b.png`
    /// spelt so read as `a<0xC3>b.png`); into a pipe or a file the name is its exact bytes.
    func testABackslashOnATerminalIsDoubledAndExactElsewhere() {
        let spelt = RawPath("/p/a\\xC3b.png")
        XCTAssertEqual(NameOutput.shown.bytes(spelt), Array("/p/a\\\\xC3b.png".utf8))
        XCTAssertEqual(ResultFormatter.bytes([OutputRecord(path: spelt)], format: .lines, nulTerminated: false, names: .exact),
                       spelt.bytes + [0x0A])
        let json = ResultFormatter.jsonObject(OutputRecord(path: spelt), names: .shown)
        XCTAssertTrue(json.hasPrefix(#"{"path":"/p/a\\xC3b.png","#), "JSON escapes a backslash once, its own way: \(json)")
    }

    func testJSONOnATerminalAlsoEscapesWhatTheScreenEscapes() throws {
        // JSON escapes C0 controls anyway; a C1 control (U+009B is CSI to some terminals) and a
        // format character are valid JSON as they are, but are escaped on a terminal.
        let name = "/p/a\u{9B}31m\u{202E}b\u{E0041}\u{1F468}\u{200D}\u{1F469}.jpg"
        let shown = ResultFormatter.jsonObject(OutputRecord(path: RawPath(name)), names: .shown)
        XCTAssertTrue(shown.contains(#""path":"/p/a\u009b31m\u202eb\udb40\udc41\#u{1F468}\#u{200D}\#u{1F469}.jpg""#), shown)
        XCTAssertEqual(try parse(shown)["path"] as? String, name, "the same value")
        let exact = ResultFormatter.jsonObject(OutputRecord(path: RawPath(name)))
        XCTAssertTrue(exact.contains(#""path":"\#(name)""#), exact)
        XCTAssertEqual(ResultFormatter.jsonObject(OutputRecord(path: red), names: .shown),
                       ResultFormatter.jsonObject(OutputRecord(path: red)))
    }

    func testAnOutputFileThatIsATerminalGetsTheNamesAsShown() throws {
        let terminal = try PseudoTerminal.open()
        defer { close(terminal.master) }
        let bytes = { (names: NameOutput) in names.bytes(self.red) + [0x0A] }
        XCTAssertTrue(try OutputSink.writeFile(bytes, to: RawPath(terminal.slavePath)))
        var got: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while !got.contains(0x0A) {
            let count = read(terminal.master, &chunk, chunk.count)
            guard count > 0 else { break }
            got += chunk.prefix(count)
        }
        // The terminal turns the newline into CR LF (onlcr).
        XCTAssertEqual(String(decoding: got, as: UTF8.self), "/p/ctrl\\e[31mred.jpg\r\n")
        let scratch = try ScratchFolder("mp-names")
        let file = scratch.path.appending("out")
        XCTAssertTrue(try OutputSink.writeFile(bytes, to: file))
        XCTAssertEqual(try FileBytes.read(file), red.bytes + [0x0A])
    }

    private func parse(_ line: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}
