import Foundation
import MediaDecoding
import XCTest

/// `mediapick thumb --graphics …` with the real binary: the picture in the protocol asked for,
/// then the cursor on the row below it (a newline after the sequence).
final class ThumbGraphicsTests: XCTestCase {
    var files: MediapickFixtures!
    private var binary = ""

    override func setUpWithError() throws {
        binary = try Products.path("mediapick")
        files = try MediapickFixtures()
    }

    override func tearDownWithError() throws { files = nil }

    /// stdout of `thumb ARGUMENTS` in a bare environment (no tmux, no fzf, no TERM: nothing asked).
    private func thumb(_ arguments: [String], environment: [String] = ["COLORTERM=truecolor"]) throws -> [UInt8] {
        let run = try run(arguments, environment: environment)
        XCTAssertEqual(run.status, 0, run.message)
        return run.output
    }

    /// The exit status, stdout and stderr of `thumb ARGUMENTS` in that bare environment.
    func run(_ arguments: [String], environment: [String] = ["COLORTERM=truecolor"]) throws -> (status: Int32?, output: [UInt8], message: String) {
        let out = files.directory + "/out", err = files.directory + "/err"
        let status = try ChildProcess.run(["/usr/bin/env", "-i", "LANG=C.UTF-8"] + environment + [binary, "thumb"] + arguments,
                                          stdout: out, stderr: err, timeout: 30)
        return (status, try MediapickFixtures.read(out), String(decoding: try MediapickFixtures.read(err), as: UTF8.self))
    }

    private func picture() throws -> String {
        String(decoding: try files.write(name: Array("wide.ppm".utf8), bytes: MediapickFixtures.ppm(width: 120, height: 80, rgb: (30, 140, 220))),
               as: UTF8.self)
    }

    /// In a pipe (as in fzf's preview) nothing can be asked: the terminal's name decides, as
    /// chafa decides it. `TERM=xterm` drew in 16 theme colours, where chafa draws 256.
    func testAPipeGetsTheColoursTheTerminalsNameImplies() throws {
        let picture = try picture()
        func text(_ environment: [String]) throws -> String {
            String(decoding: try thumb(["--graphics", "symbols", "--size", "8x4", picture], environment: environment), as: UTF8.self)
        }
        XCTAssertTrue(try text(["TERM=xterm"]).contains("8;5;"), "256 colours")
        XCTAssertTrue(try text(["TERM=xterm-kitty"]).contains("8;2;"), "24-bit colour")
        XCTAssertTrue(try text(["TERM=xterm", "VTE_VERSION=7600"]).contains("8;2;"), "a VTE terminal: 24-bit colour")
        let console = try text(["TERM=linux"])
        XCTAssertFalse(console.contains("8;5;") || console.contains("8;2;"), "the Linux console: 16 colours")
        XCTAssertTrue(console.contains("\u{1B}["), "in colour")
    }

    /// Cell art takes the cells' shape too (here from --cell-size, where no terminal says):
    /// a 3:2 picture 40 columns wide is 13 rows of 1:2 cells and 27 of square ones.
    func testCellArtFollowsTheCellShape() throws {
        let picture = try picture()
        func rows(_ cell: String) throws -> Int {
            String(decoding: try thumb(["--graphics", "symbols", "--size", "40x40", "--cell-size", cell, picture]), as: UTF8.self)
                .split(separator: "\n").count
        }
        XCTAssertEqual(try rows("10x20"), 13)
        XCTAssertEqual(try rows("10x10"), 27)
    }

