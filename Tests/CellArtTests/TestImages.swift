import MediaDecoding

/// Pictures drawn in code for the renderer's tests.
enum TestImages {
    static let size = 96

    /// Every test picture by name.
    static let all: [(name: String, image: PixelImage)] = [
        ("gradient", gradient), ("checkerboard", checkerboard), ("disc", disc),
        ("diagonal", diagonal), ("colorbars", colorBars), ("transparent", transparent),
    ]

    /// Black to white from left to right, red rising from top to bottom.
    static let gradient = PixelImage(width: size, height: size) { x, y in
        let v = UInt8(x * 255 / (size - 1))
        return (UInt8(y * 255 / (size - 1)) / 2 + v / 2, v, v, 255)
    }

    /// 12-pixel black and white squares.
    static let checkerboard = PixelImage(width: size, height: size) { x, y in
        let on = (x / 12 + y / 12) % 2 == 0
        return on ? (255, 255, 255, 255) : (0, 0, 0, 255)
    }

    /// A yellow disc on dark blue.
    static let disc = PixelImage(width: size, height: size) { x, y in
        let dx = Double(x) - 47.5, dy = Double(y) - 47.5
        return dx * dx + dy * dy < 36 * 36 ? (250, 220, 40, 255) : (10, 20, 80, 255)
    }

    /// A white line rising to the right on black, 6 pixels wide and steep enough to cross
    /// one cell per row at 12x6 cells (as `/` does).
    static let diagonal = PixelImage(width: size, height: size) { x, y in
        abs(x - (size + 48 - y) / 2) < 3 ? (255, 255, 255, 255) : (0, 0, 0, 255)
    }

    /// Eight vertical bars: white, yellow, cyan, green, magenta, red, blue, black.
    static let colorBars = PixelImage(width: size, height: size) { x, _ in
        let bars: [(UInt8, UInt8, UInt8)] = [(255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0),
                                             (255, 0, 255), (255, 0, 0), (0, 0, 255), (0, 0, 0)]
        let c = bars[x * 8 / size]
        return (c.0, c.1, c.2, 255)
    }

    /// An opaque red square in the middle, a half-transparent green band, the rest fully transparent.
    static let transparent = PixelImage(width: size, height: size) { x, y in
        if (24..<72).contains(x) && (24..<72).contains(y) { return (220, 30, 30, 255) }
        if (8..<20).contains(y) { return (0, 255, 0, 128) }
        return (0, 0, 0, 0)
    }
}
