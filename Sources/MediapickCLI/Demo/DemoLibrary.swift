#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MediaDecoding
import MediaPicker
import Platform

/// The demo's sample library: `DemoCatalog` written into a new temporary folder, which
/// `remove()` deletes (the app calls it on every way out: `q`, Ctrl-C and SIGTERM all end
/// the run loop normally). Every file is encoded in process by MediaDecoding's encoders; the
/// HEIC file is left out when the installed libheif has no HEVC encoder.
public struct DemoLibrary: Sendable {
    /// The folder holding the files.
    public let directory: RawPath
    /// The names written (in catalog order).
    public let names: [String]

    /// Generates the library in a new folder under `$TMPDIR` (or /tmp).
    public static func create(environment: [String: String] = ProcessEnvironment.variables()) throws(CommandError) -> DemoLibrary {
        let base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/mediapick-demo-XXXXXX").utf8).map { CChar(bitPattern: $0) } + [0]
        guard mkdtemp(&template) != nil else { throw .system(what: "cannot create the demo folder in \(base)", errno: errno) }
        let directory = RawPath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
        do throws(CommandError) {
            let names = try write(DemoCatalog.files(), into: directory)
            return DemoLibrary(directory: directory, names: names)
        } catch {
            DemoLibrary(directory: directory, names: []).remove()
            throw error
        }
    }

    /// Deletes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: directory.string)
    }

    /// Writes the files (in parallel: each is independent); returns the names written.
    static func write(_ files: [DemoFile], into directory: RawPath) throws(CommandError) -> [String] {
        var names: [String] = []
        var failure: CommandError?
        InOrderWorkers.forEach(files, width: ProcessEnvironment.activeProcessorCount()) { file in
            Result { () throws(CommandError) -> Bool in try write(file, into: directory) }
        } emit: { file, outcome in
            switch outcome {
            case .success(let written): if written { names.append(file.name) }
            case .failure(let error): failure = failure ?? error
            }
        }
        if let failure { throw failure }
        return names
    }

    /// Writes one file; false when it was skipped (HEIC without an HEVC encoder).
    static func write(_ file: DemoFile, into directory: RawPath) throws(CommandError) -> Bool {
        let path = directory.appending(file.name)
        func encoded(_ body: () throws(DecodeError) -> [UInt8]) throws(CommandError) -> [UInt8] {
            do throws(DecodeError) { return try body() } catch { throw .message("demo: cannot encode \(file.name): \(error)") }
        }
        switch file.content {
        case .jpeg(let image):
            try FileBytes.createNew(path, bytes: encoded { () throws(DecodeError) in try JPEGEncoder.encode(image, quality: 0.85) })
        case .png(let image):
            try FileBytes.createNew(path, bytes: encoded { () throws(DecodeError) in try PNGEncoder.encode(image) })
        case .gif(let image):
            try FileBytes.createNew(path, bytes: encoded { () throws(DecodeError) in try GIFEncoder.encode(image) })
        case .raw(let bytes):
            try FileBytes.createNew(path, bytes: bytes)
        case .avi(let frames, let fps):
            do throws(DecodeError) { try AVIWriter.writeMJPEG(frames: frames, fps: fps, to: path) } catch {
                throw .message("demo: cannot write \(file.name): \(error)")
            }
        case .webp(let image):
            try FileBytes.createNew(path, bytes: encoded { () throws(DecodeError) in try WebPEncoder.encode(image, quality: 0.8) })
        case .heic(let image):
            guard HEIFEncoder.isAvailable else { return false }
            // x265's fastest preset: a fraction of the default's time, still a valid HEIC.
            try FileBytes.createNew(path, bytes: encoded { () throws(DecodeError) in
                try HEIFEncoder.encode(image, quality: 0.6, fastest: true)
            })
        }
        return true
    }
}
