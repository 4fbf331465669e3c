#if canImport(Glibc)
import Glibc
#endif
import CellArt
import MediaDecoding
import MediaPicker
import TerminalUI
import Thumbnails
import Platform

/// The app's main screen, as in the original samples: a title, a "Pick media" button, the
/// chosen files as a list of paths and as a grid of thumbnails (three columns where the
/// width allows). Enter or `+` presents the picker as a sheet; Up/Down move among the chosen
/// files (or a click on one, or the wheel: `MainScreen+Mouse`), `d` removes the focused one,
/// `q` stops the program with the chosen results.
/// The configuration's `selectionLimit` is the most files the screen holds in all (`-l N`,
/// as fzf's `--multi=N` bounds its result): each sheet opens with the places left, and at the
/// limit the add keys say so instead of opening one.
public struct MainScreen: View {
    /// The picker's configuration for each presentation; its limit is the total's.
    let configuration: PickerConfiguration
    /// The library every presentation picks from.
    let library: MediaLibrary
    /// Makes the thumbnails of the grid.
    let shelf: ThumbnailShelf

    @State var chosen: [ChosenFile] = []
    @State var isPresented = false
    /// How many times the picker was presented: `--preselect` applies to the first only.
    @State var sheetsOpened = 0
    @State var focus = 0
    @State var thumbnails: [RawPath: ThumbnailState] = [:]
    /// The camera, when the screen offers one (`c`).
    let camera: CameraAccess?
    @State var cameraSetup: CameraSetup?
    @State var isCameraPresented = false
    @State var notice: String?
    @Environment(\.stop) var stop
    /// The terminal's size: the row of keys is fitted to its width.
    @Environment(\.size) var screenSize

    /// A main screen picking from `library`.
    public init(configuration: PickerConfiguration, library: MediaLibrary, shelf: ThumbnailShelf) {
        self.init(configuration: configuration, library: library, shelf: shelf, camera: nil)
    }

    /// A main screen picking from `library`, with a camera (`c`) when `camera` is given.
    init(configuration: PickerConfiguration, library: MediaLibrary, shelf: ThumbnailShelf, camera: CameraAccess?) {
        self.configuration = configuration
        self.library = library
        self.shelf = shelf
        self.camera = camera
    }

    /// The most list rows shown; the list scrolls to keep the focused one visible.
    nonisolated static let listRows = 6

    /// The title, the button, the list, the grid; the picker sheet over them while presented.
    /// The thumbnails the grid shows are asked for when they change (a key, a pick, a new
    /// terminal size), never while it is drawn; their files are checked again at each key
    /// the screen handles.
    public var body: some View {
        let keys = KeyRow(width: screenSize.width, camera: camera != nil)
        let header = Self.headerRows(notice: notice, chosen: chosen.count)
        let images = $thumbnails
        let shelf = shelf
        return VStack {
            VStack {
                Text("mediapick — chosen media").bold()
                HStack(spacing: KeyRow.spacing) {
                    if keys.showsPickButton { Button(KeyRow.pickTitle) { openPicker() } }
                    if keys.showsCameraButton { Button(KeyRow.cameraTitle) { openCamera() } }
                    Text(keys.hints).dim()
                }
                Text(notice ?? "").dim()
                list
                Text("")
            }
            // As many rows as `headerRows` says, so that the grid is where the request's
            // layout (`shownFiles`) puts it.
            .frame(height: header)
            grid
        }
        .onKey(handle)
        .onMouse(handle)
        .onChange(of: shownFiles(header: header), initial: true) { files in shelf.load(files, into: images) }
        .sheet(isPresented: $isPresented) {
            PickerSheet(chosen: $chosen, isPresented: $isPresented, configuration: Self.sheetConfiguration(configuration, chosen: chosen.map(\.result.path), sheet: sheetsOpened),
                        library: library) { vanished in
                // The notice speaks of the last sheet: a pick with nothing gone clears an older one.
                notice = Self.notice(vanished: vanished)
            }
        }
        .sheet(isPresented: $isCameraPresented) {
            if let camera, let cameraSetup {
                CameraSheet(chosen: $chosen, isPresented: $isCameraPresented, setup: cameraSetup, access: camera) { [library] photo, error in
                    // Saved into a folder the library holds (the demo's), the photo is listed in
                    // the next sheet: the folder was read before it existed.
                    if let photo { library.addCreatedFile(photo) }
                    notice = error?.description
                }
            }
        }
    }

