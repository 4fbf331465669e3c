/// A step of the real-terminal harness that failed or did not happen in time.
enum RealTerminalError: Error, CustomStringConvertible {
    /// A bounded wait ran out; the text says what was awaited and what was seen.
    case timeout(String)
    /// A program could not be started or ended badly.
    case failed(String)

    var description: String {
        switch self {
        case .timeout(let text): return "timed out: \(text)"
        case .failed(let text): return text
        }
    }
}
