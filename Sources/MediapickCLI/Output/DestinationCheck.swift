#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
import Platform
import TerminalUI

/// Whether `-o FILE` and `--export DIR` can be written, asked before the picker takes the
/// screen: a destination that cannot work then costs an error message, not the picks. The
/// file system is reached through the closures, so that a test can play a folder the user
/// may not write (the tests run as root, for whom `access` grants nearly everything).
struct DestinationCheck {
    /// What is at a path, its links followed.
    enum Kind: Equatable {
        /// Nothing: `stat`'s errno (ENOENT; ENOTDIR when a file stands on the way).
        case missing(Int32)
        /// A symbolic link to nothing, and what it holds.
        case danglingLink(RawPath)
        case folder
        case regular
        /// A FIFO, a device.
        case other
        /// A socket, which no `open` can write.
        case socket
    }

    /// What is at a path.
    var kind: (RawPath) -> Kind
    /// `access(path, mode)`: 0, or its errno.
    var access: (RawPath, Int32) -> Int32
    /// Makes the folder and removes it again: 0, or mkdir's errno.
    var tryFolder: (RawPath) -> Int32
    /// Where `-o` writes (`OutputDestination.of`).
    var destination: (RawPath) throws(CommandError) -> OutputDestination
    /// The kind of media a regular file holds, by its content; nil when it holds none.
    var media: (RawPath) -> MediaKind? = { _ in nil }

    /// The real file system.
    static var system: DestinationCheck {
        DestinationCheck(
            kind: { path in
                switch FileStat.of(path) {
                case .failure(let error):
                    if error.code == ENOENT, case .success(let link) = FileStat.of(path, followingSymlinks: false), link.isSymbolicLink,
                       let target = OutputDestination.linkTarget(path) {
                        return .danglingLink(target)
                    }
                    return .missing(error.code)
                case .success(let status):
                    if status.isStream && !status.isFIFO { return .socket }
                    return status.isDirectory ? .folder : (status.isRegular ? .regular : .other)
                }
            },
            access: { path, mode in path.withCString { Glibc.access($0, mode) } == 0 ? 0 : errno },
            tryFolder: { path in
                if path.withCString({ mkdir($0, 0o700) }) != 0 { return errno == EEXIST ? 0 : errno }
                _ = path.withCString { rmdir($0) }
                return 0
            },
            destination: { path throws(CommandError) in try OutputDestination.of(path) },
            media: { path in (try? ImageDecoder.sniff(path: path))??.kind })
    }

    /// `-o FILE`: a folder is refused; a FIFO or device must be writable; a file to be
    /// replaced or made needs a folder to receive it that we may write in, or, when it
    /// exists, to be writable itself (`OutputDestination.writesInPlace`). A picture or a video
    /// is refused: replacing it with the list of picks loses it, and naming it is a slip
    /// (`mediapick -o *.jpg`, the list's name forgotten, made the first photo the output).
    func output(_ path: RawPath) throws(CommandError) {
        func refuse(_ code: Int32) -> CommandError { .cannotWrite(path, errno: code) }
        if kind(path) == .regular, let media = media(path) {
            throw .message("cannot write \(path.visible): it is a \(media == .video ? "video" : "picture"), "
                           + "which -o would replace with the list of picks")
        }
        var code: Int32
        switch kind(path) {
        case .folder:
            throw refuse(EISDIR)
        case .other:
            code = access(path, W_OK)
        case .socket:
            // open fails with ENXIO, as the shell's > says: after the pick, the picks lost.
            code = ENXIO
        case .missing(let missing) where missing != ENOENT:
            // A name too long (ENAMETOOLONG), a file on the way (ENOTDIR), a link loop: no
            // file can be made there (a name of 300 bytes passed, and failed after the pick).
            code = missing
        case .missing, .danglingLink, .regular:
            switch try destination(path) {
            case .straight:
                code = access(path, W_OK)
            case .replace(let target, let existing):
                let folder = target.parent
                switch kind(folder) {
                case .folder where OutputDestination.writesInPlace(target, existing: existing, access: access): code = 0
                case .folder: code = access(folder, W_OK | X_OK)
                case .missing(let missing): code = missing
                case .danglingLink: code = ENOENT
                case .regular, .other, .socket: code = ENOTDIR
                }
            }
        }
        if code != 0 { throw refuse(code) }
    }

    /// `--export DIR`: an existing DIR must be a folder we may write in; a missing one needs
    /// its nearest existing ancestor to be such a folder, and the first folder to be made
    /// is made and removed again: `access` alone grants root /proc, where mkdir fails.
    func export(_ directory: RawPath) throws(CommandError) {
        let name = directory.visible
        func refuse(_ code: Int32) -> CommandError { .system(what: "cannot export into \(name)", errno: code) }
        var firstMissing: RawPath?
        var current = directory
        while true {
            switch kind(current) {
            case .folder:
                let code = access(current, W_OK | X_OK)
                if code != 0 { throw refuse(code) }
                if let firstMissing {
                    let made = tryFolder(firstMissing)
                    if made != 0 { throw refuse(made) }
                }
                return
            case .missing(let code) where code == ENOENT:
                let parent = current.parent
                guard parent != current else { throw refuse(ENOENT) }
                firstMissing = current
                current = parent
            case .missing(let code):
                throw refuse(code)
            case .danglingLink(let target):
                // mkdir -p says "File exists"; the export went on to the pick and failed there.
                let link = current == directory ? "" : current.visible + " is "
                throw .message("cannot export into \(name): \(link)a symbolic link to \(target.visible), "
                               + "which does not exist (make that folder first)")
            case .regular, .other, .socket:
                if current == directory { throw .message("cannot export into \(name): not a folder") }
                throw .message("cannot export into \(name): \(current.visible) is not a folder")
            }
        }
    }
}
