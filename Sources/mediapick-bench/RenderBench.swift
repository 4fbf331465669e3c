@_spi(Tuning) import CellArt
import ColorModel
import Foundation
import MediaDecoding
import Thumbnails

/// Renderer measurements: `render-file` prints one file's thumbnail (for the quality
/// comparison in `scripts/quality`), `render` times rendering at the picker's sizes.
enum RenderBench {
    /// Options common to both modes, parsed from `--size WxH --symbols S --colors C --fit F`
    /// and the tuning flags `--grid WxH --linear --lweight X --glyphs N --palette N --mono-rounds N --de-luma X --no-de --shadow-lift X --shadow-luma X --shadow-floor X --luma-knee X --knee-weight X --psharpen X --oklab-mean --flat-reduction --mean-chroma --median-luma X`
    /// and, for the joint 256-colour choice, `--no-joint --joint-k N --joint-contrast X --joint-nb X --joint-luma X --joint-flat X --joint-flat-range X`.
    struct Settings {
        var options = ArtOptions(columns: 40, rows: 20)
        var tuning = RenderTuning()
        var files: [String] = []
    }

    static func parse(_ arguments: [String]) throws -> Settings {
        var s = Settings()
        var it = arguments.makeIterator()
        func value(_ flag: String) throws -> String {
            guard let v = it.next() else { throw BenchError("\(flag) needs a value") }
            return v
        }
        func size(_ text: String) throws -> (Int, Int) {
            let parts = text.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2 else { throw BenchError("bad size \(text)") }
            return (parts[0], parts[1])
        }
        while let arg = it.next() {
            switch arg {
            case "--size": (s.options.columns, s.options.rows) = try size(try value(arg))
            case "--symbols":
                let v = try value(arg)
                guard let set = SymbolSet(rawValue: v) else { throw BenchError("bad symbols \(v)") }
                s.options.symbols = set
            case "--colors":
                let v = try value(arg)
                guard let depth = ColorDepth.allCases.first(where: { $0.description == v }) else { throw BenchError("bad colors \(v)") }
                s.options.colors = depth
            case "--fit":
                let v = try value(arg)
                guard let fit = FitMode(rawValue: v) else { throw BenchError("bad fit \(v)") }
                s.options.fit = fit
            case "--light": s.options.lightBackground = true
            case "--grid": s.tuning.sampleGrid = try size(try value(arg))
            case "--linear": s.tuning.linearAveraging = true
            case "--lweight": s.tuning.lightnessWeight = Float(try value(arg)) ?? 1
            case "--luma": s.tuning.lumaWeight = Float(try value(arg)) ?? 1
            case "--sharpen": s.tuning.sharpen = Float(try value(arg)) ?? 0
            case "--robust": s.tuning.robustPalette = true
            case "--oklab-mean": s.tuning.truecolorKeepsLuma = false
            case "--flat-reduction": s.tuning.slopedReduction = false
            case "--mean-chroma": s.tuning.medianChroma = false
            case "--cielab": s.tuning.cielab = true
            case "--de-luma": s.tuning.deltaELumaWeight = Float(try value(arg))
            case "--no-de": s.tuning.deltaELumaWeight = nil
            case "--shadow-lift": s.tuning.shadowLiftWeight = Float(try value(arg)) ?? 0
            case "--shadow-luma": s.tuning.shadowLuma = Float(try value(arg)) ?? 0
            case "--luma-knee": s.tuning.lumaKnee = Float(try value(arg)) ?? 0
            case "--knee-weight": s.tuning.lumaKneeWeight = Float(try value(arg)) ?? 0
            case "--shadow-floor": s.tuning.shadowFloor = Float(try value(arg)) ?? 0
            case "--psharpen": s.tuning.perceptualSharpen = Float(try value(arg)) ?? 0
            case "--no-joint": s.tuning.joint256 = nil
            case "--joint-k": s.tuning.joint256?.neighbours = Int(try value(arg)) ?? 5
            case "--joint-contrast": s.tuning.joint256?.contrast = Float(try value(arg)) ?? 0
            case "--joint-nb": s.tuning.joint256?.neighbourWeight = Float(try value(arg)) ?? 0
            case "--joint-flat": s.tuning.joint256?.flatLumaScale = Float(try value(arg)) ?? 1
            case "--joint-flat-range": s.tuning.joint256?.flatRange = Float(try value(arg)) ?? 0
            case "--median-luma": s.tuning.medianLumaBlend = Float(try value(arg)) ?? 0
            case "--joint-luma": s.tuning.joint256?.lumaWeight = Float(try value(arg))
            case "--coarse": s.tuning.asciiCoarseRepeat = Int(try value(arg)) ?? 0
            case "--cube-only": s.tuning.themeColorsIn256 = false
            case "--glyphs": s.tuning.glyphCandidates = Int(try value(arg)) ?? 6
            case "--palette": s.tuning.paletteCandidates = Int(try value(arg)) ?? 2
            case "--mono-rounds": s.tuning.monoIterations = Int(try value(arg)) ?? 4
            default: s.files.append(arg)
            }
        }
        return s
    }

