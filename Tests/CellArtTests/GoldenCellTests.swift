import ColorModel
import Foundation
import MediaDecoding
import XCTest
@testable import CellArt

/// Renders every test picture in every symbol set and colour depth and compares glyphs and
/// colours with the golden files in `Golden/` (re-recorded with `SNAPSHOT_RECORD=1`).
final class GoldenCellTests: XCTestCase {
    static let depths: [ColorDepth] = [.none, .ansi8, .ansi16, .ansi256, .trueColor]

    func testEverySymbolSetAndDepthMatchesGolden() throws {
        var failures: [String] = []
        for (name, image) in TestImages.all {
            for symbols in SymbolSet.allCases {
                var text = ""
                for depth in Self.depths {
                    let options = ArtOptions(columns: 12, rows: 6, symbols: symbols, colors: depth, fit: .stretch,
                                             background: RGB(0, 0, 0))
                    let art = CellRenderer.render(image, options: options)
                    text += "== \(depth)\n" + art.glyphText + "\n" + Self.colorDump(art) + "\n"
                }
                if let problem = try Self.compare(text, with: "\(name)-\(symbols.rawValue).txt") {
                    failures.append(problem)
                }
            }
        }
        XCTAssert(failures.isEmpty, failures.joined(separator: "\n"))
    }

    /// One line per row: `fg/bg` per cell, `-` for the default, `iN` for a palette entry, `#rrggbb` for RGB.
    static func colorDump(_ art: CellImage) -> String {
        func code(_ c: TerminalColor) -> String {
            switch c {
            case .default: return "-"
            case .indexed(let n): return "i\(n)"
            case .rgb(let rgb): return rgb.description
            }
        }
        return (0..<art.rows).map { row in
            (0..<art.columns).map { column in
                let cell = art[column, row]
                return code(cell.foreground) + "/" + code(cell.background)
            }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// nil when `text` equals the golden file, else a message; records instead with SNAPSHOT_RECORD=1.
    static func compare(_ text: String, with file: String) throws -> String? {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(file)")
        if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
            return nil
        }
        guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
            return "\(file): no golden file (run with SNAPSHOT_RECORD=1 to record)"
        }
        guard golden != text else { return nil }
        let a = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let b = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        return "\(file): differs at line \(line + 1)\n  golden: \(line < a.count ? String(a[line]) : "<end>")\n  actual: \(line < b.count ? String(b[line]) : "<end>")"
    }
}
