// swift-tools-version:6.0
// mediapick: a keyboard-driven media picker for the terminal.
// The target graph is the architecture; see docs/architecture.md. From the bottom up:
//   Platform → MediaDecoding → CellArt → Thumbnails → MediaPicker → MediapickCLI → mediapick
//   ColorModel → TerminalGraphics → TerminalUI → CursesBackend (TerminalGraphics also under Thumbnails)
import PackageDescription

let package = Package(
    name: "mediapick",
    products: [
        .executable(name: "mediapick", targets: ["mediapick"]),
        .library(name: "MediaPicker", targets: ["MediaPicker"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "CursesBackend", targets: ["CursesBackend"]),
    ],
    dependencies: [],
    targets: [
        // The bottom layer: system facts (paths as bytes, file status and errno wording, file
        // I/O, environment, threads, the work scheduler, subprocesses, digests). Every target may import it.
        .target(name: "Platform", dependencies: ["CSystem"]),
        // MD5 (libmd), CRC-32 and deflate (zlib) for Platform's Digest and Zlib; imported by Platform only.
        // Its dl_library.h (libraries opened on first use) is included by the C of CCodecs and CNcursesw.
        .target(name: "CSystem", linkerSettings: [.linkedLibrary("md"), .linkedLibrary("z")]),

        // Colour values, terminal palettes and perceptual nearest-colour matching,
        // shared by TerminalUI (UI chrome) and CellArt (thumbnails).
        .target(name: "ColorModel"),
        // The kitty graphics protocol's commands (naming, placing, deleting), its image ids and
        // placeholder text: below both the renderers (Thumbnails) and the screen (TerminalUI),
        // which do not import each other but both write them.
        .target(name: "TerminalGraphics", dependencies: ["ColorModel"]),

        // ncursesw through a header of wrappers (Sources/CNcursesw/include/CNcursesw.h),
        // opened with dlopen when a screen is first started, not linked: commands that
        // draw no screen do not load it. No pkgConfig: SwiftPM drops the -D flags it prints.
        .target(name: "CNcursesw", dependencies: ["CSystem"]),

        // One C function per codec operation; all setjmp/longjmp lives here. libheif and
        // libimagequant are not linked: heif_loader.c opens libheif on first HEIF/AVIF use (it
        // drags in libde265, x265, …), imagequant_loader.c libimagequant on a kitty palette picture (it drags in libgomp).
        .target(
            name: "CCodecs",
            dependencies: ["CSystem"],
            cSettings: [.unsafeFlags(["-O2"])],
            // giflib, libwebp(demux) and ISA-L (which inflates PNG image data, several times
            // zlib's speed) are opened on first use too (gif_loader.c, webp_loader.c,
            // isal_loader.c): each linked library costs every process its loading, 0.4 ms for
            // these four (issue 14 §4).
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("z")]
        ),

        .target(name: "MediaDecoding", dependencies: ["CCodecs", "Platform"]),

        // Encoders only the demo library and the format tests need (GIF, WebP, HEIC, MJPEG AVI),
        // kept out of the product's codecs. CDemoCodecs reuses CCodecs' internal helpers and its
        // run-time loaders (libheif, giflib, libwebp).
        .target(
            name: "CDemoCodecs",
            dependencies: ["CCodecs"],
            cSettings: [.unsafeFlags(["-O2"])]
        ),
        .target(name: "DemoMedia", dependencies: ["MediaDecoding", "CDemoCodecs", "Platform"]),
        .target(name: "CellArt", dependencies: ["MediaDecoding", "ColorModel"]),
        .target(name: "TerminalUI", dependencies: ["ColorModel", "TerminalGraphics"]),
        .target(name: "CursesBackend", dependencies: ["Platform", "TerminalUI", "CNcursesw"]),
        // Thumbnails as pixels: plan, decode once, cache, and renderers at the edge (Renderers/).
        .target(name: "Thumbnails", dependencies: ["Platform", "MediaDecoding", "CellArt", "ColorModel", "TerminalGraphics"]),
        .target(name: "MediaPicker", dependencies: ["Platform", "TerminalUI", "MediaDecoding", "CellArt", "Thumbnails"]),
        .target(name: "TerminalUITesting", dependencies: ["TerminalUI"]),
        // Scratch folders and drawn images for the test targets that write files.
        .target(name: "TestFixtures", dependencies: ["MediaDecoding", "Platform"]),

        // The command's logic (arguments, modes, output), kept in a library so it can be tested.
        .target(
            name: "MediapickCLI",
            dependencies: ["Platform", "MediaPicker", "TerminalUI", "CursesBackend", "MediaDecoding", "CellArt",
                           "DemoMedia", "Thumbnails", "TerminalGraphics"]
        ),
        .executableTarget(name: "mediapick", dependencies: ["MediapickCLI", "Platform", "TerminalUI"]),
        .executableTarget(
            name: "mediapick-bench",
            dependencies: ["Platform", "MediapickCLI", "MediaPicker", "MediaDecoding", "CellArt", "Thumbnails", "TerminalGraphics",
                           "TerminalUI", "ColorModel", "CursesBackend"]
        ),
        .executableTarget(
            name: "bridge-sample",
            dependencies: ["TerminalUI", "CursesBackend"],
            path: "Examples/BridgeSample"
        ),

        .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
        .testTarget(name: "ColorModelTests", dependencies: ["ColorModel"]),
        // Also tests the bridge sample's views, compiled in the example executable.
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "TerminalUITesting", "bridge-sample", "TerminalGraphics"],
            exclude: ["__Snapshots__"]
        ),
        // The curses backend's pure parts (key table, colour pairs, colour numbers): no terminal needed.
        .testTarget(name: "CursesBackendTests", dependencies: ["CursesBackend", "TerminalUI"]),
        .testTarget(name: "MediaDecodingTests", dependencies: ["MediaDecoding", "DemoMedia", "Platform", "TestFixtures"]),
        .testTarget(name: "CellArtTests", dependencies: ["CellArt", "MediaDecoding"], exclude: ["Golden"]),
        .testTarget(name: "ThumbnailsTests", dependencies: ["Thumbnails", "Platform", "MediaDecoding", "CellArt", "DemoMedia", "TestFixtures",
                                                     "TerminalGraphics"]),
        .testTarget(
            name: "MediaPickerTests",
            dependencies: ["MediaPicker", "TerminalUI", "TerminalUITesting", "MediaDecoding", "CellArt", "DemoMedia", "Platform",
                           "Thumbnails", "TestFixtures"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "MediapickCLITests",
            dependencies: ["MediapickCLI", "MediaPicker", "Platform", "TerminalUI", "TerminalUITesting", "MediaDecoding", "CellArt",
                           "DemoMedia", "Thumbnails", "TestFixtures"],
            exclude: ["__Snapshots__"]
        ),
        // Drives the built executables through tmux; needs `swift build` first (make test does it).
        .testTarget(name: "EndToEndTests", dependencies: ["CellArt", "MediaDecoding", "Platform", "TestFixtures"]),
    ]
)
