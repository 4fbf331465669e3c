// libFuzzer entry point over the decoders, compiled together with the MediaDecoding
// sources by scripts/fuzz (so internal parsers are reachable too).

/// Feeds one input to every parser and decoder; any crash, sanitizer report or hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // A small pixel limit keeps each run fast; the limit check itself is one of the paths.
    let options = DecodeOptions(targetWidth: 64, targetHeight: 64, pixelLimit: 4_000_000)
    _ = try? ImageDecoder.decode(data: bytes, options: options)
    _ = try? ImageDecoder.info(data: bytes)
    let r = ByteReader(bytes)
    _ = FormatSniffer.sniff(r)
    _ = MatroskaReader.info(.matroska, r)
    _ = AVIReader.info(r)
    _ = MP4Reader.parseMoov(.mp4, r)
    _ = HEIFHeader(r)
    _ = PNGTextReader.textChunks(in: bytes)
    return 0
}
