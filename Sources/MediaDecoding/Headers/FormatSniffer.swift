/// Recognises formats by their magic bytes (never by file name).
enum FormatSniffer {
    /// Bytes that are enough for `sniff` in every case it handles.
    static let prefixLength = 4096

    /// The format of the content starting with `r`, or nil when it is not media.
    static func sniff(_ r: ByteReader) -> MediaFormat? {
        if r.matches(0, [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if r.matches(0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if r.matches(0, "GIF87a") || r.matches(0, "GIF89a") { return .gif }
        if r.matches(0, "RIFF") {
            if r.matches(8, "WEBP") { return .webp }
            if r.matches(8, "AVI ") { return .avi }
            return nil
        }
        if r.matches(0, [0x1A, 0x45, 0xDF, 0xA3]) { return matroska(r) }
        if r.matches(4, "ftyp") { return isoBrand(r) }
        if let type = r.fourCC(4), ["moov", "mdat", "wide", "pnot"].contains(type),
           let size = r.u32be(0), size >= 8 {
            return .quickTime  // QuickTime files from before the ftyp box
        }
        if r.matches(0, "BM"), let dib = r.u32le(14), [12, 40, 52, 56, 64, 108, 124].contains(dib) { return .bmp }
        if r.matches(0, "P5") || r.matches(0, "P6"), let next = r.u8(2), isPNMSpace(next) { return .pnm }
        // P1 to P4 (bitmaps, plain text): a number must follow, so that a note starting "P1 " is not one.
        if r.u8(0) == 0x50, let kind = r.u8(1), kind >= 0x31 && kind <= 0x34, let next = r.u8(2), isPNMSpace(next),
           let c = r.u8(PNMHeader.skipSpace(r, from: 2)), c >= 0x30 && c <= 0x39 { return .pnm }
        return nil
    }

    /// The name of a picture format that mediapick recognises but does not read, so that a
    /// TIFF is not called "not an image or video" (chafa draws it; the user should learn why
    /// mediapick does not). Nil for anything else.
    static func unreadFormat(_ r: ByteReader) -> String? {
        // Also most camera raws (CR2, NEF, ARW, DNG), which are TIFF inside.
        if r.matches(0, [0x49, 0x49, 0x2A, 0x00]) || r.matches(0, [0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if r.matches(0, [0xFF, 0x0A]) || r.matches(4, "JXL ") { return "JPEG XL" }
        if r.matches(4, "jP  ") || r.matches(0, [0xFF, 0x4F, 0xFF, 0x51]) { return "JPEG 2000" }
        if r.matches(0, "8BPS") { return "Photoshop (PSD)" }
        if r.matches(0, [0x76, 0x2F, 0x31, 0x01]) { return "OpenEXR" }
        if r.matches(0, "qoif") { return "QOI" }
        if r.matches(4, "ftypcrx ") { return "Canon raw (CR3)" }
        if r.matches(4, "ftyp"), let brand = r.fourCC(8), audioBrands.contains(brand) { return containerName(.mp4) + MediaProbe.audioSuffix }
        return nil
    }

    /// A video container's name as a user knows it.
    static func containerName(_ format: MediaFormat) -> String {
        switch format {
        case .quickTime: return "QuickTime"
        case .matroska: return "Matroska"
        case .webm: return "WebM"
        default: return format.rawValue.uppercased()
        }
    }

    static func isPNMSpace(_ byte: Int) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x23
    }

    private static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "mif2"]
    private static let avifBrands: Set<String> = ["avif", "avis"]
    // ftyp brands of audio-only files (M4A…) and Canon CR3 raw photos: not media this build shows.
    private static let audioBrands: Set<String> = ["M4A ", "M4B ", "M4P ", "F4A ", "F4B "]
    private static let otherBrands: Set<String> = audioBrands.union(["crx "])

    /// HEIF/AVIF/MP4/QuickTime from the ftyp brands.
    private static func isoBrand(_ r: ByteReader) -> MediaFormat? {
        guard let major = r.fourCC(8) else { return nil }
        let boxSize = min(r.u32be(0) ?? 0, r.count, 4096)
        var brands = [major]
        var o = 16
        while o + 4 <= boxSize, let b = r.fourCC(o) { brands.append(b); o += 4 }
        if avifBrands.contains(major) { return .avif }
        if heifBrands.contains(major) && !brands.contains(where: avifBrands.contains) { return .heif }
        if brands.contains(where: avifBrands.contains) { return .avif }
        if brands.contains(where: heifBrands.contains) && !brands.contains(where: { $0.hasPrefix("iso") || $0.hasPrefix("mp4") }) {
            return .heif
        }
        if major == "qt  " { return .quickTime }
        if otherBrands.contains(major) { return nil }
        return .mp4
    }

    /// Matroska or WebM from the EBML header's DocType.
    private static func matroska(_ r: ByteReader) -> MediaFormat? {
        guard let header = EBML.element(r, at: 0), let body = r.sub(header.dataOffset, min(header.size, r.count - header.dataOffset)) else {
            return .matroska
        }
        var o = 0
        while let e = EBML.element(body, at: o) {
            if e.id == 0x4282, let text = body.sub(e.dataOffset, e.size) {
                let docType = String(decoding: text.slice.prefix { $0 != 0 }, as: UTF8.self)
                return docType == "webm" ? .webm : .matroska
            }
            o = e.dataOffset + e.size
        }
        return .matroska
    }
}
