import ColorModel

/// The opaque colours of an image, gathered into 5-6-5 bins (65,536 of them): the input of the
/// palette choice and the key of the per-image colour lookup.
///
/// Each occupied bin gets a slot holding its pixel count and the sums of its exact colours, so
/// the palette is made of true means rather than bin centres; a bin that only ever saw one colour
/// is marked pure, so an image with few colours gets them back exactly.
struct SixelColours {
    /// The slot of each bin plus one (0: the bin is empty).
    var slotOfBin: [Int32]
    /// The bin of each slot, in order of first appearance.
    var bins: [UInt16] = []
    /// Pixels per slot.
    var counts: [UInt32] = []
    /// Sums of red, green and blue per slot, three per slot.
    var sums: [UInt64] = []
    /// The first colour seen in each slot (0xRRGGBB).
    var firsts: [UInt32] = []
    /// Whether every pixel of the slot had its first colour.
    var pure: [Bool] = []
    /// Whether some pixel is under half opaque (`isUndrawn`: drawn as nothing).
    var hasTransparent = false

    /// The bin of a colour: 5 bits of red, 6 of green, 5 of blue.
    @inline(__always)
    static func bin(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        Int(r >> 3) << 11 | Int(g >> 2) << 5 | Int(b >> 3)
    }

    /// Whether a pixel is left undrawn: under half opaque, the threshold cell art uses, so that
    /// the soft edge of a transparent picture (an enlarged one above all) leaves the terminal's
    /// background rather than a fringe blended over black.
    @inline(__always)
    static func isUndrawn(_ p: UnsafePointer<UInt8>) -> Bool { p[3] < 128 }

    /// The colour a pixel is drawn in: itself when opaque, composited over `background` (in
    /// sRGB, as a terminal would blend) when partly transparent. Undrawn pixels are not asked for.
    @inline(__always)
    static func opaque(_ p: UnsafePointer<UInt8>, over background: RGB) -> (UInt8, UInt8, UInt8) {
        let a = UInt32(p[3])
        if a == 255 { return (p[0], p[1], p[2]) }
        @inline(__always) func mix(_ c: UInt8, _ under: UInt8) -> UInt8 {
            UInt8((UInt32(c) * a + UInt32(under) * (255 - a) + 127) / 255)
        }
        return (mix(p[0], background.r), mix(p[1], background.g), mix(p[2], background.b))
    }

    /// Gathers the colours of `pixels` (RGBA, `count` pixels).
    init(pixels: UnsafeBufferPointer<UInt8>, count: Int, background: RGB) {
        slotOfBin = [Int32](repeating: 0, count: 65_536)
        guard let base = pixels.baseAddress else { return }
        var transparent = false
        slotOfBin.withUnsafeMutableBufferPointer { slotOf in
            for i in 0..<count {
                let p = base + i * 4
                if Self.isUndrawn(p) { transparent = true; continue }
                let (r, g, b) = Self.opaque(p, over: background)
                let bin = Self.bin(r, g, b)
                let rgb = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                var slot = Int(slotOf[bin]) - 1
                if slot < 0 {
                    slot = counts.count
                    slotOf[bin] = Int32(slot + 1)
                    bins.append(UInt16(bin))
                    counts.append(0)
                    sums.append(contentsOf: [0, 0, 0])
                    firsts.append(rgb)
                    pure.append(true)
                } else if firsts[slot] != rgb {
                    pure[slot] = false
                }
                counts[slot] &+= 1
                sums[slot * 3] &+= UInt64(r)
                sums[slot * 3 + 1] &+= UInt64(g)
                sums[slot * 3 + 2] &+= UInt64(b)
            }
        }
        hasTransparent = transparent
    }

    /// The number of occupied bins.
    var slotCount: Int { counts.count }

    /// The mean colour of a slot.
    func mean(_ slot: Int) -> SIMD3<Float> {
        let n = Float(counts[slot])
        return SIMD3(Float(sums[slot * 3]), Float(sums[slot * 3 + 1]), Float(sums[slot * 3 + 2])) / n
    }
}
