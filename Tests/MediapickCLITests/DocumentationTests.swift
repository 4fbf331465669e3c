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
