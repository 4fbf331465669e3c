/// Benchmarks of the decode stage (filled in by the work on that stage).
enum DecodeBench {
    /// Runs the measurements and prints their table.
    static func run(_ harness: inout BenchHarness, arguments: [String]) throws {
        print("decode: no measurements yet")
    }
}
