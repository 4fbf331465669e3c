#if canImport(Glibc)
import Glibc
#endif
import DemoMedia
import MediaDecoding
import MediaPicker
import Platform

/// The demo's sample library: `DemoCatalog` written into mediapick's own cache folder,
/// `$XDG_CACHE_HOME/mediapick/demo-library` (else `~/.cache/mediapick/demo-library`), and
/// kept there, so that the paths the demo prints name files that still exist when it has
/// ended (a temporary folder removed at exit left them naming nothing). Each start writes
/// only the catalog's files that are missing, drawing nothing it wrote before; photos the
/// demo's camera saved there stay. Every file is encoded in process, by MediaDecoding's and
/// DemoMedia's encoders, and linked in whole (`WholeFile`): a demo killed while writing
/// leaves no half file for the next one to keep. The HEIC file is left out when the
/// installed libheif has no HEVC encoder.
public struct DemoLibrary: Sendable {
    /// The folder holding the files.
    public let directory: RawPath
    /// The catalog's names now in the folder (in catalog order), written now or before.
    public let names: [String]

    /// Where the library is kept: `demo-library` in mediapick's folder of the cache home;
    /// nil when there is no cache home (neither `XDG_CACHE_HOME` nor `HOME`).
    public static func folder(environment: [String: String]) -> (directory: RawPath, base: RawPath)? {
        CacheHome(environment: environment).map { ($0.folder.appending("mediapick/demo-library"), $0.base) }
    }

    /// Opens the kept library, creating its folder and writing the files that are missing.
    public static func open(environment: [String: String] = ProcessEnvironment.variables()) throws(CommandError) -> DemoLibrary {
        guard let (directory, base) = folder(environment: environment) else {
            throw .message("demo: no folder to keep the sample library in: set XDG_CACHE_HOME or HOME")
        }
        return try open(in: directory, below: base)
    }

    /// Opens the library in `directory`, made with its missing parents below `base` (which
    /// must exist), writing the catalog's files that are missing.
    static func open(in directory: RawPath, below base: RawPath?) throws(CommandError) -> DemoLibrary {
        let made = CacheHome.makeFolders(directory, below: base)
        guard made == 0 else { throw .system(what: "cannot create the demo's library folder \(directory.visible)", errno: made) }
        let names = try write(DemoCatalog.files(), into: directory)
        return DemoLibrary(directory: directory, names: names)
    }

    /// Writes the files that are missing (in parallel: each is independent); returns the
    /// names in the folder, written now or before.
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

    /// Writes one file unless it is there; false when it was skipped (HEIC without an HEVC
    /// encoder). Another demo writing the same file meanwhile is no failure: the file is whole.
    static func write(_ file: DemoFile, into directory: RawPath) throws(CommandError) -> Bool {
        let path = directory.appending(file.name)
        if case .success = FileStat.of(path, followingSymlinks: false) { return true }
        do throws(CommandError) {
            return try create(path, content: file.draw(), name: file.name)
        } catch {
            if case .system(_, EEXIST) = error { return true }
            throw error
        }
    }

    /// Encodes `content` and creates `path` with it, whole or not at all.
    private static func create(_ path: RawPath, content: DemoFile.Content, name: String) throws(CommandError) -> Bool {
        func encoded(_ body: () throws(DecodeError) -> [UInt8]) throws(CommandError) -> [UInt8] {
            do throws(DecodeError) { return try body() } catch { throw .message("demo: cannot encode \(name): \(error)") }
        }
        switch content {
        case .jpeg(let image):
            try FileBytes.createNew(path, bytes: encoded { () throws(DecodeError) in try JPEGEncoder.encode(image, quality: 0.85) })
        case .png(let image):
            try FileBytes.createNew(path, bytes: encoded { () throws(DecodeError) in try PNGEncoder.encode(image) })
        case .gif(let image):
            try FileBytes.createNew(path, bytes: encoded { () throws(DecodeError) in try GIFEncoder.encode(image) })
        case .raw(let bytes):
            try FileBytes.createNew(path, bytes: bytes)
        case .avi(let frames, let fps):
            try FileBytes.createNew(path, bytes: encoded { () throws(DecodeError) in try AVIWriter.mjpegData(frames: frames, fps: fps) })
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
