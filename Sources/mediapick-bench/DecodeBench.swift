import Foundation
import MediaDecoding
import Platform

/// The `decode` stage: a 12 MP JPEG, a 12 MP PNG and a 4 MP WebP decoded to a 256-pixel
/// target, beside `djpeg -scale 1/8` on the same JPEG; the reduction alone; the refusal of
/// huge headers.
enum DecodeBench {
    /// The files the stage decodes, made once in the fixture directory.
    struct Files {
        let jpeg: String
        let png: String
        let webp: String?
    }

    /// A photo-like picture: smooth shapes plus sensor-like noise, so the JPEG has about a
    /// camera's entropy (4 MB for 12 MP at quality 0.9).
    static func photo(width: Int, height: Int) -> PixelImage {
        var seed: UInt32 = 0x1234_5678
        return PixelImage(width: width, height: height) { x, y in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let noise = Int(seed >> 27) - 16
            let fx = Double(x) / Double(width), fy = Double(y) / Double(height)
            let r = 128 + 100 * sin(fx * 9 + fy * 3)
            let g = 128 + 90 * cos(fy * 7 - fx * 2)
            let b = 128 + 80 * sin((fx + fy) * 11)
            func c(_ v: Double) -> UInt8 { UInt8(max(0, min(255, Int(v) + noise))) }
            return (c(r), c(g), c(b), 255)
        }
    }

    /// Writes the files into `directory` unless they are there already.
    static func makeFiles(in directory: String) throws -> Files {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let jpeg = directory + "/photo-12mp.jpg", png = directory + "/photo-12mp.png"
        let webpSource = directory + "/photo-4mp.png", webp = directory + "/photo-4mp.webp"
        let fm = FileManager.default
        if !fm.fileExists(atPath: jpeg) || !fm.fileExists(atPath: png) {
            let big = photo(width: 4000, height: 3000)
            try Data(JPEGEncoder.encode(big, quality: 0.9)).write(to: URL(fileURLWithPath: jpeg))
            try Data(PNGEncoder.encode(big)).write(to: URL(fileURLWithPath: png))
        }
        if !fm.fileExists(atPath: webp), BenchHarness.which("cwebp") != nil {
            try Data(PNGEncoder.encode(photo(width: 2304, height: 1728))).write(to: URL(fileURLWithPath: webpSource))
            BenchHarness.shell("cwebp -quiet -q 85 '\(webpSource)' -o '\(webp)'")
        }
        return Files(jpeg: jpeg, png: png, webp: fm.fileExists(atPath: webp) ? webp : nil)
    }

    /// Runs the measurements and prints their table.
    static func run(_ harness: inout BenchHarness, arguments: [String]) throws {
        let files = try makeFiles(in: BenchHarness.fixtureDirectory + "/decode")
        let plasma = BenchHarness.twelveMegapixelJPEGs(count: 1)[0]
        let target = DecodeOptions(targetWidth: 256, targetHeight: 256)
        let runs = Int(arguments.first ?? "") ?? 15
        // djpeg runs before and after the decoders, so load from elsewhere on the machine
        // shows as a spread between its two rows; ratios are to the later one.
        func table(_ title: String, jpeg: String, others: [(String, String)]) throws {
            let djpeg = "djpeg -scale 1/8, \(title) (process)"
            let argv = ["djpeg", "-scale", "1/8", "-outfile", "/dev/null", jpeg]
            harness.measureCommand(djpeg, argv, runs: runs)
            var rows = [djpeg]
            for (name, path) in [("mediapick \(title) -> 256", jpeg)] + others {
                try harness.measure(name, runs: runs) { _ = try ImageDecoder.decode(path: RawPath(path), options: target) }
                rows.append(name)
            }
            harness.measureCommand(djpeg, argv, runs: runs)
            harness.report(title: "Decode to a 256-px target: \(title) (\(runs) runs each)", baseline: djpeg, rows: rows)
        }
        var others = [("mediapick 12 MP PNG -> 256", files.png)]
        if let webp = files.webp { others.append(("mediapick 4 MP WebP -> 256", webp)) }
        try table("photo-like 12 MP JPEG", jpeg: files.jpeg, others: others)
        try table("plasma 12 MP JPEG", jpeg: plasma, others: [])
        reductions(&harness, runs: runs)
        print("")
        for line in try refusals() { print(line) }
        let probe = try harness.measure("probe", runs: 1000) { _ = try MediaProbe.read(path: RawPath(files.jpeg)) }
        print(String(format: "MediaProbe.read of the 12 MP JPEG (format + header, page cache warm): median %.1f µs",
                     probe.median * 1e6))
    }

    /// The box reduction alone, in process, at the sizes the decoders hand it: a 12 MP JPEG's
    /// 1/8 and 2/8 decodes to the 256-px intermediate, and a whole 12 MP picture (a PNG's).
    static func reductions(_ harness: inout BenchHarness, runs: Int) {
        let sizes = [(500, 375, 256, 192), (1000, 750, 342, 256), (4000, 3000, 342, 256)]
        var rows: [String] = []
        for (sw, sh, dw, dh) in sizes {
            let source = photo(width: sw, height: sh)
            let name = "reduce \(sw)x\(sh) -> \(dw)x\(dh)"
            harness.measure(name, runs: runs) { _ = source.reduced(width: dw, height: dh) }
            rows.append(name)
        }
        harness.report(title: "The reduction alone (`PixelImage.reduced`, \(runs) runs each)", baseline: rows[0], rows: rows)
    }

    /// Time and resident-memory growth of refusing a 30000x30000 JPEG and PNG header.
    static func refusals() throws -> [String] {
        var jpeg = try JPEGEncoder.encode(PixelImage(width: 16, height: 16))
        if let sof = (0..<(jpeg.count - 1)).first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }) {
            jpeg.replaceSubrange((sof + 5)...(sof + 8), with: [0x75, 0x30, 0x75, 0x30])
        }
        var png = try PNGEncoder.encode(PixelImage(width: 1, height: 1))
        png.replaceSubrange(16..<24, with: [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30])
        let crc = Digest.crc32(Array(png[12..<29]))
        png.replaceSubrange(29..<33, with: [24, 16, 8, 0].map { UInt8(crc >> $0 & 0xFF) })
        var lines: [String] = []
        for (name, bytes) in [("JPEG", jpeg), ("PNG", png)] {
            let before = residentKB()
            var outcome = "decoded (wrong)"
            let start = DispatchTime.now().uptimeNanoseconds
            do { _ = try ImageDecoder.decode(data: bytes) } catch { outcome = "\(error)" }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            lines.append(String(format: "%@ header claiming 30000x30000: %.3f ms, RSS growth %d KB (%@)",
                                name, ms, residentKB() - before, outcome))
        }
        return lines
    }

    private static func residentKB() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }
}
