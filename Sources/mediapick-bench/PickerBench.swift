/// Benchmarks of the picker stage (filled in by the work on that stage).
enum PickerBench {
    /// Runs the measurements and prints their table.
    static func run(_ harness: inout BenchHarness, arguments: [String]) throws {
        print("picker: no measurements yet")
    }
}
