#if canImport(Glibc)
import Glibc
#endif
import Foundation
import MediaDecoding

// The thumbnails layer's tests need a scratch folder and drawn images, as the picker's do
// (MediaPickerTests/Fixtures.swift); test targets cannot share a file, so these are kept small.

/// A temporary folder, removed when the test ends.
final class TempFolder {
    let path: RawPath

    init() {
        var template = Array("/tmp/mediapick-thumbs-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = RawPath(cString: made!)
    }

    deinit {
        // Restore permissions first so removal cannot fail on a deliberately unreadable child.
        _ = Self.run(["/bin/chmod", "-R", "u+rwx", path.string])
        _ = Self.run(["/bin/rm", "-rf", path.string])
    }

    @discardableResult
    func write(_ name: RawPath, bytes: [UInt8] = [], mtime: Int64? = nil) -> RawPath {
        let file = path.appending(name)
        let fd = file.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        precondition(fd >= 0, "cannot create \(file)")
        bytes.withUnsafeBytes { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if let mtime { Self.setMTime(file, mtime) }
        return file
    }

    @discardableResult
    func write(_ name: String, bytes: [UInt8] = [], mtime: Int64? = nil) -> RawPath { write(RawPath(name), bytes: bytes, mtime: mtime) }

    func folder(_ name: String) -> RawPath {
        let sub = path.appending(name)
        _ = sub.withCString { mkdir($0, 0o755) }
        return sub
    }

    static func setMTime(_ file: RawPath, _ seconds: Int64) {
        var times = [timespec(tv_sec: Int(seconds), tv_nsec: 0), timespec(tv_sec: Int(seconds), tv_nsec: 0)]
        _ = file.withCString { utimensat(AT_FDCWD, $0, &times, 0) }
    }

    static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        try? process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Test images drawn in code.
enum Drawn {
    /// A binary PPM (P6) of `image` (alpha dropped): the simplest format to write by hand.
    static func ppm(_ image: PixelImage) -> [UInt8] {
        var bytes = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
        for i in stride(from: 0, to: image.pixels.count, by: 4) { bytes += image.pixels[i..<(i + 3)] }
        return bytes
    }

    /// A quartered square in four colours, distinct per `seed`.
    static func quarters(size: Int = 64, seed: Int) -> PixelImage {
        let palette: [(UInt8, UInt8, UInt8)] = [(230, 40, 40), (40, 200, 60), (40, 80, 230), (240, 220, 40), (250, 250, 250), (20, 20, 20)]
        return PixelImage(width: size, height: size * 3 / 4) { x, y in
            let quadrant = (x < size / 2 ? 0 : 1) + (y < size * 3 / 8 ? 0 : 2)
            let c = palette[(quadrant + seed) % palette.count]
            return (c.0, c.1, c.2, 255)
        }
    }
}
