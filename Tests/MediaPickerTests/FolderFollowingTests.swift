#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
@testable import MediaPicker
import Platform
import XCTest

/// The library follows its folders (`MediaLibrary.watchFolders`, `checkFolders`): files added,
/// removed or completed while the picker is open. Each look is awaited (`checkFolders`), and
/// the classification it starts (`waitUntilIdle`): no sleeps.
final class FolderFollowingTests: XCTestCase {
    private func picture(_ seed: Int) -> [UInt8] { Drawn.ppm(Drawn.scene(width: 8, height: 8, seed: seed)) }

    private func names(_ library: MediaLibrary) -> [String] {
        library.snapshot().entries.map(\.relativePath.string).sorted()
    }

    /// A library over `folder`, read and classified (the real classifier: content decides).
    private func library(_ folder: TempFolder, options: ScanOptions = ScanOptions(),
                         classifier: @escaping @Sendable (RawPath) -> FileInspector.Outcome = FileInspector.classify) async -> MediaLibrary {
        let library = MediaLibrary(name: "t", sources: [.folder(folder.path)], options: options, classifier: classifier)
        await library.waitUntilIdle()
        return library
    }

    private func look(_ library: MediaLibrary) async {
        await library.checkFolders()
        await library.waitUntilIdle()
    }

    func testAPictureAddedToTheFolderIsListed() async {
        let folder = TempFolder()
        folder.write("a.ppm", bytes: picture(1))
        let library = await library(folder)
        XCTAssertEqual(names(library), ["a.ppm"])
        let added = folder.write("b.ppm", bytes: picture(2))
        await look(library)
        XCTAssertEqual(names(library), ["a.ppm", "b.ppm"])
        let entry = library.entry(for: added)
        XCTAssertEqual(entry?.format, .pnm, "classified by its content, as the scan's entries are")
        XCTAssertEqual(entry?.rootLength, folder.path.bytes.count + 1, "named below its folder, as the scan names it")
    }

    /// What an idle picker pays each second: a look that finds the folder as it was changes
    /// nothing (the picker arranges nothing again).
    func testALookThatFindsNothingNewChangesNothing() async {
        let folder = TempFolder()
        folder.write("a.ppm", bytes: picture(1))
        let library = await library(folder)
        let generation = library.snapshotGeneration
        await look(library)
        await look(library)
        XCTAssertEqual(library.snapshotGeneration, generation)
    }

    func testAFileRemovedIsDropped() async {
        let folder = TempFolder()
        let a = folder.write("a.ppm", bytes: picture(1))
        folder.write("b.ppm", bytes: picture(2))
        let library = await library(folder)
        XCTAssertEqual(unlink(a.string), 0)
        await look(library)
        XCTAssertEqual(names(library), ["b.ppm"])
        XCTAssertEqual(library.droppedPaths(after: 0), [a], "so that the picker takes it out of the selection")
    }

    func testAnEmptyFileThatIsCompletedIsListed() async {
        let folder = TempFolder()
        folder.write("a.ppm", bytes: picture(1))
        // A download or a copy as the scan met it: nothing written yet.
        let late = folder.write("late.ppm")
        let library = await library(folder)
        XCTAssertEqual(names(library), ["a.ppm"], "an empty file is not media")
        await look(library)
        XCTAssertEqual(names(library), ["a.ppm"], "looked at again, unchanged: still left out")
        folder.write("late.ppm", bytes: picture(3))
        await look(library)
        XCTAssertEqual(names(library), ["a.ppm", "late.ppm"])
        XCTAssertEqual(library.entry(for: late)?.format, .pnm)
        XCTAssertEqual(library.progress.found, 2, "the status line's count: late.ppm is one file, listed twice")
    }

