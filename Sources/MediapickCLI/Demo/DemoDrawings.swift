#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MediaDecoding

/// The demo library's pictures, drawn in code: small pure functions from a size (and a few
/// parameters) to pixels, with subjects a thumbnail should make recognisable.
enum DemoDrawings {
    typealias RGBA = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    /// A colour scheme for a landscape.
    struct Palette {
        var skyTop: RGBA, skyBottom: RGBA, sun: RGBA, far: RGBA, near: RGBA, water: RGBA
    }

    static let dawn = Palette(skyTop: (40, 60, 140, 255), skyBottom: (250, 170, 120, 255), sun: (255, 230, 150, 255),
                              far: (90, 80, 130, 255), near: (40, 50, 80, 255), water: (70, 90, 150, 255))
    static let noon = Palette(skyTop: (60, 140, 240, 255), skyBottom: (190, 225, 255, 255), sun: (255, 255, 210, 255),
                              far: (90, 150, 90, 255), near: (40, 110, 50, 255), water: (30, 110, 190, 255))
    static let dusk = Palette(skyTop: (60, 20, 90, 255), skyBottom: (240, 100, 60, 255), sun: (255, 120, 60, 255),
                              far: (110, 50, 90, 255), near: (50, 20, 50, 255), water: (90, 40, 90, 255))
    static let night = Palette(skyTop: (5, 10, 30, 255), skyBottom: (30, 40, 90, 255), sun: (240, 240, 220, 255),
                               far: (30, 35, 60, 255), near: (10, 12, 25, 255), water: (15, 25, 60, 255))
    static let winter = Palette(skyTop: (150, 180, 210, 255), skyBottom: (230, 240, 250, 255), sun: (255, 255, 255, 255),
                                far: (200, 210, 230, 255), near: (240, 245, 250, 255), water: (120, 150, 180, 255))

    static func mix(_ a: RGBA, _ b: RGBA, _ t: Double) -> RGBA {
        let t = min(1, max(0, t))
        func m(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(Double(x) + (Double(y) - Double(x)) * t) }
        return (m(a.r, b.r), m(a.g, b.g), m(a.b, b.b), m(a.a, b.a))
    }

    /// Sky, a sun (or moon), two mountain ranges and water; `seed` moves the shapes.
    static func landscape(width: Int, height: Int, palette: Palette, seed: Double = 0) -> PixelImage {
        let horizon = Double(height) * 0.68
        let sunX = Double(width) * (0.25 + 0.5 * (seed.truncatingRemainder(dividingBy: 1))), sunY = Double(height) * 0.3
        let sunR = Double(min(width, height)) * 0.11
        // The ridges depend on the column only: computed once per column.
        let near = (0..<width).map { x -> Double in
            let u = Double(x) / Double(width)
            return horizon - Double(height) * (0.12 + 0.1 * sin(u * 9 + seed * 3) + 0.05 * sin(u * 23))
        }
        let far = (0..<width).map { x -> Double in
            horizon - Double(height) * (0.3 + 0.12 * sin(Double(x) / Double(width) * 5 + 1 + seed * 2))
        }
        return PixelImage(width: width, height: height) { x, y in
            let fx = Double(x), fy = Double(y)
            if fy > horizon {
                // Glints on the water: short dashes in staggered rows.
                let glint = (x / 7 + y * 3 + Int(seed * 10)) % 11 == 0 && y % 3 == 0
                return mix(palette.water, palette.sun, (glint ? 0.25 : 0) + (fy - horizon) / Double(height) * 0.2)
            }
            if fy > near[x] { return palette.near }
            if fy > far[x] { return palette.far }
            let d = hypot(fx - sunX, fy - sunY)
            if d < sunR { return palette.sun }
            let sky = mix(palette.skyTop, palette.skyBottom, fy / horizon)
            return d < sunR * 1.6 ? mix(palette.sun, sky, (d - sunR) / (sunR * 0.6)) : sky
        }
    }

