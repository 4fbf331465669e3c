import CellArt
import ColorModel
import MediaDecoding
import MediaPicker
import TerminalUI
@testable import MediapickCLI
import XCTest
import Platform

final class SettingsTests: XCTestCase {
    /// The rules themselves are TerminalCapabilitiesTests'; here, that `--colors` reaches them.
    func testAutoColors() {
        func colors(_ choice: ColorChoice, environment: [String: String]) -> ColorDepth {
            TerminalCapabilities.detect(TerminalFacts(environment: environment, requestedColorDepth: choice.requestedDepth)).colorDepth
        }
        XCTAssertEqual(colors(.auto, environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]), ColorDepth.none)
        XCTAssertEqual(colors(.fixed(.ansi256), environment: ["NO_COLOR": "1"]), .ansi256, "a flag beats NO_COLOR")
        XCTAssertNil(ColorChoice.auto.requestedDepth)
        XCTAssertEqual(ColorChoice.fixed(.ansi16).requestedDepth, .ansi16)
    }

    /// `auto` follows the screen's charset, the one answer `mediapick`'s main takes from the C
    /// library (ThumbLocaleTests runs it): the locale's names (`LANG=xx_YY.UTF-8`, not
    /// installed) drew blocks beside names shown as `\xHH`.
    func testAutoSymbols() {
        XCTAssertEqual(DisplaySettings.symbols(.auto, screen: .unicode), .blocks)
        XCTAssertEqual(DisplaySettings.symbols(.auto, screen: .ascii), .ascii)
        XCTAssertEqual(DisplaySettings.symbols(.fixed(.sextants), screen: .ascii), .sextants)
        XCTAssertEqual(DisplaySettings.symbols(.fixed(.ascii), screen: .unicode), .ascii)
    }

    func testThumbSize() {
        let fzf = ["FZF_PREVIEW_COLUMNS": "50", "FZF_PREVIEW_LINES": "12"]
        XCTAssertEqual(ThumbSize.resolve(requested: CellSize(columns: 8, rows: 4), environment: fzf, terminal: nil),
                       CellSize(columns: 8, rows: 4))
        XCTAssertEqual(ThumbSize.resolve(requested: nil, environment: fzf, terminal: CellSize(columns: 100, rows: 40)),
                       CellSize(columns: 50, rows: 12))
        XCTAssertEqual(ThumbSize.resolve(requested: nil, environment: ["FZF_PREVIEW_COLUMNS": "50"],
                                         terminal: CellSize(columns: 100, rows: 40)), CellSize(columns: 100, rows: 39))
        XCTAssertEqual(ThumbSize.resolve(requested: nil, environment: [:], terminal: nil), CellSize(columns: 40, rows: 20))
        XCTAssertEqual(ThumbSize.resolve(requested: nil, environment: ["FZF_PREVIEW_COLUMNS": "5000", "FZF_PREVIEW_LINES": "3000"],
                                         terminal: nil), CellSize(columns: 1000, rows: 1000), "held to --size's bounds")
        XCTAssertEqual(ThumbSize.resolve(requested: nil, environment: [:], terminal: CellSize(columns: 20, rows: 1)),
                       CellSize(columns: 20, rows: 1), "a one-row terminal: its row, not 40x20")
        XCTAssertEqual(ThumbSize.resolve(requested: nil, environment: [:], terminal: CellSize(columns: 1500, rows: 2)),
                       CellSize(columns: 1000, rows: 1))
    }

    func testCandidateSplitting() {
        XCTAssertEqual(CandidateSources.split(Array("a.png\n\nb c.jpg\n".utf8), read0: false), [RawPath("a.png"), RawPath("b c.jpg")])
        XCTAssertEqual(CandidateSources.split(Array("a\nb".utf8) + [0, 0xFF, 0], read0: true),
                       [RawPath("a\nb"), RawPath(bytes: [0xFF])])
        XCTAssertEqual(CandidateSources.sources(paths: [], fromStandardInput: false), [.workingFolder])
        XCTAssertEqual(CandidateSources.sources(paths: [RawPath("d")], fromStandardInput: false), [.file(RawPath("d"))])
        XCTAssertEqual(CandidateSources.sources(paths: [], fromStandardInput: true), [])
    }

    /// CRLF lines name the file without the CR (report §14: `lib/b.png\r` was dropped silently);
    /// one CR only, and none with NUL separators, where bytes are exact.
    func testCRLFLinesLoseTheirCarriageReturn() {
        XCTAssertEqual(CandidateSources.split(Array("a.png\r\nb c.jpg\r\n\r\nd.gif\r\r\ne.jpg\r".utf8), read0: false),
                       [RawPath("a.png"), RawPath("b c.jpg"), RawPath("d.gif\r"), RawPath("e.jpg")])
        XCTAssertEqual(CandidateSources.split(Array("a.png\r".utf8) + [0], read0: true), [RawPath("a.png\r")])
        var splitter = RecordSplitter(read0: false)
        XCTAssertEqual(splitter.feed(Array("a.png\r".utf8)[...]), [])
        XCTAssertEqual(splitter.feed(Array("\nb".utf8)[...]), [RawPath("a.png")])
    }

    /// `find -print0 | mediapick` without `--read0`: the NUL-separated paths are taken one by
    /// one, not as one path cut at its first NUL (picking it printed all of them).
    func testALineEndsAtANulToo() {
        XCTAssertEqual(CandidateSources.split(Array("./a.jpg".utf8) + [0] + Array("./b c.jpg".utf8) + [0] + Array("./d\ne.jpg".utf8) + [0], read0: false),
                       [RawPath("./a.jpg"), RawPath("./b c.jpg"), RawPath("./d"), RawPath("e.jpg")])
    }

    func testRecordsAcrossChunks() {
        var splitter = RecordSplitter(read0: false)
        XCTAssertEqual(splitter.feed(Array("a.p".utf8)[...]), [])
        XCTAssertEqual(splitter.feed(Array("ng\nb".utf8)[...]), [RawPath("a.png")])
        XCTAssertEqual(splitter.feed(Array("\n\nc".utf8)[...]), [RawPath("b")])
        XCTAssertEqual(splitter.finish(), [RawPath("c")])
        XCTAssertEqual(splitter.finish(), [])
    }

    func testPickerConfigurationFromOptions() throws {
        guard case .pick(let options) = try ArgumentParser.parse(["-l", "3", "-f", "images", "--preselect", "a.png",
                                                                   "-q", "sea", "--sort", "name", "--reverse",
                                                                   "--tile", "12x6", "--no-cache"]) else { return XCTFail() }
        let config = PickerSetup.configuration(options, symbols: .quadrants, colors: .ansi256)
        XCTAssertEqual(config.selectionLimit, 3)
        XCTAssertEqual(config.filter, .images)
        XCTAssertEqual(config.allPreselectedPaths, [RawPath("a.png")])
        XCTAssertEqual(config.initialQuery, "sea")
        XCTAssertEqual(config.sort, .name)
        XCTAssertTrue(config.reverseSort)
        XCTAssertEqual(config.symbols, .quadrants)
        XCTAssertEqual(config.colors, .ansi256)
        XCTAssertEqual(config.tileSize, Size(width: 12, height: 6))
        XCTAssertFalse(config.diskCacheEnabled)
    }

    func testThumbsComeOutInArgumentOrder() {
        let order = Array(0..<20)
        var emitted: [Int] = []
        InOrderWorkers.forEach(order, width: 3, work: { n -> Int in
            // Later elements finish first more often than not.
            usleep(UInt32((20 - n) * 200))
            return n * n
        }, emit: { n, square in
            XCTAssertEqual(square, n * n)
            emitted.append(n)
        })
        XCTAssertEqual(emitted, order)
    }

    func testOneWorkerRunsOnTheCallingThreadInOrder() {
        var emitted: [Int] = []
        InOrderWorkers.forEach([3, 1, 2], width: 1, work: { $0 * 10 }, emit: { _, output in emitted.append(output) })
        XCTAssertEqual(emitted, [30, 10, 20])
    }
}

