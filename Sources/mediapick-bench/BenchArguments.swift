/// A bench command's arguments read one at a time, and what follows an option read as a
/// value, a positive number or a size; each error names the command (and, for a missing value,
/// shows its usage). One reader for `soak` and `pages`, which take the same kinds of value.
struct BenchArguments {
    private var rest: ArraySlice<String>
    /// The command, as the errors name it (`soak`).
    let command: String
    /// The command's usage, shown when a value is missing or an argument unknown.
    let usage: String

    /// Reads `arguments` for `command`.
    init(_ arguments: [String], command: String, usage: String) {
        rest = arguments[...]
        self.command = command
        self.usage = usage
    }

    /// The next argument, nil after the last.
    mutating func next() -> String? { rest.popFirst() }

    /// The value that follows option `name`.
    mutating func value(of name: String) throws -> String {
        guard let value = rest.popFirst() else { throw BenchError("\(command): \(name) needs a value\n\(usage)") }
        return value
    }

    /// The positive number that follows option `name`.
    mutating func number(of name: String) throws -> Int {
        let text = try value(of: name)
        guard let number = Int(text), number > 0 else { throw BenchError("\(command): \(name) \(text): not a positive number") }
        return number
    }

    /// The `WxH` (both positive) that follows option `name`.
    mutating func size(of name: String) throws -> (width: Int, height: Int) {
        let parts = try value(of: name).split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 > 0 }) else { throw BenchError("\(command): \(name) WxH") }
        return (parts[0], parts[1])
    }

    /// The error for an argument the command does not take.
    func unknown(_ argument: String) -> BenchError {
        BenchError("\(command): unknown argument \(argument)\n\(usage)")
    }
}