    /// A clock face showing `hour`:`minute`: a rim, twelve marks, two hands.
    static func clock(size: Int, hour: Int, minute: Int) -> PixelImage {
        let c = Double(size) / 2, r = Double(size) * 0.45
        let minuteAngle = Double(minute) / 60 * 2 * .pi
        let hourAngle = (Double(hour % 12) + Double(minute) / 60) / 12 * 2 * .pi
        func onHand(_ x: Double, _ y: Double, angle: Double, length: Double, width: Double) -> Bool {
            let dx = sin(angle), dy = -cos(angle)
            let along = (x - c) * dx + (y - c) * dy
            let across = abs((x - c) * dy - (y - c) * dx)
            return along > -r * 0.08 && along < length && across < width
        }
        return PixelImage(width: size, height: size) { x, y in
            let fx = Double(x) + 0.5, fy = Double(y) + 0.5
            let d = hypot(fx - c, fy - c)
            if d > r { return (210, 200, 180, 255) }
            if d > r * 0.92 { return (40, 40, 50, 255) }
            if onHand(fx, fy, angle: minuteAngle, length: r * 0.8, width: r * 0.04) { return (20, 20, 20, 255) }
            if onHand(fx, fy, angle: hourAngle, length: r * 0.5, width: r * 0.07) { return (20, 20, 20, 255) }
            let angle = atan2(fx - c, c - fy)
            let mark = (angle / (2 * .pi) * 12).rounded()
            let nearMark = abs(angle / (2 * .pi) * 12 - mark) < 0.06
            if nearMark && d > r * 0.75 { return (200, 30, 30, 255) }
            return (250, 248, 240, 255)
        }
    }

    /// Vertical colour bars over a grey ramp (a test chart).
    static func colorBars(width: Int, height: Int) -> PixelImage {
        let bars: [RGBA] = [(255, 255, 255, 255), (255, 255, 0, 255), (0, 255, 255, 255), (0, 255, 0, 255),
                            (255, 0, 255, 255), (255, 0, 0, 255), (0, 0, 255, 255), (0, 0, 0, 255)]
        return PixelImage(width: width, height: height) { x, y in
            if y < height * 3 / 4 { return bars[x * bars.count / width] }
            let v = UInt8(x * 255 / max(1, width - 1))
            return (v, v, v, 255)
        }
    }

    /// A hue wheel fading to white at the centre.
    static func colorWheel(size: Int) -> PixelImage {
        let c = Double(size) / 2
        return PixelImage(width: size, height: size) { x, y in
            let dx = Double(x) - c, dy = Double(y) - c
            let d = hypot(dx, dy) / c
            if d > 1 { return (30, 30, 30, 255) }
            let hue = (atan2(dy, dx) / (2 * .pi) + 1).truncatingRemainder(dividingBy: 1)
            return mix((255, 255, 255, 255), hsv(hue), d)
        }
    }

    /// A grid of swatches: hue across, lightness down.
    static func swatches(width: Int, height: Int, columns: Int = 8, rows: Int = 5) -> PixelImage {
        PixelImage(width: width, height: height) { x, y in
            let col = x * columns / width, row = y * rows / height
            if x % (width / columns) < 2 || y % (height / rows) < 2 { return (20, 20, 20, 255) }
            let base = hsv(Double(col) / Double(columns))
            let t = Double(row) / Double(rows - 1)
            return t < 0.5 ? mix((255, 255, 255, 255), base, t * 2) : mix(base, (0, 0, 0, 255), (t - 0.5) * 1.6)
        }
    }

