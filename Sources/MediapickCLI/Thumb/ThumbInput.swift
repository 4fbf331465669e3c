#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
import Platform
import TerminalUI
import Thumbnails

/// One FILE operand of `mediapick thumb`: a file read where it lies, or a stream (`-` for
/// standard input, as chafa and timg take it, or a pipe such as `<(curl -s URL)`) copied into
/// memory first, because the decoders seek and a video's poster frame is made by ffmpeg from a
/// path. A stream's thumbnail is neither read from nor written to the cache: its copy has no
/// lasting name to key it by.
struct ThumbInput: Sendable {
    /// The operand's name in captions and messages: `stdin` for `-`, else the path, exactly.
    let label: RawPath
    /// The name as the screen shows it (`SafeText.visible`), for messages: escaped here,
    /// once, from its bytes.
    var name: String { label.visible }
    /// Where to read it, or why it cannot be read (the whole message, without `mediapick: `).
    let source: Result<RawPath, CommandError>
    /// The copy of a stream, kept alive as long as its path is read.
    let spool: SpooledInput?

    /// Whether the thumbnail may go through the disk cache.
    var isCacheable: Bool { spool == nil }

    /// Whether there is something to read (false: refused already, see `source`).
    var isReadable: Bool {
        if case .success = source { return true }
        return false
    }

    /// Says on stderr why the operand cannot be read, if it cannot.
    func reportFailure() {
        if case .failure(let error) = source { Diagnostics.report(error.description) }
    }

    /// The operands as inputs, in order. Standard input is read once, at the first `-` (a
    /// later `-` draws the same picture again); it must not be the terminal, where reading
    /// would wait for typing.
    static func resolve(_ operands: [RawPath], standardInputIsTerminal: Bool) -> [ThumbInput] {
        var standardInput: Result<SpooledInput, CommandError>?
        return operands.map { operand in
            if operand.bytes == [UInt8(ascii: "-")] {
                if standardInput == nil {
                    standardInput = standardInputIsTerminal
                        ? .failure(.message("stdin: is a terminal; pipe a picture into it (… | mediapick thumb -)"))
                        : spooling(fd: 0, name: "stdin")
                }
                return ThumbInput(label: RawPath("stdin"), result: standardInput!)
            }
            guard case .success(let st) = FileStat.of(operand), st.isStream else {
                return ThumbInput(label: operand, source: .success(operand), spool: nil)
            }
            do throws(SystemError) {
                let stream = try FileIO.OpenFile(operand)
                return ThumbInput(label: operand, result: spooling(fd: stream.fd, name: operand.visible))
            } catch {
                return ThumbInput(label: operand, source: .failure(CommandError(error)), spool: nil)
            }
        }
    }

    private init(label: RawPath, source: Result<RawPath, CommandError>, spool: SpooledInput?) {
        self.label = label
        self.source = source
        self.spool = spool
    }

    private init(label: RawPath, result: Result<SpooledInput, CommandError>) {
        switch result {
        case .success(let spool): self.init(label: label, source: .success(spool.path), spool: spool)
        case .failure(let error): self.init(label: label, source: .failure(error), spool: nil)
        }
    }

    /// The stream's copy, once its first bytes show a picture or video as a file's would: what
    /// is not one (`< /dev/zero`) is refused before anything more is read.
    private static func spooling(fd: Int32, name: String) -> Result<SpooledInput, CommandError> {
        do throws(SystemError) {
            let head = try SpooledInput.head(of: fd, name: name, count: ImageDecoder.sniffLength)
            guard ImageDecoder.sniff(head) != nil else {
                let error: ThumbnailError = head.isEmpty ? .empty(path: name) : .notMedia(path: name, format: ImageDecoder.unreadFormat(head))
                return .failure(.message(error.description))
            }
            return .success(try SpooledInput(reading: fd, name: name, head: head))
        } catch where error.code == EFBIG {
            return .failure(.message("\(name): more than \(SpooledInput.limit >> 30) GB, more than mediapick reads of one picture"))
        } catch {
            return .failure(CommandError(error))
        }
    }
}
