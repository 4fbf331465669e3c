// libFuzzer entry point over the export's streamed transcoders (JPEGTranscoder, PNGTranscoder),
// compiled by `scripts/fuzz transcoders` together with the MediaDecoding sources in place of
// FuzzTarget.swift. They read a file and write one, so each input is put in an in-memory file
// (memfd) and the copy goes to another.
#if canImport(Glibc)
import Glibc
#endif
import CSystem

/// The two in-memory files every run reuses: the source the transcoders open by its
/// /proc/self/fd path, and the copy they write to.
private let files: (source: Int32, copy: Int32) = (cc_anonymous_file("fuzz-source"), cc_anonymous_file("fuzz-copy"))

/// The same limit as the decoders' target: a progressive JPEG's coefficients (the one
/// whole-picture cost of a streamed transcode) are held to 16 MB.
private let pixelLimit = 4_000_000

/// Feeds one input to both streamed transcoders; any crash, sanitizer report, hang, leak, or a
/// copy reported made that does not read back at the size reported, is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, files.source >= 0, files.copy >= 0 else { return 0 }
    guard ftruncate(files.source, 0) == 0, pwrite(files.source, data, size, 0) == size else { return 0 }
    let path = RawPath("/proc/self/fd/\(files.source)")
    // An odd-sized input is read past a short head, as a file larger than the 64 KB head is
    // (the JPEG source's chunked reads, the PNG source's window); an even one from the head alone.
    let headLength = size % 2 == 1 ? max(64, size / 3) : ImageDecoder.streamedHeadLength
    // One input in five is abandoned at the second asking, between the first bands.
    let stopAt = size % 5 == 0 ? 2 : Int.max
    for png in [false, true] {
        guard ftruncate(files.copy, 0) == 0, lseek(files.copy, 0, SEEK_SET) == 0 else { return 0 }
        var asked = 0
        let abandon = { () -> Bool in
            asked += 1
            return asked >= stopAt
        }
        let copyPath = RawPath("/proc/self/fd/\(files.copy)")
        let shown: (width: Int, height: Int)?
        do {
            shown = png
                ? try PNGTranscoder.transcode(path: path, to: files.copy, outputPath: copyPath, quality: 0.8,
                                              headLength: headLength, abandon: abandon)
                : try JPEGTranscoder.transcode(path: path, to: files.copy, outputPath: copyPath, quality: 0.8,
                                               pixelLimit: pixelLimit, headLength: headLength, abandon: abandon)
        } catch {
            continue
        }
        guard let shown else { continue }
        checkCopy(shown)
    }
    return 0
}

/// A copy the transcoder reported made must be a JPEG of the size it reported, and decode.
private func checkCopy(_ shown: (width: Int, height: Int)) {
    let length = Int(lseek(files.copy, 0, SEEK_END))
    var bytes = [UInt8](repeating: 0, count: max(length, 0))
    let read = bytes.withUnsafeMutableBytes { pread(files.copy, $0.baseAddress, length, 0) }
    guard read == length else { fatalError("the copy cannot be read back (\(read) of \(length) bytes)") }
    guard let info = try? ImageDecoder.info(data: bytes) else {
        fatalError("a copy reported made (\(shown.width)x\(shown.height)) is not a readable JPEG (\(length) bytes)")
    }
    guard info.format == .jpeg, info.displaySize == shown else {
        fatalError("the copy is a \(info.format) of \(info.displaySize) as shown, reported \(shown.width)x\(shown.height)")
    }
    // Its every block must decode (at 1/8, the cheapest read that still reads them all; a copy
    // over 256 MP is left unread, for time).
    do {
        _ = try ImageDecoder.decode(data: bytes, options: DecodeOptions(targetWidth: 1, targetHeight: 1, pixelLimit: pixelLimit))
    } catch .tooLarge {
    } catch {
        fatalError("the copy (\(shown.width)x\(shown.height), \(length) bytes) does not decode: \(error)")
    }
}