    /// Presents the picker, or at the limit says why nothing can be added.
    private func openPicker() {
        if let full = Self.limitNotice(chosen: chosen.count, limit: configuration.selectionLimit) {
            notice = full
            return
        }
        sheetsOpened += 1
        isPresented = true
    }

    /// Probes the camera and presents it, or says in one line why it cannot: the camera's
    /// Use Photo adds to the list, so at the limit it is not opened either.
    private func openCamera() {
        guard let camera else { return }
        if let full = Self.limitNotice(chosen: chosen.count, limit: configuration.selectionLimit) {
            notice = full
            return
        }
        do throws(CameraError) {
            cameraSetup = try camera.open()
            notice = nil
            isCameraPresented = true
        } catch {
            // The app takes no --device: the command line's advice would be refused.
            notice = error.withoutOptionHint
        }
    }

    @ViewBuilder private var list: some View {
        if chosen.isEmpty {
            Text("Nothing chosen yet: press Enter to pick media.").dim()
        } else {
            VStack {
                Text("Chosen (\(Self.countText(chosen: chosen.count, limit: configuration.selectionLimit))):").bold()
                ForEach(Self.visibleRange(count: chosen.count, focus: focus, rows: Self.listRows), id: \.self) { index in
                    if index == focus {
                        // SafeText: a newline in a name would otherwise break the row in two.
                        Text("▸ " + chosen[index].result.path.visible).reverse()
                    } else {
                        Text("  " + chosen[index].result.path.visible)
                    }
                }
            }
        }
    }

    /// The tiles that fit below the list, scrolled to the focus, in one canvas: laid out as it
    /// is drawn, so a key costs the tiles shown. It only draws: their thumbnails are asked for
    /// by the body (`shownFiles`), from the same layout.
    private var grid: some View {
        let picture = Self.picture(shelf.options)
        let (chosen, focus, thumbnails) = (chosen, focus, thumbnails)
        return Canvas { rect, buffer in
            let layout = ChosenGrid(count: chosen.count, focus: focus, in: rect, picture: picture)
            for shown in layout.tiles {
                let path = chosen[shown.index].result.path
                switch thumbnails[path] {
                case .ready(let image)?, .partial(let image, _)?: buffer.draw(image, centeredIn: shown.picture)
                case .failed?: buffer.write(centered: ["no preview"], in: shown.picture, style: Style(attributes: [.dim]))
                case .loading?, nil: buffer.write(centered: ["…"], in: shown.picture, style: Style(attributes: [.dim]))
                }
                // Marked as in the list: `▸ ` for terminals (and snapshots) without attributes.
                let focused = shown.index == focus
                var mark = focused ? "▸ " : ""
                // A partial picture (its file cut short) says so, as the sheet's caption does.
                if thumbnails[path]?.cut != nil { mark += PictureCut.captionWord + " " }
                // Shortened in the middle as the sheet's captions are, so that the end of the
                // name (day-2, day-3) stays in sight: cut at the end, long names sharing a start
                // read the same under their pictures (the second exploratory tester's finding).
                let name = MiddleTruncation.truncateFileName(path.lastComponent.visible,
                                                             toWidth: shown.caption.width - DisplayWidth.of(mark))
                buffer.write(centered: [mark + name], in: shown.caption, style: focused ? Style(attributes: [.reverse]) : .plain)
            }
        }
    }

    /// The chosen files whose tiles the grid shows, laid out as `grid` draws them: under
    /// `header` rows, in the rest of the terminal (the screen is the root view, all of it).
    private func shownFiles(header: Int) -> [PickerResult] {
        shownGrid(header: header).indices.map { chosen[$0].result }
    }

    /// The grid's tiles as `grid` draws them under `header` rows, in the rest of the terminal
    /// (the screen is the root view, all of it).
    func shownGrid(header: Int) -> ChosenGrid {
        let area = Rect(x: 0, y: header, width: screenSize.width, height: max(0, screenSize.height - header))
        return ChosenGrid(count: chosen.count, focus: focus, in: area, picture: Self.picture(shelf.options))
    }

    /// The size of a tile's picture in cells.
    nonisolated static func picture(_ options: ArtOptions) -> Size { Size(width: options.columns, height: options.rows) }