    func testSixelIsADCSOfTheFittedSizeThenANewline() throws {
        let bytes = try thumb(["--graphics", "sixel", "--size", "20x10", "--cell-size", "10x20", try picture()])
        XCTAssertEqual(Array(bytes.prefix(2)), [0x1B, UInt8(ascii: "P")], "a DCS")
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("q\"1;1;200;133"), "raster attributes: the picture enlarged to fit the 200x200 pixels")
        XCTAssertEqual(Array(bytes.suffix(3)), [0x1B, UInt8(ascii: "\\"), UInt8(ascii: "\n")], "ST, then the row below it")
    }

    /// The sizes each protocol writes for `--fit` (the sixel's raster attributes, kitty's
    /// placement, iTerm2's arguments): every protocol follows the man page's fit, fill and
    /// stretch, and a picture smaller than the cells is enlarged to them by sixel too, as kitty
    /// and iTerm2 terminals do. Sixel ignored --fit and drew small pictures at their own pixels.
    func testEveryProtocolFollowsTheFitAndFillsTheCells() throws {
        let wide = try picture()  // 120x80 in 40x20 cells of 10x20: a 400x400 box (396 in whole sixel bands)
        let dot = String(decoding: try files.write(name: Array("dot.ppm".utf8), bytes: MediapickFixtures.ppm(width: 1, height: 1, rgb: (9, 200, 9))),
                         as: UTF8.self)
        func sizes(_ fit: String, _ size: String, _ path: String) throws -> [String] {
            func text(_ protocolName: String) throws -> String {
                String(decoding: try thumb(["--graphics", protocolName, "--fit", fit, "--size", size, "--cell-size", "10x20", path]),
                       as: UTF8.self)
            }
            func match(_ text: String, _ pattern: String) -> String {
                guard let range = text.range(of: pattern, options: .regularExpression) else { return "none" }
                return String(text[range])
            }
            return [match(try text("sixel"), "\"1;1;[0-9]+;[0-9]+"), match(try text("kitty"), "c=[0-9]+,r=[0-9]+"),
                    match(try text("iterm2"), "width=[0-9]+;height=[0-9]+;preserveAspectRatio=[01]")]
        }
        // 13.3 rows: 13, as symbols take (they took 14), the pixels fitted inside (390x260, 258 in bands).
        XCTAssertEqual(try sizes("fit", "40x20", wide), ["\"1;1;387;258", "c=39,r=13", "width=39;height=13;preserveAspectRatio=1"])
        XCTAssertEqual(try sizes("fill", "40x20", wide), ["\"1;1;400;396", "c=40,r=20", "width=40;height=20;preserveAspectRatio=1"])
        XCTAssertEqual(try sizes("stretch", "40x20", wide), ["\"1;1;400;396", "c=40,r=20", "width=40;height=20;preserveAspectRatio=0"])
        XCTAssertEqual(try sizes("fit", "20x6", dot), ["\"1;1;120;120", "c=12,r=6", "width=12;height=6;preserveAspectRatio=1"],
                       "a 1x1 picture fills 6 rows: 120x120 pixels")
        XCTAssertEqual(try sizes("stretch", "20x6", dot), ["\"1;1;200;120", "c=20,r=6", "width=20;height=6;preserveAspectRatio=0"])
    }

    /// A transparent PNG's transparent cells are blanks on the terminal's background (no
    /// background colour, or 49 after one), as chafa draws them: they were painted black.
    func testTransparentAreasAreTheTerminalsBackground() throws {
        let disc = PixelImage(width: 64, height: 64) { x, y in
            (x - 32) * (x - 32) + (y - 32) * (y - 32) < 16 * 16 ? (220, 30, 30, 255) : (0, 0, 0, 0)
        }
        let path = String(decoding: try files.write(name: Array("disc.png".utf8), bytes: try PNGEncoder.encode(disc)), as: UTF8.self)
        for colors in ["truecolor", "256", "16"] {
            let text = String(decoding: try thumb(["--no-cache", "--colors", colors, "--size", "10x5", path]), as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines.first, "          ", "\(colors): the top row is transparent")
            XCTAssertFalse(text.contains("48;2;0;0;0") || text.contains("[40m") || text.contains(";40m") || text.contains("48;5;16m"), "\(colors): \(text)")
            XCTAssertTrue(text.contains("31m") || text.contains("91m") || text.contains("38;5;") || text.contains("38;2;220;30;30"), "\(colors): the disc in red")
        }
    }

    func testKittyIsAnAPCPlacedAtTheCursor() throws {
        let text = String(decoding: try thumb(["--graphics", "kitty", "--size", "20x10", try picture()]), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("\u{1B}_Gi="), "a kitty APC naming its image")
        XCTAssertTrue(text.contains("a=p,"), "placed")
        XCTAssertTrue(text.contains("C=0"), "moving the cursor onto the picture's last row")
        XCTAssertTrue(text.hasSuffix("\u{1B}\\\n"), "then below it")
    }

    /// In fzf's preview kitty pictures are placeholder text, which fzf lays out; `NO_COLOR`
    /// (a wish about text colour) used to switch them off, the id having no colour to go in,
    /// and the picture was placed over fzf's screen instead.
    func testKittyPlaceholdersInFzfDespiteNoColor() throws {
        let fzf = ["FZF_PREVIEW_COLUMNS=20", "FZF_PREVIEW_LINES=6", "TERM=xterm-kitty"]
        for extra in [["NO_COLOR=1"], ["COLORTERM=truecolor", "NO_COLOR=1"], []] {
            let text = String(decoding: try thumb(["--graphics", "kitty", try picture()], environment: fzf + extra), as: UTF8.self)
            XCTAssertTrue(text.contains("U=1"), "\(extra): a virtual placement")
            XCTAssertTrue(text.unicodeScalars.contains("\u{10EEEE}"), "\(extra): placeholder text")
        }
    }

    func testSymbolsAreWhatNothingDetectedGives() throws {
        let path = try picture()
        let asked = try thumb(["--graphics", "symbols", "--size", "20x10", path])
        XCTAssertEqual(asked, try thumb(["--size", "20x10", path]))
        XCTAssertFalse(asked.contains(UInt8(ascii: "P")) && asked.starts(with: [0x1B, UInt8(ascii: "P")]))
        // 120x80 in 20 columns of cells twice as tall as wide: 6.7 rows, rounded to 7, printed
        // without the blank rows that would centre it in 10.
        XCTAssertEqual(asked.filter { $0 == UInt8(ascii: "\n") }.count, 7, "seven rows of cell art")
    }
}
