import Platform

/// A file opened for the decoders: Platform's `FileIO.OpenFile`, with its failures as
/// `DecodeError.io` and a cap on whole-file reads.
struct SourceFile {
    /// Files larger than this are not read whole (no image in a supported format needs it).
    static let wholeFileLimit = 1 << 30

    private let file: FileIO.OpenFile

    /// Opens `path` for reading (a folder is refused).
    init(_ path: RawPath) throws(DecodeError) {
        do throws(SystemError) { file = try FileIO.OpenFile(path) } catch { throw DecodeError(error) }
    }

    /// The descriptor, for the C decoders that read it directly.
    var fd: Int32 { file.fd }
    /// The path it was opened by.
    var path: RawPath { file.path }
    /// Size in bytes when opened.
    var size: Int { file.size }

    /// Reads up to `count` bytes at `offset` (fewer at the end of the file).
    func read(at offset: Int, count: Int) throws(DecodeError) -> [UInt8] {
        do throws(SystemError) { return try file.read(at: offset, count: count) } catch { throw DecodeError(error) }
    }

    /// The whole file, unless it is larger than `wholeFileLimit`.
    func readAll() throws(DecodeError) -> [UInt8] {
        if size > Self.wholeFileLimit {
            throw .unsupported(detail: "\(path): \(size) bytes is more than the decoders read")
        }
        return try read(at: 0, count: size)
    }

    /// Reads the whole file at `path`.
    static func readAll(_ path: RawPath) throws(DecodeError) -> [UInt8] {
        try SourceFile(path).readAll()
    }
}
