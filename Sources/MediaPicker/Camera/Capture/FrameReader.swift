/// Where frame bytes come from: ffmpeg's stdout, or bytes made up by a test.
public protocol FrameByteSource: Sendable {
    /// Fills `buffer` (blocking); false at the end of the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Bool
}

/// Cuts a stream of raw RGB24 bytes into frames of a known size, in order, until it ends.
public struct FrameReader: Sendable {
    /// The frames' size in pixels.
    public let width: Int
    /// The frames' size in pixels.
    public let height: Int

    /// A reader of `width` x `height` frames.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Bytes per frame.
    public var frameByteCount: Int { width * height * 3 }

    /// Reads frames from `source` and hands each to `deliver` until the stream ends (a part
    /// frame at the end is dropped) or `deliver` returns false; returns how many were delivered.
    @discardableResult
    public func run(_ source: some FrameByteSource, deliver: (RGBFrame) -> Bool) -> Int {
        var index = 0
        while true {
            var bytes = [UInt8](repeating: 0, count: frameByteCount)
            let full = bytes.withUnsafeMutableBytes { source.read(into: $0) }
            guard full else { return index }
            let frame = RGBFrame(width: width, height: height, bytes: bytes, index: index, arrival: .now)
            index += 1
            guard deliver(frame) else { return index }
        }
    }
}