/// PATH operands are checked before the terminal is taken over.
final class PathOperandTests: XCTestCase {
    func testMissingPathIsAnErrorNamingIt() {
        XCTAssertThrowsError(try CandidateSources.checkExist([RawPath("/tmp"), RawPath("/no/such/folder\u{1B}x")])) { error in
            XCTAssertEqual("\(error)", "/no/such/folder\\ex: No such file or directory")
        }
    }

    /// `mediapick -m thumb a.png` picks from a folder named thumb; when there is none, the
    /// error says where the command goes.
    /// `mediapick help` (git's and cargo's way) said only "help: No such file or directory".
    func testAMissingPathNamedHelpSaysWhereTheHelpIs() {
        XCTAssertThrowsError(try CandidateSources.checkExist([RawPath("help")])) { error in
            XCTAssertEqual("\(error)", "help: No such file or directory (for the help, run 'mediapick --help')")
        }
        XCTAssertThrowsError(try CandidateSources.checkExist([RawPath("help")], option: "--preselect")) { error in
            XCTAssertFalse("\(error)".contains("--help"), "a --preselect file named help is only missing")
        }
    }

    func testAMissingPathNamedLikeACommandSaysToPutTheCommandFirst() {
        XCTAssertThrowsError(try CandidateSources.checkExist([RawPath("thumb")])) { error in
            XCTAssertEqual("\(error)", "thumb: No such file or directory (to run 'mediapick thumb', put it first, before any option)")
        }
    }

    /// `mediapick fifo.jpg /dev/null` opened on "No media here", saying nothing of why.
    func testAPipeOrDeviceOperandIsAnErrorSayingWhatItIs() throws {
        let folder = try ScratchFolder("mp-operand")
        let fifo = folder.path.appending("list")
        XCTAssertEqual(mkfifo(fifo.string, 0o600), 0)
        XCTAssertThrowsError(try CandidateSources.checkExist([RawPath("/tmp"), fifo])) { error in
            XCTAssertEqual("\(error)", "\(fifo.string): a pipe, not a file or folder to pick from (a list of paths goes on stdin: find … | mediapick)")
        }
        XCTAssertThrowsError(try CandidateSources.checkExist([RawPath("/dev/null")])) { error in
            XCTAssertEqual("\(error)", "/dev/null: a device, not a file or folder to pick from")
        }
        XCTAssertNoThrow(try CandidateSources.checkExist([RawPath("/dev/null")], option: "--preselect"),
                         "--preselect says its own reasons (PreselectCheck)")
    }

    func testExistingPathsPass() throws {
        try CandidateSources.checkExist([RawPath("/tmp"), RawPath("/etc/passwd")])
    }
}
