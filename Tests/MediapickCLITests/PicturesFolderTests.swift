import MediaPicker
@testable import MediapickCLI
import Platform
import XCTest

/// Where `mediapick camera` saves without `--export`: the XDG pictures folder.
final class PicturesFolderTests: XCTestCase {
    private let userDirs = #"XDG_PICTURES_DIR="$HOME/Bilder""# + "\n"

    func testTheXDGFolderIsFoundAsXdgUserDirFindsIt() {
        XCTAssertEqual(PicturesFolder.path(environment: ["HOME": "/home/a"], readFile: { _ in nil }), RawPath("/home/a/Pictures"))
        XCTAssertEqual(PicturesFolder.path(environment: ["HOME": "/home/a", "XDG_PICTURES_DIR": "/srv/p"], readFile: { _ in nil }),
                       RawPath("/srv/p"))
        XCTAssertEqual(PicturesFolder.path(environment: ["HOME": "/home/a"], readFile: { path in
            path == RawPath("/home/a/.config/user-dirs.dirs") ? Array(self.userDirs.utf8) : nil
        }), RawPath("/home/a/Bilder"))
    }

    /// With HOME unset the photo went into `/Pictures` (made there when run as root): no home
    /// is no pictures folder, unless one is named without it.
    func testWithoutAHomeThereIsNoFolderUnlessOneIsNamedWithoutIt() {
        XCTAssertNil(PicturesFolder.path(environment: [:], readFile: { _ in nil }))
        XCTAssertNil(PicturesFolder.path(environment: ["HOME": ""], readFile: { _ in nil }))
        XCTAssertNil(PicturesFolder.path(environment: ["XDG_CONFIG_HOME": "/etc/x"], readFile: { _ in Array(self.userDirs.utf8) }),
                     "a line that needs $HOME")
        XCTAssertEqual(PicturesFolder.path(environment: ["XDG_CONFIG_HOME": "/etc/x"],
                                           readFile: { _ in Array(#"XDG_PICTURES_DIR="/srv/shots""#.utf8) }), RawPath("/srv/shots"))
        XCTAssertEqual(PicturesFolder.path(environment: ["XDG_PICTURES_DIR": "/srv/p"], readFile: { _ in nil }), RawPath("/srv/p"))
        XCTAssertEqual(CameraError.noPicturesFolder.description,
                       "no folder for the photo: neither HOME nor XDG_PICTURES_DIR is set; name one with --export DIR")
        XCTAssertFalse(CameraError.noPicturesFolder.withoutOptionHint.contains("--export"), "the app's camera takes no --export")
    }
}
