import CCodecs
import Platform

/// What the export's streamed transcoders (`JPEGTranscoder`, `PNGTranscoder`) share: the call
/// into a `cc_*_transcode_file` function with the source's first bytes, the abandon question
/// handed to C, and the reading of its status, write error and size.
enum StreamedTranscode {
    /// A `cc_*_transcode_file` call with everything but what this type supplies: the source's
    /// descriptor and first bytes, the abandon callback and its context, the size and write
    /// error it reports, and the message buffer.
    typealias Call = (_ fd: Int32, _ head: UnsafePointer<UInt8>?, _ headLength: Int, _ abandon: cc_abandon_fn,
                      _ context: UnsafeMutableRawPointer, _ width: UnsafeMutablePointer<Int32>,
                      _ height: UnsafeMutablePointer<Int32>, _ writeErrno: UnsafeMutablePointer<Int32>,
                      _ message: UnsafeMutablePointer<CChar>, _ messageLength: Int) -> cc_status

    /// Runs `call` over `file` (whose first bytes are `head`) and returns the picture's size as
    /// shown (width and height swapped for `orientation` 5–8, as a decode gives them); nil when
    /// `abandon`, asked from C between bands, said to stop. `name` labels messages and
    /// `outputPath` names the copy in a write error.
    static func run(_ name: String, file: SourceFile, head: [UInt8], orientation: Int, outputPath: RawPath,
                    pixelLimit: Int, abandon: () -> Bool, _ call: Call) throws(DecodeError) -> (width: Int, height: Int)? {
        var width: Int32 = 0, height: Int32 = 0, writeErrno: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = withAbandonCallback(abandon) { callback, context in
            head.withUnsafeBufferPointer { bytes in
                message.withUnsafeMutableBufferPointer { msg in
                    call(file.fd, bytes.baseAddress, bytes.count, callback, context, &width, &height, &writeErrno,
                         msg.baseAddress!, msg.count)
                }
            }
        }
        if status == CC_ABANDONED { return nil }
        if writeErrno != 0 { throw DecodeError(SystemError("cannot write", path: outputPath, code: writeErrno)) }
        guard status == CC_OK else {
            throw CodecBridge.error(status, name, message: message, width: Int(width), height: Int(height), limit: pixelLimit)
        }
        return (5...8).contains(orientation) ? (Int(height), Int(width)) : (Int(width), Int(height))
    }

    /// Hands `abandon` to C as a `@convention(c)` function and a context pointing at the
    /// closure, valid during `body` only (the C side asks it only while the call runs). The
    /// closure answers and cannot throw, so nothing unwinds through the codec's frames.
    private static func withAbandonCallback<R>(_ abandon: () -> Bool,
                                               _ body: (cc_abandon_fn, UnsafeMutableRawPointer) -> R) -> R {
        withoutActuallyEscaping(abandon) { question in
            var question = question
            return withUnsafeMutablePointer(to: &question) { pointer in
                body({ context in
                    context!.assumingMemoryBound(to: (() -> Bool).self).pointee() ? 1 : 0
                }, UnsafeMutableRawPointer(pointer))
            }
        }
    }
}
