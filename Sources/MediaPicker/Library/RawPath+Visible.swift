import Platform
import TerminalUI

extension RawPath {
    /// The path as the screen and messages show it (`SafeText.visible(bytes:)`: escaped once,
    /// each byte outside ASCII as `\xHH` where the screen shows ASCII alone). Never for output:
    /// results go out as the exact bytes.
    public var visible: String { SafeText.visible(bytes: bytes) }
}
