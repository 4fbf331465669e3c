import Foundation
@testable import MediapickCLI
import TerminalUI
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

    /// groff warned "can't find special character 'u25B8'" and, in the C locale (`man -l`) and
    /// -Tascii, 'u2026' and the raw UTF-8 of an e acute; `caf\('e.png` came out as `cafe.png` in
    /// the very locale its sentence is about. The page is ASCII and renders with no warning.
    func testManPageRendersWithoutWarningsInASCII() throws {
        let bytes = try Data(contentsOf: root.appendingPathComponent("docs/mediapick.1"))
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() where line.contains(where: { $0 >= 0x80 }) {
            XCTFail("docs/mediapick.1:\(number + 1) is not ASCII: \(String(decoding: line, as: UTF8.self))")
        }
        let page = try read("docs/mediapick.1")
        XCTAssertFalse(page.contains("\\[u"), "a Unicode character by name, which the C locale cannot show")
        XCTAssertFalse(page.contains("\\(\'"), "an accented letter, which the C locale cannot show")
        for device in [[], ["-Tascii"]] {
            let groff = try InstalledTool.run("groff", ["-ww", "-man"] + device + ["-z", "docs/mediapick.1"], in: root)
            XCTAssertEqual(groff.err, "", "groff -ww -man \(device.joined()) -z")
        }
        let ascii = try InstalledTool.run("groff", ["-man", "-Tascii", "-P-cbou", "docs/mediapick.1"], in: root,
                                          environment: ["LC_ALL": "C"])
        let text = ascii.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(text.contains("shown as \\xHH: caf\\xc3\\xa9.png for a name whose e has an acute accent"), text)
        let man = try InstalledTool.run("man", ["-l", "docs/mediapick.1"], in: root, environment: ["LC_ALL": "C", "MANPAGER": "cat"])
        XCTAssertEqual(man.err, "", "LC_ALL=C man -l docs/mediapick.1")
    }

    /// The README said `make install PREFIX=~/.local` puts the completions in place; zsh does
    /// not look in ~/.local/share/zsh/site-functions unless told.
    func testReadmeTellsZshUsersWhereTheCompletionIs() throws {
        XCTAssertTrue(try read("README.md").contains("fpath=(~/.local/share/zsh/site-functions $fpath)"))
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

    /// `--help` named `/` "search names" and nothing of the query's syntax or keys, which the
    /// man page and the README list: fzf's extended-search operators and the keys that move the
    /// query's cursor. Both name each now, in a section of `--help` that fits 80 columns.
    func testHelpAndManPageNameTheSearchOperatorsAndTheQuerysKeys() throws {
        let page = try read("docs/mediapick.1").replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
        let help = HelpText.main
        let operators = ["'beach", "'beach'", "^IMG", "png$", "!thumb", "!^IMG", "!.png$", " | ", "beach\\ day", "2024/", "extended"]
        let keys = ["Left", "Right", "Home", "End", "Ctrl-E", "Backspace", "Delete", "Ctrl-W", "Ctrl-U", "Esc"]
        for word in operators + keys {
            XCTAssertTrue(page.contains(word), "\(word) missing from the man page")
            XCTAssertTrue(help.contains(word), "\(word) missing from --help")
        }
        let section = help.components(separatedBy: "Keys in the picker:").last!.components(separatedBy: "Keys on the app's main screen:").first!
        XCTAssertTrue(section.contains("Search"), section)
        for line in section.split(separator: "\n") {
            XCTAssertLessThanOrEqual(line.count, 80, "--help's picker keys fit 80 columns: \(line)")
        }
    }

    /// `mediapick --help` had lines of up to 98 columns (`--limit`; `--output` 97, the usage and
    /// exit-status lines up to 94), `thumb --help` and `camera --help` up to 95: wider than the 80
    /// of fzf's, gum's and git's help, so an 80-column terminal broke them mid-word. Every line of
    /// every help the program prints fits 80 columns, an option's description going on under its
    /// start, and says all it said: each option's help, its lines joined, is still there.
    func testEveryLineOfEveryHelpFitsEightyColumns() throws {
        let commands: [[String]] = [["--help"], ["app", "--help"], ["demo", "--help"], ["thumb", "--help"], ["camera", "--help"]]
        for arguments in commands {
            guard case .help(let topic) = try ArgumentParser.parse(arguments) else { return XCTFail("\(arguments) is not help") }
            let help = HelpText.text(for: topic)
            for line in help.split(separator: "\n") {
                XCTAssertLessThanOrEqual(DisplayWidth.of(line), 80, "mediapick \(arguments.joined(separator: " ")): \(line)")
                XCTAssertFalse(line.hasSuffix(" "), "a space at the end of: \(line)")
            }
            let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let scope: OptionSpec.Scope = topic == .thumb ? .thumb : topic == .camera ? .camera : .pick
            for option in OptionSpec.all where option.scope.contains(scope) && help.contains(option.synopsis) {
                XCTAssertTrue(words.contains(option.help.split(whereSeparator: \.isWhitespace).joined(separator: " ")),
                              "--\(option.long)'s help in mediapick \(arguments.joined(separator: " "))")
            }
        }
        // A description goes on under its start, the option's column.
        XCTAssertTrue(HelpText.main.contains("""
              -l, --limit N           pick at most N (default 1; 0 = no limit;
                                      app, demo: N in all, default 0)
            """), HelpText.main)
    }

    /// A description the table did not break where it must still fits: it goes on under its
    /// start where a word no longer fits; a synopsis that reaches the column has its
    /// description begin on the next line.
    func testAHelpRowBreaksWhatItsDescriptionDoesNot() {
        let words = { (n: Int) in Array(repeating: "word", count: n).joined(separator: " ") }
        let indent = String(repeating: " ", count: 26)
        XCTAssertEqual(HelpText.row("  --x", words(20), column: 26),
                       "  --x" + String(repeating: " ", count: 21) + words(11) + "\n" + indent + words(9) + "\n")
        XCTAssertEqual(HelpText.row("  --x", "one\ntwo", column: 26), "  --x" + String(repeating: " ", count: 21) + "one\n" + indent + "two\n")
        let wide = String(repeating: "a", count: 26)
        XCTAssertEqual(HelpText.row(wide, "b", column: 26), wide + "\n" + indent + "b\n")
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
