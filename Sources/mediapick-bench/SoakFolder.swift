#if canImport(Glibc)
import Glibc
#endif
import Foundation
import MediaDecoding

/// The soak's folder: `count` names hard-linked to a few hundred distinct real-size pictures
/// (photograph-like, drawn here and encoded with the project's own JPEG and PNG encoders) and
/// to a handful of broken files (truncated, garbage, empty). Made once and reused: a marker
/// file records what was made, so a different request makes it again.
struct SoakFolder {
    /// The folder the picker opens.
    let path: String
    /// Where vanishing files wait before they come back (a sibling, not scanned).
    let awayPath: String
    /// The names in the folder (not paths), good and broken.
    let names: [String]
    /// Distinct pictures, broken files, and the bytes of the distinct pictures.
    let distinct: Int, broken: Int, distinctBytes: Int64

    /// What to make.
    struct Request: Hashable {
        var count = 20_000
        var distinct = 240
        var width = 4000, height = 3000
        /// One name in `brokenEvery` is a broken file.
        var brokenEvery = 100
    }

    /// The folder for `request` under `root`, made (or completed) when missing.
    static func prepare(_ request: Request, root: String) throws -> SoakFolder {
        let path = root + "/soak-\(request.count)-\(request.distinct)-\(request.width)x\(request.height)"
        let sources = path + "-distinct"
        let away = path + "-away"
        for dir in [path, sources, away] { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        // Whatever a killed run left away comes back first.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: away)) ?? [] { rename(away + "/" + name, path + "/" + name) }
        let pngEvery = 4  // one distinct picture in four is a PNG
        let distinctPaths = (0..<request.distinct).map { i in
            String(format: "%@/photo-%03d.%@", sources, i, i % pngEvery == pngEvery - 1 ? "png" : "jpg")
        }
        let missing = distinctPaths.enumerated().filter { !FileManager.default.fileExists(atPath: $0.element) }
        if !missing.isEmpty {
            let t0 = ContinuousClock.now
            print("soak: drawing and encoding \(missing.count) pictures of \(request.width)x\(request.height) (once)")
            // Two at a time: the machine has two cores.
            DispatchQueue.concurrentPerform(iterations: missing.count) { k in
                let (i, file) = missing[k]
                let image = SoakPicture.draw(width: request.width, height: request.height, seed: UInt64(i + 1))
                let bytes = file.hasSuffix(".png") ? try? PNGEncoder.encode(image) : try? JPEGEncoder.encode(image, quality: 0.92)
                guard let bytes else { return }
                let temporary = file + ".part"
                _ = FileManager.default.createFile(atPath: temporary, contents: Data(bytes))
                rename(temporary, file)
            }
            print(String(format: "soak: pictures made in %.0f s", PickerBench.seconds(ContinuousClock.now - t0)))
        }
        let brokenPaths = try makeBroken(from: distinctPaths, into: sources)
        var names: [String] = []
        var brokenCount = 0
        for i in 0..<request.count {
            let isBroken = i % request.brokenEvery == request.brokenEvery / 2
            let source = isBroken ? brokenPaths[i / request.brokenEvery % brokenPaths.count] : distinctPaths[i % distinctPaths.count]
            let name = String(format: "IMG_%05d.%@", i, (source as NSString).pathExtension)
            let target = path + "/" + name
            if access(target, F_OK) != 0 { link(source, target) }
            names.append(name)
            if isBroken { brokenCount += 1 }
        }
        let bytes = distinctPaths.reduce(Int64(0)) { sum, file in
            sum + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int64) ?? 0)
        }
        return SoakFolder(path: path, awayPath: away, names: names, distinct: distinctPaths.count, broken: brokenCount,
                          distinctBytes: bytes)
    }

    /// Broken files: JPEGs and PNGs cut short, garbage under an image's name, an empty file,
    /// a PNG signature followed by garbage.
    private static func makeBroken(from pictures: [String], into dir: String) throws -> [String] {
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: pictures.first { $0.hasSuffix(".jpg") }!))
        let png = try Data(contentsOf: URL(fileURLWithPath: pictures.first { $0.hasSuffix(".png") }!))
        var garbage = [UInt8](repeating: 0, count: 1 << 20)
        var state: UInt64 = 0x5EED
        for i in garbage.indices { garbage[i] = UInt8(truncatingIfNeeded: SoakRandom.next(&state) >> 56) }
        let files: [(String, Data)] = [
            ("broken-half.jpg", jpeg.prefix(jpeg.count / 2)),
            ("broken-header.jpg", jpeg.prefix(600)),
            ("broken-half.png", png.prefix(png.count / 2)),
            ("broken-signature.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(garbage.prefix(4096))),
            ("broken-garbage.jpg", Data([0xFF, 0xD8, 0xFF]) + Data(garbage)),
            ("broken-empty.png", Data()),
        ]
        return files.map { name, bytes in
            let file = dir + "/" + name
            if !FileManager.default.fileExists(atPath: file) { _ = FileManager.default.createFile(atPath: file, contents: bytes) }
            return file
        }
    }
}

/// A photograph-like picture: smooth colour fields at four scales (sky, hills, texture) plus
/// fine grain, so that it compresses like a photograph (several MB at 12 MP) and shrinks to
/// a thumbnail with detail at every scale.
enum SoakPicture {
    static func draw(width: Int, height: Int, seed: UInt64) -> PixelImage {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        // Lattices of random colours, coarse to fine, with their weights.
        let scales: [(cells: Int, weight: Float)] = [(3, 0.45), (12, 0.3), (48, 0.17), (192, 0.08)]
        let lattices: [(w: Int, h: Int, values: [Float])] = scales.map { scale in
            let w = scale.cells + 2, h = max(2, scale.cells * height / max(width, 1)) + 2
            return (w, h, (0..<(w * h * 3)).map { _ in Float(SoakRandom.next(&state) >> 40) / Float(1 << 24) * scale.weight })
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var grain = state
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                for x in 0..<width {
                    var rgb: (Float, Float, Float) = (0, 0, 0)
                    for lattice in lattices {
                        let fx = Float(x) * Float(lattice.w - 2) / Float(width), fy = Float(y) * Float(lattice.h - 2) / Float(height)
                        let x0 = Int(fx), y0 = Int(fy), ax = fx - Float(x0), ay = fy - Float(y0)
                        let i00 = (y0 * lattice.w + x0) * 3, i10 = i00 + 3, i01 = i00 + lattice.w * 3, i11 = i01 + 3
                        func at(_ c: Int) -> Float {
                            let top = lattice.values[i00 + c] * (1 - ax) + lattice.values[i10 + c] * ax
                            let bottom = lattice.values[i01 + c] * (1 - ax) + lattice.values[i11 + c] * ax
                            return top * (1 - ay) + bottom * ay
                        }
                        rgb.0 += at(0); rgb.1 += at(1); rgb.2 += at(2)
                    }
                    let noise = Float(Int(SoakRandom.next(&grain) >> 59) - 16) / 255
                    let o = (y * width + x) * 4
                    out[o] = UInt8(max(0, min(255, (rgb.0 + noise) * 255)))
                    out[o + 1] = UInt8(max(0, min(255, (rgb.1 + noise) * 255)))
                    out[o + 2] = UInt8(max(0, min(255, (rgb.2 + noise) * 255)))
                }
            }
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }
}

/// SplitMix64: small, seeded, reproducible.
enum SoakRandom {
    static func next(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound.
    static func below(_ bound: Int, _ state: inout UInt64) -> Int { Int(next(&state) % UInt64(max(bound, 1))) }
}