    func testAFileNotMediaIsNotReadAgainUntilItChanges() async {
        let folder = TempFolder()
        folder.write("notes.txt", bytes: Array("not a picture".utf8))
        let reads = Locked(0)
        let counting: @Sendable (RawPath) -> FileInspector.Outcome = { path in
            reads.withLock { $0 += 1 }
            return FileInspector.classify(path)
        }
        let library = await library(folder, classifier: counting)
        XCTAssertEqual(reads.withLock { $0 }, 1)
        // The folder changes (a picture added): notes.txt is listed by the new reading, not read.
        folder.write("a.ppm", bytes: picture(1))
        await look(library)
        await look(library)
        XCTAssertEqual(names(library), ["a.ppm"])
        XCTAssertEqual(reads.withLock { $0 }, 2, "a.ppm only")
    }

    func testAFileBackAfterItVanishedIsListedAgain() async {
        let folder = TempFolder()
        let a = folder.write("a.ppm", bytes: picture(1))
        let library = await library(folder)
        // Moved away and back (`mv`), its size and time the same.
        let away = RawPath(a.string + ".away")
        XCTAssertEqual(rename(a.string, "/tmp/\(away.lastComponent.string)"), 0)
        await look(library)
        XCTAssertEqual(names(library), [])
        XCTAssertEqual(rename("/tmp/\(away.lastComponent.string)", a.string), 0)
        await look(library)
        XCTAssertEqual(names(library), ["a.ppm"])
    }

    func testNewSubFoldersAreReadWithDashRAndHiddenNamesStayOut() async {
        let folder = TempFolder()
        folder.write("a.ppm", bytes: picture(1))
        let library = await library(folder, options: ScanOptions(recursive: true))
        _ = folder.folder("sub")
        _ = folder.folder("sub/deeper")
        folder.write("sub/b.ppm", bytes: picture(2))
        folder.write("sub/deeper/c.ppm", bytes: picture(3))
        folder.write("sub/.hidden.ppm", bytes: picture(4))
        await look(library)
        XCTAssertEqual(names(library), ["a.ppm", "sub/b.ppm", "sub/deeper/c.ppm"])
        // The sub-folder removed: its entries go.
        XCTAssertEqual(TempFolder.run(["/bin/rm", "-rf", folder.path.appending("sub").string]), 0)
        await look(library)
        XCTAssertEqual(names(library), ["a.ppm"])
    }

    func testWithoutDashRANewSubFolderIsNotRead() async {
        let folder = TempFolder()
        folder.write("a.ppm", bytes: picture(1))
        let library = await library(folder)
        _ = folder.folder("sub")
        folder.write("sub/b.ppm", bytes: picture(2))
        folder.write(".hidden.ppm", bytes: picture(3))
        await look(library)
        XCTAssertEqual(names(library), ["a.ppm"])
    }

    #if canImport(Glibc)
    /// inotify says when to look: with the timer an hour away, a picture added is listed at
    /// once (awaited through the library's updates).
    func testAPictureAddedIsListedWhenInotifySaysSoWithoutWaitingForTheTimer() async {
        let folder = TempFolder()
        folder.write("a.ppm", bytes: picture(1))
        let library = await library(folder)
        let watch = library.watchFolders(every: .seconds(3_600))
        defer { watch.cancel() }
        let listed = listing(folder.path.appending("b.ppm"), in: library)
        folder.write("b.ppm", bytes: picture(2))
        await listed()
        XCTAssertEqual(names(library), ["a.ppm", "b.ppm"])
    }