    /// `render-file FILE.ppm [options]`: prints the thumbnail as ANSI text.
    static func renderFile(_ arguments: [String]) throws {
        let s = try parse(arguments)
        for file in s.files {
            let image = try PNMReader.read(file)
            let art = CellRenderer.render(image, options: s.options, tuning: s.tuning)
            FileHandle.standardOutput.write(Data(ANSIWriter.text(art).utf8))
        }
    }

    /// The `render` stage: time per render at 16x8, 40x20 and 80x40 cells for every symbol
    /// set at the depths `thumb` uses, from a photo-like picture already at the size
    /// `CellRenderer.preferredPixelSize` asks the decoders for (so decoding is not counted);
    /// with `--as-decoded`, from the size the thumbnail pipeline hands the renderer for a
    /// 12 MP photograph (the 256-px cached picture, or 6x the samples for large colour tiles),
    /// so that the renderer's own reduction is timed too.
    static func run(_ harness: inout BenchHarness, arguments: [String]) throws {
        let asDecoded = arguments.contains("--as-decoded")
        let words = arguments.filter { $0 != "--as-decoded" }
        let photo = PixelSize(width: 4000, height: 3000)
        var names: [String] = []
        for (columns, rows) in [(16, 8), (40, 20), (80, 40)] {
            for symbols in SymbolSet.allCases {
                for colors in [ColorDepth.none, .ansi16, .ansi256, .trueColor] {
                    let options = ArtOptions(columns: columns, rows: rows, symbols: symbols, colors: colors, fit: .fit)
                    let preferred = CellRenderer.preferredPixelSize(imageWidth: photo.width, imageHeight: photo.height, options: options)
                    let tile = TileSize(options)
                    let want = asDecoded
                        ? PixelPlan.decodeSize(source: photo, wanted: CellArtRenderer(options).pixelSize(forImageOf: photo, in: tile))
                        : PixelSize(width: preferred.width, height: preferred.height)
                    let image = DecodeBench.photo(width: want.width, height: want.height)
                    let name = "render \(columns)x\(rows) \(symbols.rawValue) \(colors) (from \(want.width)x\(want.height))"
                    // Words after the stage name pick measurements, e.g. `render 80x40 256`.
                    guard words.allSatisfy({ name.contains($0) }) else { continue }
                    harness.measure(name, runs: columns == 80 ? 5 : 15) { _ = CellRenderer.render(image, options: options) }
                    names.append(name)
                }
            }
        }
        harness.report(title: "Renderer, per thumbnail (in process)", baseline: names[0], rows: names)
    }
}

/// A failure in a benchmark's arguments or input.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Reads binary PPM (P6) and PGM (P5) files with 8-bit samples: the bench's stand-in for
/// the decoders (`convert photo.png photo.ppm` makes them).
enum PNMReader {
    static func read(_ path: String) throws -> PixelImage {
        guard let data = FileManager.default.contents(atPath: path) else { throw BenchError("cannot read \(path)") }
        let bytes = [UInt8](data)
        var pos = 0
        func token() throws -> String {
            while pos < bytes.count {
                if bytes[pos] == UInt8(ascii: "#") {
                    while pos < bytes.count, bytes[pos] != 10 { pos += 1 }
                } else if bytes[pos] == 32 || (9...13).contains(bytes[pos]) {
                    pos += 1
                } else { break }
            }
            let start = pos
            while pos < bytes.count, !(bytes[pos] == 32 || (9...13).contains(bytes[pos])) { pos += 1 }
            guard pos > start else { throw BenchError("\(path): truncated header") }
            return String(decoding: bytes[start..<pos], as: UTF8.self)
        }
        let magic = try token()
        guard magic == "P6" || magic == "P5", let width = Int(try token()), let height = Int(try token()),
              let maxval = Int(try token()), maxval == 255 else { throw BenchError("\(path): not an 8-bit P6/P5 file") }
        pos += 1
        let channels = magic == "P6" ? 3 : 1
        guard bytes.count - pos >= width * height * channels else { throw BenchError("\(path): truncated") }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            for c in 0..<3 { rgba[i * 4 + c] = bytes[pos + i * channels + (channels == 3 ? c : 0)] }
        }
        return PixelImage(width: width, height: height, pixels: rgba)
    }
}
