import MediaDecoding

/// One file of the demo library: its name and how to draw what to write.
struct DemoFile: Sendable {
    /// How the content is stored.
    enum Content: Sendable {
        case jpeg(PixelImage)
        case png(PixelImage)
        case gif(PixelImage)
        case webp(PixelImage)
        /// Skipped when libheif has no HEVC encoder; kept small (HEVC encoding is the slowest here).
        case heic(PixelImage)
        /// An MJPEG AVI clip at `fps`.
        case avi(frames: [PixelImage], fps: Double)
        /// Bytes as they are (the broken file).
        case raw([UInt8])
    }

    let name: String
    /// Draws the content: only for a file missing from the kept library, so that a demo
    /// started again draws nothing it already wrote.
    let draw: @Sendable () -> Content

    init(name: String, content: @autoclosure @escaping @Sendable () -> Content) {
        self.name = name
        self.draw = content
    }
}

/// What the demo library holds: about 30 pictures drawn in code in every format the picker
/// reads, plus the awkward cases (Japanese names, an escape sequence in a name, a very wide
/// and a very tall picture, a broken file) and two short clips.
enum DemoCatalog {
    static func files() -> [DemoFile] {
        typealias D = DemoDrawings
        let w = 320, h = 200
        var files: [DemoFile] = [
            DemoFile(name: "sunrise-lake.jpg", content: .jpeg(D.landscape(width: w, height: h, palette: D.dawn, seed: 0.1))),
            DemoFile(name: "noon-hills.jpg", content: .jpeg(D.landscape(width: w, height: h, palette: D.noon, seed: 0.4))),
            DemoFile(name: "dusk-mountains.jpg", content: .jpeg(D.landscape(width: w, height: h, palette: D.dusk, seed: 0.6))),
            DemoFile(name: "night-moon.jpg", content: .jpeg(D.landscape(width: w, height: h, palette: D.night, seed: 0.8))),
            DemoFile(name: "winter-morning.png", content: .png(D.landscape(width: w, height: h, palette: D.winter, seed: 0.3))),
            DemoFile(name: "海の写真.jpg", content: .jpeg(D.landscape(width: w, height: h, palette: D.noon, seed: 0.75))),
            DemoFile(name: "猫.png", content: .png(D.cat(size: 200))),
            DemoFile(name: "clock-0310.png", content: .png(D.clock(size: 200, hour: 3, minute: 10))),
            DemoFile(name: "clock-0945.jpg", content: .jpeg(D.clock(size: 200, hour: 9, minute: 45))),
            DemoFile(name: "clock-noon.gif", content: .gif(D.clock(size: 160, hour: 12, minute: 0))),
            DemoFile(name: "color-bars.png", content: .png(D.colorBars(width: w, height: h))),
            DemoFile(name: "color-wheel.png", content: .png(D.colorWheel(size: 200))),
            DemoFile(name: "swatches.jpg", content: .jpeg(D.swatches(width: w, height: h))),
            DemoFile(name: "page-1.png", content: .png(D.page(width: 200, height: 280, seed: 1))),
            DemoFile(name: "page-2.jpg", content: .jpeg(D.page(width: 200, height: 280, seed: 2))),
            DemoFile(name: "checkerboard.gif", content: .gif(D.checkerboard(width: 160, height: 160, square: 20,
                                                                            a: (240, 240, 240, 255), b: (40, 90, 160, 255)))),
            DemoFile(name: "ball-transparent.png", content: .png(D.transparentBall(size: 160))),
            DemoFile(name: "panorama-wide.jpg", content: .jpeg(D.landscape(width: 1600, height: 160, palette: D.dusk, seed: 0.2))),
            DemoFile(name: "tower-tall.jpg", content: .jpeg(D.colorBars(width: 40, height: 10).rotatedStripes(height: 1200))),
            DemoFile(name: "\u{1B}[31mred-alert\u{1B}[0m.png", content: .png(D.landscape(width: w, height: h, palette: D.dusk, seed: 0.9))),
            DemoFile(name: "broken.jpg", content: .raw([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF, then nothing".utf8))),
            DemoFile(name: "lake.webp", content: .webp(D.landscape(width: w, height: h, palette: D.dawn, seed: 0.55))),
            DemoFile(name: "wheel.webp", content: .webp(D.colorWheel(size: 160))),
            DemoFile(name: "harbour.heic", content: .heic(D.landscape(width: w, height: h, palette: D.noon, seed: 0.15))),
            DemoFile(name: "bounce.avi", content: .avi(frames: (0..<12).map { D.bouncingBall(width: 160, height: 120, frame: $0, frames: 12) }, fps: 6)),
            DemoFile(name: "clock-ticking.avi", content: .avi(frames: (0..<8).map { D.clock(size: 120, hour: 10, minute: $0 * 7) }, fps: 4)),
        ]
        let palettes = [D.dawn, D.noon, D.dusk, D.night, D.winter]
        for i in 1...8 {
            files.append(DemoFile(name: "trip-\(i < 10 ? "0" : "")\(i).jpg",
                                  content: .jpeg(D.landscape(width: 240, height: 160, palette: palettes[i % palettes.count],
                                                             seed: Double(i) * 0.13))))
        }
        return files
    }
}

extension PixelImage {
    /// A tall picture: this image's rows stretched into horizontal stripes `height` pixels tall
    /// (the very tall demo picture).
    func rotatedStripes(height newHeight: Int) -> PixelImage {
        PixelImage(width: width * 4, height: newHeight) { x, y in
            let source = self[x / 4 % width, min(height - 1, y * height / newHeight)]
            return (source.r, source.g, source.b, 255)
        }
    }
}