    /// The rows above the grid: the title, the row of keys, the notice (a row per line), the
    /// list (its title and the rows shown, or the one line saying it is empty) and a blank row.
    nonisolated static func headerRows(notice: String?, chosen: Int) -> Int {
        let list = chosen == 0 ? 1 : 1 + min(chosen, listRows)
        return listTop(notice: notice) + list + 1
    }

    /// The row of the list's first line (its title, or the line saying it is empty): under the
    /// title, the row of keys and the notice (a row per line, one when there is none).
    nonisolated static func listTop(notice: String?) -> Int {
        2 + (notice ?? "").split(separator: "\n", omittingEmptySubsequences: false).count
    }

    /// A key the screen handles; after each it has the files of the thumbnails shown checked
    /// again, so that one rewritten, replaced or completed meanwhile is shown anew.
    func handle(_ key: Key) -> Bool {
        let used = apply(key)
        if used { shelf.checkFiles() }
        return used
    }

    /// What a key does to the screen's state; false for a key it does not use.
    private func apply(_ key: Key) -> Bool {
        switch key {
        case .character("+"):
            openPicker()
        case .character("c") where camera != nil:
            openCamera()
        case .up, .left, .character("k"):
            focus = max(0, focus - 1)
        case .down, .right, .character("j"):
            focus = min(max(0, chosen.count - 1), focus + 1)
        case .character("d"), .delete:
            guard chosen.indices.contains(focus) else { return true }
            // A place is free again: the refusal said at the limit no longer holds.
            if let refusal = Self.limitNotice(chosen: chosen.count, limit: configuration.selectionLimit), notice == refusal { notice = nil }
            chosen.remove(at: focus)
            focus = min(focus, max(0, chosen.count - 1))
        case .character("q"):
            stop(chosen.map(\.result))
        case .escape:
            // An Esc too many after closing a sheet must not end the program and lose the
            // files chosen; it was ignored without a word, so the user did not learn the key.
            notice = Self.quitHint
        default:
            return false
        }
        return true
    }

    /// What Esc on the main screen says: it does not quit, `q` does (short enough for 40 columns).
    nonisolated static let quitHint = "q quits and prints the chosen files"

    /// The line naming picks the sheet left out because their files went while it was open
    /// (pick mode says so on stderr; here the list would otherwise just lack them); nil
    /// when none did.
    nonisolated static func notice(vanished: [RawPath]) -> String? {
        guard !vanished.isEmpty else { return nil }
        let names = vanished.map(\.visible).joined(separator: ", ")
        let what = vanished.count == 1 ? "Not added: " : "Not added, \(vanished.count) files: "
        return what + names + ": " + SystemError.reason(ENOENT)
    }

    /// The configuration of the `sheet`th sheet (from 1) opened with the `chosen` files on the
    /// list: they count against the limit, so the sheet allows the places left and its counter
    /// says `2/3`, and its Ctrl-A passes them by (it took them all again). The preselection is
    /// the first sheet's only: every sheet selected it again, so that Enter in each added the
    /// same files again.
    nonisolated static func sheetConfiguration(_ configuration: PickerConfiguration, chosen: [RawPath], sheet: Int) -> PickerConfiguration {
        var later = configuration
        later.alreadyChosen = chosen.count
        later.alreadyChosenPaths = chosen
        if sheet > 1 {
            later.preselectedPaths = []
            later.preselectedAssetIdentifiers = []
        }
        return later
    }

    /// Why nothing can be added with `chosen` files on the list under `limit` (0: none); nil
    /// while there is room. Every file listed counts, a file chosen twice twice: it is printed twice.
    nonisolated static func limitNotice(chosen: Int, limit: Int) -> String? {
        guard limit > 0, chosen >= limit else { return nil }
        return "Limit reached: \(chosen) chosen, at most \(limit) (-l \(limit)) — remove one first (d)"
    }

    /// `3`, or `2/3` under a limit: the list's count, as the sheet's counter shows it.
    nonisolated static func countText(chosen: Int, limit: Int) -> String {
        limit > 0 ? "\(chosen)/\(limit)" : "\(chosen)"
    }

    /// The rows of the list to show: `rows` of them around `focus`.
    nonisolated static func visibleRange(count: Int, focus: Int, rows: Int) -> Range<Int> {
        guard count > rows else { return 0..<count }
        let start = min(max(0, focus - rows / 2), count - rows)
        return start..<(start + rows)
    }
}
