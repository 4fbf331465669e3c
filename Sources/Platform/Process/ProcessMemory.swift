import CSystem

/// The process's memory policy, set once by an executable at start (never by a library).
public enum ProcessMemory {
    /// Gives large blocks back to the system as soon as they are freed.
    ///
    /// Why: decoders hold whole files (a 22 MB PNG, a WebP) for a moment. glibc serves a block
    /// that size from its heap once one such block has been freed, and keeps the memory after
    /// the next free, so the resident size of a long session rose in steps of the largest
    /// files seen (`mediapick-bench soak`, docs/performance.md). A mapping of its own per block
    /// costs a system call and the page faults that filling the block takes anyway.
    public static func giveLargeBlocksBack(atLeast bytes: Int = 1 << 20) {
        _ = cc_map_large_blocks(bytes)
    }
}