    /// The same for a file completed (a download finishing): its close after writing is told,
    /// though its folder does not change.
    func testAnEmptyFileCompletedIsListedWhenInotifySaysSo() async {
        let folder = TempFolder()
        let late = folder.write("late.ppm")
        let library = await library(folder)
        XCTAssertEqual(names(library), [])
        let watch = library.watchFolders(every: .seconds(3_600))
        defer { watch.cancel() }
        let listed = listing(late, in: library)
        // Written in place, as a download or a copy fills the file it made.
        let descriptor = open(late.string, O_WRONLY)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        let bytes = picture(3)
        XCTAssertEqual(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }, bytes.count)
        close(descriptor)
        await listed()
    }

    /// A followed folder removed and made again at its path (`rm -r shots && mkdir shots && cp`,
    /// as build and sync tools do) is watched again at once: a file put in it afterwards is
    /// listed when inotify says so, not at the timer's next look.
    func testASourceFolderRemovedAndMadeAgainIsWatchedAgain() async {
        let top = TempFolder()
        let (shots, library) = await shotsLibrary(in: top)
        let watch = library.watchFolders(every: .seconds(3_600))
        defer { watch.cancel() }
        await listed(shots.appending("b.ppm"), in: library) {
            XCTAssertEqual(TempFolder.run(["/bin/rm", "-r", shots.string]), 0)
            _ = top.folder("shots")
            top.write("shots/b.ppm", bytes: picture(2))
        }
        await listed(shots.appending("c.ppm"), in: library) { top.write("shots/c.ppm", bytes: picture(3)) }
        XCTAssertEqual(names(library), ["b.ppm", "c.ppm"])
    }

    /// The same for a sub-folder read with -r.
    func testASubFolderRemovedAndMadeAgainIsWatchedAgain() async {
        let folder = TempFolder()
        _ = folder.folder("shots")
        folder.write("shots/a.ppm", bytes: picture(1))
        let library = await library(folder, options: ScanOptions(recursive: true))
        let watch = library.watchFolders(every: .seconds(3_600))
        defer { watch.cancel() }
        await listed(folder.path.appending("shots/b.ppm"), in: library) {
            XCTAssertEqual(TempFolder.run(["/bin/rm", "-r", folder.path.appending("shots").string]), 0)
            _ = folder.folder("shots")
            folder.write("shots/b.ppm", bytes: picture(2))
        }
        await listed(folder.path.appending("shots/c.ppm"), in: library) { folder.write("shots/c.ppm", bytes: picture(3)) }
        XCTAssertEqual(names(library), ["shots/b.ppm", "shots/c.ppm"])
    }

    /// A sub-folder made while the library is followed (-r) is watched as soon as a look has
    /// read it: a file put in it afterwards is listed when inotify says so, not at the timer's
    /// next turn.
    func testANewSubFolderIsWatchedOnceALookHasReadIt() async {
        let folder = TempFolder()
        folder.write("a.ppm", bytes: picture(1))
        let library = await library(folder, options: ScanOptions(recursive: true))
        let watch = library.watchFolders(every: .seconds(3_600))
        defer { watch.cancel() }
        await listed(folder.path.appending("new/b.ppm"), in: library) {
            _ = folder.folder("new")
            folder.write("new/b.ppm", bytes: picture(2))
        }
        await listed(folder.path.appending("new/c.ppm"), in: library) { folder.write("new/c.ppm", bytes: picture(3)) }
        XCTAssertEqual(names(library), ["a.ppm", "new/b.ppm", "new/c.ppm"])
    }

    /// A source's folder that a look found gone (its entries dropped) is read again when it is
    /// back, at once: no folder followed holds it, so nothing else would find it again.
    func testASourceFolderGoneAtALookIsListedAgainWhenItIsBack() async {
        let top = TempFolder()
        let (shots, library) = await shotsLibrary(in: top)
        let watch = library.watchFolders(every: .seconds(3_600))
        defer { watch.cancel() }
        XCTAssertEqual(TempFolder.run(["/bin/rm", "-r", shots.string]), 0)
        await look(library)
        XCTAssertEqual(names(library), [])
        await listed(shots.appending("b.ppm"), in: library) {
            _ = top.folder("shots")
            top.write("shots/b.ppm", bytes: picture(2))
        }
        XCTAssertEqual(names(library), ["b.ppm"])
    }

    /// A file that could not be read, then made readable with `chmod`, is taken as a new file
    /// once it can be: left out (its name says no picture), it is listed; listed marked
    /// unreadable (its name says picture), it is classified again. `chmod` changes neither its
    /// size, nor its time, nor its folder; inotify tells it (`IN_ATTRIB`), and the look asks.
    /// The tests run as root, who reads a chmod 000 file: the classifier and the access check
    /// are told which files are locked, and the real `chmod` is what inotify sees.
    func testAFileMadeReadableIsTakenAsANewFile() async {
        let folder = TempFolder()
        folder.write("a.ppm", bytes: picture(1))
        let shot = folder.write("shot", bytes: picture(2))
        let marked = folder.write("marked.ppm", bytes: picture(3))
        for file in [shot, marked] { XCTAssertEqual(chmod(file.string, 0), 0) }
        let locked = Locked(true)
        let classifier: @Sendable (RawPath) -> FileInspector.Outcome = { path in
            locked.withLock { $0 } && path.lastComponent.string != "a.ppm" ? .unreadable(errno: EACCES) : FileInspector.classify(path)
        }
        let library = MediaLibrary(name: "t", sources: [.folder(folder.path)], options: ScanOptions(), classifier: classifier,
                                   readCheck: { path in locked.withLock { $0 } && path.lastComponent.string != "a.ppm" ? EACCES : nil })
        await library.waitUntilIdle()
        XCTAssertEqual(names(library), ["a.ppm", "marked.ppm"], "shot is left out: unreadable, and its name says no picture")
        XCTAssertEqual(library.entry(for: marked)?.status, .unreadable(errno: EACCES))
        await look(library)
        XCTAssertEqual(names(library), ["a.ppm", "marked.ppm"], "looked at again, still unreadable: as it was")
        let watch = library.watchFolders(every: .seconds(3_600))
        defer { watch.cancel() }
        let listed = listing(shot, in: library), classified = listing(marked, in: library)
        locked.withLock { $0 = false }
        for file in [shot, marked] { XCTAssertEqual(chmod(file.string, 0o644), 0) }
        await listed()
        await classified()
        XCTAssertEqual(names(library), ["a.ppm", "marked.ppm", "shot"])
    }

    /// A library over `top`'s new folder `shots` holding a.ppm (the source is the folder
    /// itself, not `top`), read and classified.
    private func shotsLibrary(in top: TempFolder) async -> (RawPath, MediaLibrary) {
        let shots = top.folder("shots")
        top.write("shots/a.ppm", bytes: picture(1))
        let library = MediaLibrary(name: "t", sources: [.folder(shots)], options: ScanOptions(), classifier: FileInspector.classify)
        await library.waitUntilIdle()
        return (shots, library)
    }

    /// Does `action` and awaits the library's listing `path` as a picture (`listing`).
    private func listed(_ path: RawPath, in library: MediaLibrary, after action: () -> Void) async {
        let listed = listing(path, in: library)
        action()
        await listed()
    }

    /// Starts waiting for the library to list `path` as a picture (told by its updates, not
    /// polled); the result awaits it.
    private func listing(_ path: RawPath, in library: MediaLibrary) -> () async -> Void {
        let listed = expectation(description: "\(path.lastComponent) listed")
        let updates = library.updates()
        let waiting = Task {
            for await _ in updates where library.entry(for: path)?.format == .pnm {
                listed.fulfill()
                return
            }
        }
        return {
            await self.fulfillment(of: [listed], timeout: 30)
            waiting.cancel()
        }
    }
    #endif

    func testFilesGivenByThemselvesAreNotFollowed() async {
        let folder = TempFolder()
        let a = folder.write("a.ppm", bytes: picture(1))
        let library = MediaLibrary(name: "t", sources: [.file(a)], options: ScanOptions(), classifier: FileInspector.classify)
        await library.waitUntilIdle()
        folder.write("b.ppm", bytes: picture(2))
        await look(library)
        XCTAssertEqual(library.snapshot().entries.map(\.path), [a])
    }
}
