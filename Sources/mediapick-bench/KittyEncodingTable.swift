import Foundation
import MediaDecoding
import Platform
import TerminalGraphics
import Thumbnails

/// Bytes, encoding time and closeness of each `KittyRenderer.Encoding` on a set of tiles: what
/// chooses the renderer's default. Closeness is what kitty would show (the PNG decoded back)
/// against the lossless tile.
enum KittyEncodingTable {
    /// The encodings compared, the old one (zlib 6) first.
    static let encodings: [(name: String, encoding: KittyRenderer.Encoding)] = [
        ("f=24 o=z, zlib 6 (old)", .zlib(level: 6)), ("f=100 truecolour PNG", .png),
    ] + [(98, 1), (92, 1), (92, 0), (90, 1), (85, 1)].map { (quality: Int, dither: Float) in
        ("f=100 palette PNG, quality ≥ \(quality), dithering \(dither)", .palettePNG(minimumQuality: quality, dithering: dither))
    }

    /// Prints one row per encoding for `tiles` (canvases as the renderer sends them), bytes
    /// scaled to a screen of 48 tiles.
    static func print(_ title: String, tiles: [PixelImage]) {
        Swift.print("\n### \(title): \(tiles.count) tiles, bytes per screen of 48\n")
        Swift.print("| encoding | bytes / 48 tiles | ms / tile | palette tiles | mean SSIM | min SSIM | mean ΔE00 | max ΔE00 |")
        Swift.print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for (name, encoding) in encodings {
            var bytes = 0, palettes = 0
            var scores: [ImageScore] = []
            let start = DispatchTime.now().uptimeNanoseconds
            let sent = tiles.map { encoding.transmission(of: $0) }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(max(1, tiles.count))
            for (tile, transmission) in zip(tiles, sent) {
                bytes += KittyGraphics.naming(transmission, imageID: 1).count
                let shown = shownPixels(transmission, tile: tile)
                if case .palettePNG = encoding, shown.palette { palettes += 1 }
                scores.append(ImageScore(overBlack(shown.image), against: overBlack(tile)))
            }
            let ssim = scores.map(\.ssim), deltaE = scores.map(\.deltaE)
            Swift.print(String(format: "| %@ | %d | %.2f | %d | %.4f | %.4f | %.3f | %.3f |", name,
                               bytes * 48 / max(1, tiles.count), elapsed, palettes,
                               ssim.reduce(0, +) / Double(max(1, ssim.count)), ssim.min() ?? 0,
                               deltaE.reduce(0, +) / Double(max(1, deltaE.count)), deltaE.max() ?? 0))
        }
    }

    /// The pixels kitty decodes from `transmission` (PNG decoded back; raw zlib is lossless), and
    /// whether it was a palette PNG (colour type 3 at byte 25).
    private static func shownPixels(_ transmission: [UInt8], tile: PixelImage) -> (image: PixelImage, palette: Bool) {
        let base64 = payload(transmission)
        guard let data = Base64.decode(base64), data.count > 25, data.starts(with: [0x89, 0x50, 0x4E, 0x47]),
              let image = try? ImageDecoder.decode(data: data) else { return (tile, false) }
        return (image, data[25] == 3)
    }

    /// `image` composed over black, as a dark terminal shows it: the colour of a transparent
    /// pixel is invisible (libimagequant keeps one transparent entry for all of them).
    private static func overBlack(_ image: PixelImage) -> PixelImage {
        var pixels = image.pixels
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = UInt16(pixels[i + 3])
            for c in 0..<3 { pixels[i + c] = UInt8((UInt16(pixels[i + c]) * alpha + 127) / 255) }
            pixels[i + 3] = 255
        }
        return PixelImage(width: image.width, height: image.height, pixels: pixels)
    }

    /// The base64 payloads of the commands in `bytes` (ESC _ G keys ; payload ESC \), joined.
    private static func payload(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], i = 0
        while let start = bytes[i...].firstIndex(of: 0x3B), let end = bytes[start...].firstIndex(of: 0x1B) {
            out += bytes[(start + 1)..<end]
            i = end + 1
        }
        return out
    }
}