    /// Dark "lines of text" on paper: words as bars of varying length, a heading, margins.
    static func page(width: Int, height: Int, seed: Int) -> PixelImage {
        PixelImage(width: width, height: height) { x, y in
            let margin = width / 10
            let line = y / 12, inLine = y % 12
            guard x >= margin, x < width - margin, y >= margin, y < height - margin else { return (245, 240, 225, 255) }
            let heading = line == margin / 12 + 1
            guard inLine >= (heading ? 2 : 4) && inLine < 10 else { return (245, 240, 225, 255) }
            // Word lengths from a cheap hash of the line and word number.
            var word = 0, start = margin
            while true {
                let length = 8 + ((line * 31 + word * 17 + seed * 7) % 5) * 6
                if x < start + length { break }
                start += length + 5
                word += 1
            }
            let inWord = x - start < 8 + ((line * 31 + word * 17 + seed * 7) % 5) * 6
            let lineEnd = width - margin - ((line * 13 + seed) % 4) * 20
            return inWord && x < lineEnd ? (heading ? (150, 20, 20, 255) : (30, 30, 40, 255)) : (245, 240, 225, 255)
        }
    }

    /// A checkerboard of two colours.
    static func checkerboard(width: Int, height: Int, square: Int, a: RGBA, b: RGBA) -> PixelImage {
        PixelImage(width: width, height: height) { x, y in (x / square + y / square) % 2 == 0 ? a : b }
    }

    /// A ball on a transparent background (for the PNG with an alpha channel).
    static func transparentBall(size: Int) -> PixelImage {
        let c = Double(size) / 2, r = Double(size) * 0.4
        return PixelImage(width: size, height: size) { x, y in
            let d = hypot(Double(x) - c, Double(y) - c)
            if d > r { return (0, 0, 0, 0) }
            let shade = 1 - hypot(Double(x) - c * 0.7, Double(y) - c * 0.7) / (r * 2)
            return (UInt8(255 * shade), UInt8(90 * shade), UInt8(40 * shade), d > r - 1.5 ? 128 : 255)
        }
    }

    /// A cat's face: round head, triangle ears, eyes, nose.
    static func cat(size: Int) -> PixelImage {
        let c = Double(size) / 2, r = Double(size) * 0.32
        return PixelImage(width: size, height: size) { x, y in
            let fx = Double(x), fy = Double(y)
            let fur: RGBA = (230, 140, 50, 255)
            for side in [-1.0, 1.0] {
                let ex = c + side * r * 0.45, ey = c - r * 0.1
                if hypot(fx - ex, fy - ey) < r * 0.14 { return abs(fx - ex) < r * 0.04 ? (0, 0, 0, 255) : (120, 200, 80, 255) }
                // Ears: triangles above the head.
                let tipX = c + side * r * 0.75, tipY = c - r * 1.35
                let t = (fy - tipY) / (r * 0.8)
                if t > 0 && t < 1 && abs(fx - tipX) < t * r * 0.4 { return fur }
            }
            if abs(fx - c) < r * 0.1 && abs(fy - (c + r * 0.25)) < r * 0.07 { return (240, 120, 150, 255) }
            if hypot(fx - c, fy - c) < r { return fur }
            return (70, 110, 160, 255)
        }
    }

    /// One frame of a ball bouncing across a floor (for the clips).
    static func bouncingBall(width: Int, height: Int, frame: Int, frames: Int) -> PixelImage {
        let t = Double(frame) / Double(frames)
        let bx = Double(width) * (0.1 + 0.8 * t), by = Double(height) * (0.75 - 0.55 * abs(sin(t * 3 * .pi)))
        let r = Double(height) * 0.1
        return PixelImage(width: width, height: height) { x, y in
            if Double(y) > Double(height) * 0.85 { return (90, 60, 40, 255) }
            if hypot(Double(x) - bx, Double(y) - by) < r { return (220, 40, 40, 255) }
            return mix((120, 180, 250, 255), (230, 240, 255, 255), Double(y) / Double(height))
        }
    }

    /// A colour from hue (0–1) at full saturation and value.
    static func hsv(_ hue: Double) -> RGBA {
        let h = hue * 6, f = h - h.rounded(.down)
        let q = UInt8(255 * (1 - f)), t = UInt8(255 * f)
        switch Int(h) % 6 {
        case 0: return (255, t, 0, 255)
        case 1: return (q, 255, 0, 255)
        case 2: return (0, 255, t, 255)
        case 3: return (0, q, 255, 255)
        case 4: return (t, 0, 255, 255)
        default: return (255, 0, q, 255)
        }
    }
}
