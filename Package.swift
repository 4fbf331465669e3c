// swift-tools-version:6.0
// mediapick: a keyboard-driven media picker for the terminal.
// The target graph is the architecture; see docs/architecture.md.
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
        // Colour values, terminal palettes and perceptual nearest-colour matching,
        // shared by TerminalUI (UI chrome) and CellArt (thumbnails).
        .target(name: "ColorModel"),

        // The bottom layer: system facts (paths as bytes, file status and errno wording, file
        // I/O, environment, threads, the work scheduler, digests). Every target may import it.
        .target(name: "Platform", dependencies: ["CSystem"]),
        // MD5 (libmd) and CRC-32 (zlib) for Platform's Digest; imported by Platform only.
        .target(name: "CSystem", linkerSettings: [.linkedLibrary("md"), .linkedLibrary("z")]),

        // ncursesw, through a shim header (see Sources/CNcursesw/shim.h). No pkgConfig:
        // SwiftPM drops the -D flags it prints, and the module map names the libraries.
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),

        // One C function per codec operation; all setjmp/longjmp lives here. libheif is not
        // linked: heif_loader.c opens it on first HEIF/AVIF use (it drags in libde265, x265, …).
        .target(
            name: "CCodecs",
            cSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [
                .linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("gif"),
                .linkedLibrary("webp"), .linkedLibrary("webpdemux"),
                .linkedLibrary("z"),
            ]
        ),

        .target(name: "MediaDecoding", dependencies: ["CCodecs", "Platform"]),
        .target(name: "CellArt", dependencies: ["MediaDecoding", "ColorModel"]),
        .target(name: "TerminalUI", dependencies: ["ColorModel"]),
        .target(name: "CursesBackend", dependencies: ["TerminalUI", "CNcursesw"]),
        .target(name: "MediaPicker", dependencies: ["Platform", "TerminalUI", "MediaDecoding", "CellArt"]),
        .target(name: "TerminalUITesting", dependencies: ["TerminalUI"]),

        // The command's logic (arguments, modes, output), kept in a library so it can be tested.
        .target(
            name: "MediapickCLI",
            dependencies: ["Platform", "MediaPicker", "TerminalUI", "CursesBackend", "MediaDecoding", "CellArt"]
        ),
        .executableTarget(name: "mediapick", dependencies: ["MediapickCLI"]),
        .executableTarget(
            name: "mediapick-bench",
            dependencies: ["Platform", "MediapickCLI", "MediaPicker", "MediaDecoding", "CellArt"]
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
            dependencies: ["TerminalUI", "TerminalUITesting", "bridge-sample"],
            exclude: ["__Snapshots__"]
        ),
        // The curses backend's pure parts (key table, colour pairs, colour depth): no terminal needed.
        .testTarget(name: "CursesBackendTests", dependencies: ["CursesBackend", "TerminalUI"]),
        .testTarget(name: "MediaDecodingTests", dependencies: ["MediaDecoding", "Platform"]),
        .testTarget(name: "CellArtTests", dependencies: ["CellArt", "MediaDecoding"], exclude: ["Golden"]),
        .testTarget(
            name: "MediaPickerTests",
            dependencies: ["MediaPicker", "Platform", "TerminalUI", "TerminalUITesting", "MediaDecoding", "CellArt"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "MediapickCLITests",
            dependencies: ["MediapickCLI", "MediaPicker", "Platform", "TerminalUI", "TerminalUITesting", "MediaDecoding", "CellArt"],
            exclude: ["__Snapshots__"]
        ),
        // Drives the built executables through tmux; needs `swift build` first (make test does it).
        .testTarget(name: "EndToEndTests"),
    ]
)
