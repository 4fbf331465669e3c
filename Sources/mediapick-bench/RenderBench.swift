/// Benchmarks of the render stage (filled in by the work on that stage).
enum RenderBench {
    /// Runs the measurements and prints their table.
    static func run(_ harness: inout BenchHarness, arguments: [String]) throws {
        print("render: no measurements yet")
    }
}
