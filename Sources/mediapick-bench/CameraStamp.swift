import ColorModel
import MediaDecoding
import TerminalUI

/// The wall clock written into a test camera's frames, so that a benchmark reading a frame off
/// the screen knows when ffmpeg made it, without guessing: a lavfi graph that stamps each frame,
/// as it leaves the generator, with the milliseconds of the wall clock (mod 2^16) as 16
/// black-or-white boxes along the top, and the readers of those boxes.
///
/// The stamp is taken from the frame's timestamp set to `RTCTIME` (the wall clock, in µs);
/// `realtime` releases the frames at their own rate first, so the stamp is the moment the
/// frame is handed on, as a camera would; the frames get their regular timestamps back after
/// the boxes, so ffmpeg's `-re` and `-r` see an ordinary 30 fps source.
struct CameraStamp {
    /// The frame size.
    let width: Int
    /// The frame size.
    let height: Int

    /// Bits in a stamp.
    static let bits = 16
    /// Box size in source pixels.
    var boxWidth: Int { width / Self.bits }
    /// Box size in source pixels: tall enough to fill a few rows of cell art.
    var boxHeight: Int { height * 2 / 15 }

    /// `testsrc2` of this size at `rate` frames a second, stamped.
    func graph(rate: Int) -> String {
        var graph = "testsrc2=size=\(width)x\(height):rate=\(rate),realtime,settb=AVTB,setpts=RTCTIME"
        graph += ",drawbox=x=0:y=0:w=\(width):h=\(boxHeight):color=black:t=fill"
        for bit in 0..<Self.bits {
            graph += ",drawbox=x=\(bit * boxWidth):y=0:w=\(boxWidth):h=\(boxHeight):color=white:t=fill"
                + ":enable='mod(floor(t*1000/\(1 << bit)),2)'"
        }
        return graph + ",setpts=N/(\(rate)*TB)"
    }

    /// The centre of box `bit`, as a fraction of the frame.
    func centre(of bit: Int) -> (x: Double, y: Double) {
        (Double(bit * boxWidth + boxWidth / 2) / Double(width), Double(boxHeight / 2) / Double(height))
    }

    /// The stamp of `image` (the frame at any size).
    func read(_ image: PixelImage) -> Int {
        (0..<Self.bits).reduce(0) { stamp, bit in
            let c = centre(of: bit)
            let p = image[Int(c.x * Double(image.width)), Int(c.y * Double(image.height))]
            return Int(p.r) + Int(p.g) + Int(p.b) > 3 * 127 ? stamp | 1 << bit : stamp
        }
    }

    /// The stamp of the frame drawn as cell art in `picture` (its cells on `screen`).
    func read(_ screen: ScreenBuffer, picture: Rect) -> Int {
        (0..<Self.bits).reduce(0) { stamp, bit in
            let c = centre(of: bit)
            let cell = screen[picture.x + Int(c.x * Double(picture.width)), picture.y + Int(c.y * Double(picture.height))]
            return Self.brightness(cell) > 127 ? stamp | 1 << bit : stamp
        }
    }

    /// A cell's brightness: its background's, and its foreground's too when a glyph shows it.
    private static func brightness(_ cell: Cell) -> Int {
        let colours = [cell.style.background.approximateRGB] + (cell.text == " " ? [] : [cell.style.foreground.approximateRGB])
        let known = colours.compactMap { $0 }
        guard !known.isEmpty else { return 0 }
        return known.reduce(0) { $0 + (Int($1.r) + Int($1.g) + Int($1.b)) / 3 } / known.count
    }

    /// Milliseconds from a stamp to `now` (the wall clock in ms), across the stamp's wrap.
    static func age(of stamp: Int, now: Int) -> Int { (now - stamp) & (1 << bits - 1) }
}
