import Foundation
import XCTest

/// The real binary's picker follows its folder: a picture saved into it while the picker is
/// open (by ImageMagick, as a camera import or a screenshot would be) appears, and can be picked.
final class MediapickFollowTests: PickerTerminalCase {
    func testAPictureSavedWhileThePickerIsOpenAppearsAndIsPicked() throws {
        try files.picture("a.ppm")
        let run = try start("\(MediapickFixtures.quoted(files.directory)) --sort name")
        try tmux.waitFor("a.ppm")
        let added = try files.png("b.png", color: "blue")
        try tmux.waitFor("b.png")
        // The focus stayed on a.ppm; b.png is sorted after it.
        try tmux.send("Right", "Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(try lines(out), [added])
    }

    /// The app's sheet follows its folder the same way.
    func testTheAppsSheetFollowsItsFolderToo() throws {
        try files.picture("a.ppm")
        let run = try tmux.run("\(MediapickFixtures.quoted(binary)) app --sort name \(MediapickFixtures.quoted(files.directory)) > \(MediapickFixtures.quoted(out))")
        try tmux.waitFor("Nothing chosen yet")
        try tmux.send("Enter")
        try tmux.waitFor("a.ppm")
        let added = try files.png("b.png", color: "green")
        try tmux.waitFor("b.png")
        try tmux.send("Right", "Space", "Enter")
        try tmux.waitFor("Chosen (1):")
        try tmux.send("q")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(try lines(out), [added])
    }
}
