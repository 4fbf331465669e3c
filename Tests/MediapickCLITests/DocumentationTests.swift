import Foundation
@testable import MediapickCLI
import XCTest

/// The man page, the completions and the README name every option the parser accepts, and
/// nothing it does not.
final class DocumentationTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func read(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    func testManPageHasEveryOption() throws {
        let page = try read("docs/mediapick.1").replacingOccurrences(of: "\\-", with: "-")
        for option in OptionSpec.all {
            XCTAssertTrue(page.contains("--" + option.long), "--\(option.long) missing from the man page")
        }
        for exit in ["130", "143"] { XCTAssertTrue(page.contains(".B \(exit)")) }
    }

    func testCompletionsHaveEveryOption() throws {
        for file in ["completions/mediapick.bash", "completions/_mediapick"] {
            let text = try read(file)
            for option in OptionSpec.all {
                XCTAssertTrue(text.contains("--" + option.long), "--\(option.long) missing from \(file)")
            }
        }
        let fish = try read("completions/mediapick.fish")
        for option in OptionSpec.all {
            XCTAssertTrue(fish.contains("-l \(option.long) "), "--\(option.long) missing from mediapick.fish")
            if let short = option.short { XCTAssertTrue(fish.contains("-s \(short) -l \(option.long)"), "-\(short) in fish") }
        }
    }

    func testReadmeHasEveryOptionAndTheQuickStart() throws {
        let readme = try read("README.md")
        for option in OptionSpec.all {
            XCTAssertTrue(readme.contains("--" + option.long), "--\(option.long) missing from the README")
        }
        XCTAssertTrue(readme.contains("make demo"))
        XCTAssertTrue(readme.contains("make test"))
        XCTAssertTrue(readme.contains("fzf --preview 'mediapick thumb {}'"))
    }

    /// The recipes piped the picks into `xargs cp -t …` and `xargs -0 git add --`: on Esc
    /// (nothing picked, nothing printed) GNU xargs still ran the command once, with no files,
    /// and the user saw "cp: missing file operand". Every recipe's xargs takes -r (or -I,
    /// which runs per line).
    func testEveryXargsRecipeRunsNothingWhenNothingIsPicked() throws {
        let texts = ["README.md": try read("README.md"), "docs/mediapick.1": try read("docs/mediapick.1").replacingOccurrences(of: "\\-", with: "-"),
                     "--help": HelpText.main]
        var recipes = 0
        for (name, text) in texts {
            for line in text.split(separator: "\n") where line.contains("| xargs") {
                recipes += 1
                let words = line.split(separator: "|").last!.split(separator: " ")
                let flags = words.dropFirst().prefix { $0.hasPrefix("-") }
                XCTAssertTrue(flags.contains { $0.hasPrefix("-r") || $0.hasPrefix("-I") } , "\(name): \(line)")
            }
        }
        XCTAssertGreaterThanOrEqual(recipes, 7)
    }

    func testDocumentedOptionsExist() throws {
        let known = Set(OptionSpec.all.map(\.long))
        let readme = try read("README.md")
        let pattern = try NSRegularExpression(pattern: "`--([a-z0-9-]+)")
        for match in pattern.matches(in: readme, range: NSRange(readme.startIndex..., in: readme)) {
            let name = String(readme[Range(match.range(at: 1), in: readme)!])
            XCTAssertTrue(known.contains(name), "the README documents --\(name), which the parser does not know")
        }
    }
}
