#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

extension FileTime {
    /// The time as a `Date` (Platform stays free of Foundation, so the Apple-style accessor lives here).
    public var date: Date { Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9) }
}
