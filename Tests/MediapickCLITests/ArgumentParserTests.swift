import CellArt
import ColorModel
import MediaDecoding
@testable import MediapickCLI
import XCTest
import Platform

final class ArgumentParserTests: XCTestCase {
    private func pick(_ arguments: String...) throws -> PickOptions {
        guard case .pick(let options) = try ArgumentParser.parse(arguments) else {
            XCTFail("not pick mode: \(arguments)")
            return PickOptions()
        }
        return options
    }

    private func usageError(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try ArgumentParser.parse(arguments)
            XCTFail("accepted \(arguments)", file: file, line: line)
            return nil
        } catch {
            return error.message
        }
    }

    func testDefaults() throws {
        let options = try pick()
        XCTAssertEqual(options, PickOptions())
        XCTAssertNil(options.limit, "the mode decides: 1 when picking, no limit in the demo")
        XCTAssertEqual(PickerSetup.configuration(options, symbols: .ascii, colors: .none).selectionLimit, 1)
        XCTAssertEqual(options.jpegQuality, 0.8)
        XCTAssertEqual(options.format, .lines)
        XCTAssertTrue(options.diskCache)
    }

    func testEveryPickOption() throws {
        let o = try pick("-r", "--hidden", "--read0", "--limit", "3", "-f", "videos", "--preselect", "a.jpg",
                         "--preselect=b.png", "-q", "cat", "--sort", "size", "--reverse", "-0", "--format", "json",
                         "-o", "out.txt", "--export", "exp", "--jpeg-quality", "0.5", "--symbols", "braille",
                         "--colors", "256", "--tile", "16x8", "--no-cache", "dir1", "dir2")
        XCTAssertTrue(o.recursive)
        XCTAssertTrue(o.hidden)
        XCTAssertTrue(o.read0)
        XCTAssertEqual(o.limit, 3)
        XCTAssertEqual(o.filter, .videos)
        XCTAssertEqual(o.preselect, [RawPath("a.jpg"), RawPath("b.png")])
        XCTAssertEqual(o.query, "cat")
        XCTAssertEqual(o.sort, .size)
        XCTAssertTrue(o.reverse)
        XCTAssertTrue(o.print0)
        XCTAssertEqual(o.format, .json)
        XCTAssertEqual(o.output, RawPath("out.txt"))
        XCTAssertEqual(o.export, RawPath("exp"))
        XCTAssertEqual(o.jpegQuality, 0.5)
        XCTAssertEqual(o.symbols, .fixed(.braille))
        XCTAssertEqual(o.colors, .fixed(.ansi256))
        XCTAssertEqual(o.tile, CellSize(columns: 16, rows: 8))
        XCTAssertFalse(o.diskCache)
        XCTAssertEqual(o.paths, [RawPath("dir1"), RawPath("dir2")])
    }

    func testLongNamesOfShortOptions() throws {
        let o = try pick("--recursive", "--multi", "--filter=images", "--query=x y", "--print0", "--output=o")
        XCTAssertTrue(o.recursive)
        XCTAssertEqual(o.limit, 0)
        XCTAssertEqual(o.filter, .images)
        XCTAssertEqual(o.query, "x y")
        XCTAssertTrue(o.print0)
        XCTAssertEqual(o.output, RawPath("o"))
    }

    func testCombinedShortFlagsAndAttachedValues() throws {
        let o = try pick("-m0r")
        XCTAssertEqual(o.limit, 0)
        XCTAssertTrue(o.print0)
        XCTAssertTrue(o.recursive)
        XCTAssertEqual(try pick("-l3").limit, 3)
        XCTAssertEqual(try pick("-rl", "4").limit, 4)
        let attached = try pick("-0l2", "-qsea")
        XCTAssertEqual(attached.limit, 2)
        XCTAssertTrue(attached.print0)
        XCTAssertEqual(attached.query, "sea")
    }

    func testLaterOptionWins() throws {
        XCTAssertEqual(try pick("-m", "-l", "2").limit, 2)
        XCTAssertEqual(try pick("-l", "2", "-m").limit, 0)
    }

    func testDoubleDashEndsOptions() throws {
        // (`-` alone is stdin there too, as `cat -- -` reads it: testDashIsTheListOnStandardInputAlone.)
        let o = try pick("-m", "--", "-l", "--help", "-x")
        XCTAssertEqual(o.limit, 0)
        XCTAssertEqual(o.paths, [RawPath("-l"), RawPath("--help"), RawPath("-x")])
    }

    func testOptionsAfterOperands() throws {
        let o = try pick("dir", "-l", "2")
        XCTAssertEqual(o.paths, [RawPath("dir")])
        XCTAssertEqual(o.limit, 2)
    }

    /// Not an option: the operand that names stdin (testDashIsTheListOnStandardInputAlone).
    func testSingleDashIsAnOperand() throws {
        XCTAssertTrue(try pick("-").standardInput)
    }

    func testOptionValueMayStartWithADash() throws {
        XCTAssertEqual(try pick("-q", "-x").query, "-x")
        XCTAssertEqual(try pick("--preselect", "--odd-name").preselect, [RawPath("--odd-name")])
    }

    func testBadNumbers() {
        XCTAssertEqual(usageError("--limit", "-1"), "invalid value '-1' for --limit: expected a whole number, 0 or more")
        XCTAssertEqual(usageError("--limit", "x"), "invalid value 'x' for --limit: expected a whole number, 0 or more")
        XCTAssertNotNil(usageError("-l", "2.5"))
        XCTAssertNotNil(usageError("-l", ""))
        XCTAssertNotNil(usageError("-l", "+3"))
        XCTAssertNotNil(usageError("-l", "-0"))
        XCTAssertEqual(try pick("-l", "007").limit, 7)
        XCTAssertEqual(try pick("-l", "9223372036854775807").limit, Int.max)
    }

    /// A number too large for the limit is said to be too large, with the largest accepted
    /// (report §14: it was "expected a whole number, 0 or more", which it is).
    func testTooLargeALimitNamesTheMaximum() {
        XCTAssertEqual(usageError("-l", "99999999999999999999"),
                       "invalid value '99999999999999999999' for --limit: too large (at most 9223372036854775807; 0 = no limit)")
        XCTAssertNotNil(usageError("--jpeg-quality", "1.5"))
        XCTAssertNotNil(usageError("--jpeg-quality", "nan"))
        XCTAssertNotNil(usageError("--jpeg-quality", "-0.1"))
        XCTAssertNotNil(usageError("--tile", "16"))
        XCTAssertNotNil(usageError("--tile", "0x8"))
        XCTAssertNotNil(usageError("--tile", "16x-8"))
        XCTAssertNotNil(usageError("thumb", "--size", "axb", "f"))
        // A size past the bound says what the bound is, not only the form.
        XCTAssertEqual(usageError("thumb", "--size", "2000x20", "f"),
                       "invalid value '2000x20' for --size: expected WxH, W or xH, each 1 to 1000, e.g. 40x20 or 40")
        for bad in ["x", "", "0", "x0", "40xx", "x40x", "+40", "４0", "1001", "40x-"] {
            XCTAssertNotNil(usageError("thumb", "--size", bad, "f"), bad)
        }
        XCTAssertEqual(usageError("--cell-size", "10x1001"),
                       "invalid value '10x1001' for --cell-size: expected WxH in pixels, each 1 to 1000, e.g. 10x20")
        XCTAssertNotNil(usageError("--tile", "1001x8"))
    }

    /// `--tile 1x1` was raised to 4x2 in silence (user testing); it is refused as --size and
    /// --cell-size refuse what is out of range, the message and --help naming the smallest.
    func testATileBelowTheSmallestIsRefusedNamingIt() throws {
        let expected = "expected WxH, at least 4x2, each at most 1000, e.g. 16x8"
        XCTAssertEqual(usageError("--tile", "1x1"), "invalid value '1x1' for --tile: " + expected)
        XCTAssertEqual(usageError("--tile", "3x8"), "invalid value '3x8' for --tile: " + expected)
        XCTAssertEqual(usageError("--tile", "16x1"), "invalid value '16x1' for --tile: " + expected)
        XCTAssertEqual(usageError("--tile", "0x8"), "invalid value '0x8' for --tile: " + expected)
        XCTAssertEqual(try pick("--tile", "4x2").tile, CellSize(columns: 4, rows: 2))
        XCTAssertTrue(HelpText.main.contains("at least 4x2"), HelpText.main)
    }

    func testBadChoices() {
        XCTAssertEqual(usageError("-f", "pictures"), "invalid value 'pictures' for --filter: expected one of images, videos, all")
        XCTAssertNotNil(usageError("--sort", "random"))
        XCTAssertNotNil(usageError("--format", "xml"))
        XCTAssertNotNil(usageError("--symbols", "emoji"))
        XCTAssertNotNil(usageError("--colors", "million"))
        XCTAssertNotNil(usageError("thumb", "--fit", "zoom", "f"))
    }

    func testMissingValues() {
        XCTAssertEqual(usageError("--limit"), "option --limit needs a value (N)")
        XCTAssertEqual(usageError("-l"), "option -l (--limit) needs a value (N)")
        XCTAssertEqual(usageError("-ml"), "option -l (--limit) needs a value (N)")
        XCTAssertNotNil(usageError("--export"))
        XCTAssertNotNil(usageError("-o"))
        XCTAssertNotNil(usageError("--output="))
    }

    func testUnknownOptions() {
        XCTAssertEqual(usageError("--frobnicate"), "unknown option --frobnicate")
        XCTAssertEqual(usageError("-z"), "unknown option -z")
        XCTAssertEqual(usageError("-mz"), "unknown option -z")
        XCTAssertEqual(usageError("--lim", "3"), "unknown option --lim")
        XCTAssertEqual(usageError("--\u{1B}[31m"), "unknown option --\\e[31m", "control characters are not echoed")
    }

    /// The argument read as options travels with the error, so that the command can say how to
    /// name a file called `-dash.jpg`; the parser itself looks at no file.
    func testAnUnknownOptionCarriesTheWholeArgumentForAFileHint() throws {
        do {
            _ = try ArgumentParser.parse(["-m", "-dash.jpg"])
            XCTFail("accepted -dash.jpg")
        } catch {
            XCTAssertEqual(error.argument, RawPath("-dash.jpg"))
            XCTAssertEqual(error.message(argumentIsAFile: false), "unknown option -d")
            XCTAssertEqual(error.message(argumentIsAFile: true),
                           "unknown option -d (for the file -dash.jpg, write ./-dash.jpg or put -- before it)")
        }
        do {
            _ = try ArgumentParser.parse(["--\u{1B}x"])
            XCTFail("accepted --\\ex")
        } catch {
            XCTAssertEqual(error.message(argumentIsAFile: true),
                           "unknown option --\\ex (for the file --\\ex, write ./--\\ex or put -- before it)",
                           "control characters are not echoed")
        }
        do {
            _ = try ArgumentParser.parse(["--limit", "x"])
            XCTFail("accepted --limit x")
        } catch {
            XCTAssertNil(error.argument, "a bad value is not an unknown option")
        }
    }

    func testFlagsTakeNoValue() {
        XCTAssertEqual(usageError("--multi=yes"), "option --multi takes no value")
        // Short, as `--multi=3` is told (it said "unknown option -=", which nobody wrote).
        XCTAssertEqual(usageError("-m=3"), "option -m (--multi) takes no value")
        XCTAssertEqual(usageError("-r0=1"), "option -0 (--print0) takes no value")
        XCTAssertEqual(usageError("-l=3"), "invalid value '=3' for --limit: expected a whole number, 0 or more", "a value, as -l3")
    }

    func testOptionsOutsideTheirSubcommand() {
        XCTAssertEqual(usageError("thumb", "-l", "3", "f"), "option -l cannot be used with thumb")
        XCTAssertEqual(usageError("--size", "3x3"), "option --size belongs to 'mediapick thumb'")
        XCTAssertEqual(usageError("thumb"), "thumb needs at least one FILE")
        XCTAssertNotNil(usageError("demo", "somewhere"))
    }

    func testSubcommands() throws {
        XCTAssertEqual(try ArgumentParser.parse(["demo", "-m"]), .demo(try pick("-m")))
        XCTAssertEqual(try ArgumentParser.parse(["app", "a", "b"]), .app(try pick("a", "b")))
        XCTAssertEqual(try ArgumentParser.parse(["pick", "-l2", "d"]), .pick(try pick("-l2", "d")))
        XCTAssertEqual(try pick("./demo").paths, [RawPath("./demo")])
        XCTAssertEqual(try pick("-m", "demo").paths, [RawPath("demo")], "a subcommand only as the first argument")
    }

    func testThumbOptions() throws {
        let invocation = try ArgumentParser.parse(["thumb", "--size", "30x10", "--symbols", "ascii", "--colors", "none",
                                                   "--fit=fill", "--no-cache", "a.jpg", "b.png"])
        var expected = ThumbOptions()
        expected.files = [RawPath("a.jpg"), RawPath("b.png")]
        expected.size = CellSize(columns: 30, rows: 10)
        expected.symbols = .fixed(.ascii)
        expected.colors = .fixed(.none)
        expected.fit = .fill
        expected.diskCache = false
        XCTAssertEqual(invocation, .thumb(expected))
    }

    /// One side alone, as chafa takes it: the other is the bound, and the picture keeps its shape.
    func testThumbSizeOfOneSide() throws {
        for (text, size, keeps) in [("40", CellSize(columns: 40, rows: 1000), true), ("40x", CellSize(columns: 40, rows: 1000), true),
                                    ("x20", CellSize(columns: 1000, rows: 20), true), ("40x20", CellSize(columns: 40, rows: 20), false)] {
            guard case .thumb(let o) = try ArgumentParser.parse(["thumb", "--size", text, "--fit", "fill", "a.jpg"]) else { return XCTFail(text) }
            XCTAssertEqual(o.size, size, text)
            XCTAssertEqual(o.sizeKeepsShape, keeps, text)
            XCTAssertEqual(o.fit, .fill, "kept as given; the command fits a picture of one side alone")
        }
    }

    func testHelpAndVersion() throws {
        XCTAssertEqual(try ArgumentParser.parse(["--help"]), .help(.main))
        XCTAssertEqual(try ArgumentParser.parse(["-h", "dir"]), .help(.main))
        XCTAssertEqual(try ArgumentParser.parse(["thumb", "--help"]), .help(.thumb))
        XCTAssertEqual(try ArgumentParser.parse(["--version"]), .version)
        XCTAssertEqual(try ArgumentParser.parse(["-V"]), .version)
    }

    /// `-o -` is stdout (as `curl -o -`), not a file named `-` in the current folder; `./-` is one.
    func testOutputDashIsStandardOutput() throws {
        XCTAssertNil(try pick("-o", "-").output)
        XCTAssertNil(try pick("--output=-").output)
        XCTAssertNil(try pick("-o", "out.txt", "-o", "-").output, "the last -o wins")
        XCTAssertEqual(try pick("-o", "./-").output, RawPath("./-"))
    }

    /// `-` as the PATH is the paths on stdin (it named a file `-`), alone; `./-` is a file.
    func testDashIsTheListOnStandardInputAlone() throws {
        for options in [try pick("-"), try pick("-m", "--", "-")] {
            XCTAssertEqual(options.paths, [])
            XCTAssertTrue(options.standardInput)
        }
        guard case .app(let app) = try ArgumentParser.parse(["app", "-"]) else { return XCTFail("not app") }
        XCTAssertTrue(app.standardInput)
        XCTAssertEqual(try pick("./-").paths, [RawPath("./-")])
        XCTAssertFalse(try pick("./-").standardInput)
        XCTAssertFalse(try pick().standardInput)
        for arguments in [["-", "lib"], ["lib", "-"], ["-", "-"]] {
            XCTAssertThrowsError(try ArgumentParser.parse(arguments), "\(arguments)") { error in
                XCTAssertTrue((error as? UsageError)?.message.hasPrefix("- (the paths on stdin) goes alone") == true, "\(error)")
            }
        }
    }

    func testNonUTF8PathsKeepTheirBytes() throws {
        let name: [UInt8] = [0x66, 0xFF, 0xFE, 0x2E, 0x6A, 0x70, 0x67]
        let invocation = try ArgumentParser.parse(raw: [Array("--preselect".utf8), name, Array("-o".utf8), name, name])
        guard case .pick(let options) = invocation else { return XCTFail("not pick") }
        XCTAssertEqual(options.paths, [RawPath(bytes: name)])
        XCTAssertEqual(options.preselect, [RawPath(bytes: name)])
        XCTAssertEqual(options.output, RawPath(bytes: name))
    }

    func testEveryOptionIsInTheHelp() {
        for option in OptionSpec.all {
            XCTAssertTrue(HelpText.main.contains("--" + option.long), "--\(option.long) missing from --help")
            if let short = option.short { XCTAssertTrue(HelpText.main.contains("-\(short), --\(option.long)")) }
        }
        for option in OptionSpec.all where option.scope.contains(.thumb) {
            XCTAssertTrue(HelpText.thumb.contains("--" + option.long))
        }
        XCTAssertFalse(HelpText.thumb.contains("--limit"))
    }
}
