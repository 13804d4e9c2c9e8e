// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "FeedFrames",
    // macOS 13 and iOS 16: the string APIs the sources use (`replacing(_:with:)`, `split(separator:)` with a
    // String); nothing needs macOS 15's Synchronization (ParallelMap takes a lock). Checked on Linux only: see
    // the README's "macOS and iOS".
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "feedframes", targets: ["feedframes"]),
        .library(name: "FeedEngine", targets: ["FeedEngine"]),
        // Snapshot tests of frames: the core, and an adapter for each test library, to take alone.
        .library(name: "FeedFramesTesting", targets: ["FeedFramesTesting"]),
        .library(name: "FeedFramesXCTest", targets: ["FeedFramesXCTest"]),
        .library(name: "FeedFramesSwiftTesting", targets: ["FeedFramesSwiftTesting"]),
        // swift-snapshot-testing strategies (`assertSnapshot(of:as: .feedFrames(.text))`), with the trait
        // `SnapshotTesting`: a package that does not enable it fetches nothing for it.
        .library(name: "FeedFramesSnapshotTesting", targets: ["FeedFramesSnapshotTesting"]),
        // `explore` on a team's own logic from its tests (SPEC §10): BehaviourExplorer, the scenario it reads, the report it writes.
        .library(name: "FeedExplorer", targets: ["FeedExplorer", "FeedScenario", "ExploreReport"]),
        .executable(name: "feedframes-bench", targets: ["feedframes-bench"]),
    ],
    traits: [
        .trait(name: "SnapshotTesting", description: "Strategies for pointfree's swift-snapshot-testing (FeedFramesSnapshotTesting)."),
    ],
    dependencies: [
        // The command line: commands, help, exit codes, completions, the man page (generate-manual).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Only with the SnapshotTesting trait.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        // `swift package generate-documentation`: the DocC catalogs of FeedEngine and FeedFramesTesting.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // The pure core: state, reducer, layout, presets.
        .target(name: "FeedEngine"),
        // Scenario files, the event grammar, data sources and the runner.
        .target(name: "FeedScenario", dependencies: ["FeedEngine", "JSONText"]),
        // JSON with positions for error messages, and a deterministic writer.
        .target(name: "JSONText"),
        // The frame folder of SPEC §6: file names, listing frames, frames.json and scenario.json,
        // and the all-or-nothing folder writer (FrameWriter) every command writes through.
        .target(name: "FrameFolder", dependencies: ["JSONText", "CSystem"]),
        // Frames as files: JSON, HTML, text, validated; the output index.
        .target(name: "FrameRendering", dependencies: ["CellLayout", "FeedEngine", "FeedScenario", "FrameFolder", "JSONText", "Mustache", "TextLayout", "XHTMLValidation"]),
        // A list's own cells (SPEC §9): built-in styles and cell templates, measured with TextLayout into
        // heights (as pages arrive) and placed lines (as frames are drawn).
        .target(name: "CellLayout", dependencies: ["FeedEngine", "FeedScenario", "JSONText", "Mustache", "TextLayout"]),
        // renameat2 (RENAME_EXCHANGE, RENAME_NOREPLACE) for FrameWriter's atomic swap.
        .systemLibrary(name: "CSystem"),
        // Templates and demo scenarios compiled into the binary.
        .target(name: "FeedFramesResources", exclude: ["Demos"], plugins: ["EmbedFiles"]),
        .executableTarget(name: "embed-files"),
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["embed-files"]),
        // libxml2: parse, RelaxNG-validate and query HTML frames, hardened, errors as values.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        .target(name: "XHTMLValidation", dependencies: ["CLibXML2"]),
        // SQLite, for `sqlite` sources; real data sources (file, SQLite, HTTP), opened for FeedScenario's reader.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(name: "FeedSources", dependencies: ["FeedEngine", "FeedScenario", "JSONText", "CSQLite", "CSystem"]),
        // Mustache templates: compiled once, rendered from typed values.
        .target(name: "Mustache"),
        // Frame folders compared: line diff, JSON key paths, the HTML report (feedframes diff, FeedFramesTesting).
        .target(name: "FrameDiff", dependencies: ["FrameFolder", "JSONText", "FrameRendering", "Mustache"]),
        // The preview gallery: each preset's states reached by short scripts (feedframes preview).
        .target(name: "FrameGallery", dependencies: ["FeedEngine", "FeedScenario", "FrameRendering", "FrameFolder", "JSONText", "Mustache", "XHTMLValidation"]),
        // Snapshot tests of scenario frames for users' own tests: the core, then XCTest and Swift Testing adapters.
        .target(name: "FeedFramesTesting", dependencies: [
            "CellLayout", "FeedEngine", "FeedScenario", "FeedSources", "FrameRendering", "FrameFolder", "FrameDiff", "FeedFramesResources", "JSONText",
            "Mustache", "XHTMLValidation", "FrameImaging",
        ]),
        .target(name: "FeedFramesXCTest", dependencies: ["FeedFramesTesting"]),
        // Tested by the consumer package Examples/SnapshotTesting, which enables the trait.
        .target(name: "FeedFramesSnapshotTesting", dependencies: [
            "FeedFramesTesting",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"])),
        ]),
        .target(name: "FeedFramesSwiftTesting", dependencies: ["FeedFramesTesting"]),
        // Text measured like the device: HarfBuzz shaping, UAX #14 line breaks, UAX #9 bidi (FriBidi),
        // font fallback over a fixed font stack, and font subsets for the frames (SPEC §9, issue 18).
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"]), .brew(["fribidi"])]),
        .target(name: "TextLayout", dependencies: ["CHarfBuzz", "CFriBidi"], exclude: ["LineBreaking/generate-line-break-table.py"]),
        // Every reachable state: breadth-first search, invariants, state graphs, parameter sweeps (explore, sweep).
        .target(name: "FeedExplorer", dependencies: ["FeedEngine", "FeedScenario", "JSONText", "CSystem"]),
        // What explore and sweep found, as files: the report, the gallery, counterexamples' frames, the graph, the
        // sweep table. Apart from FeedExplorer so that the search knows nothing of templates or frames.
        .target(name: "ExploreReport", dependencies: ["FeedExplorer", "FeedEngine", "FeedScenario", "FrameRendering", "FrameFolder", "JSONText", "Mustache"]),
        // The command line: one ParsableCommand per subcommand, each a thin call into a library.
        // A headless Chromium driven over WebDriver: PNGs for render --png, pages for the browser tests.
        .target(name: "BrowserSession"),
        // Screenshots of frame folders (one browser session a job) and GIFs and contact sheets through
        // ImageMagick: for render and preview --png/--gif, and the testing library's failure report.
        .target(name: "FrameImaging", dependencies: ["BrowserSession", "FrameFolder"]),
        .target(name: "FeedFramesCLI", dependencies: [
            "BrowserSession", "FrameImaging",
            "FrameDiff", "FrameGallery",
            "FeedExplorer", "ExploreReport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"), "FeedEngine", "FeedScenario", "FrameRendering", "FrameFolder", "FeedFramesResources", "JSONText", "FeedSources", "CSystem",
        ]),
        // mimalloc serves malloc for the executables: glibc's allocator cost 15–20% of a render,
        // and more on two threads (README, Performance).
        .systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"]), .brew(["mimalloc"])]),
        .executableTarget(name: "feedframes", dependencies: ["FeedFramesCLI", "CMimalloc"]),
        // Figures and ratios for the README's Performance section (run in release).
        .executableTarget(name: "feedframes-bench", dependencies: [
            "FeedEngine", "FeedScenario", "FrameRendering", "FrameFolder", "FeedFramesResources", "JSONText", "Mustache", "XHTMLValidation", "CMimalloc",
            "FeedExplorer", "CellLayout", "TextLayout", "FrameImaging", "ReferenceEngine",
        ], path: "Benchmarks/feedframes-bench"),

        .testTarget(name: "FeedEngineTests", dependencies: ["ReferenceEngine", "TestSupport", "FeedEngine", "FeedScenario"]),
        .testTarget(name: "FrameDiffTests", dependencies: ["TestSupport", "FrameDiff", "FrameFolder", "JSONText"]),
        .testTarget(name: "FeedFramesTestingTests", dependencies: ["ReferenceEngine", "TestSupport", "FeedFramesTesting", "FeedFramesXCTest", "FeedFramesSwiftTesting", "FrameImaging"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "DemoSnapshotTests", dependencies: ["FeedFramesXCTest", "FeedFramesResources"], exclude: ["__Snapshots__"]),
        .testTarget(name: "FrameGalleryTests", dependencies: ["ReferenceEngine", "TestSupport", "FrameGallery", "FeedEngine", "FeedScenario", "FrameRendering", "FrameFolder"]),
        // Runs the built binary in a scratch folder, for the suites that test it as a user would.
        .target(name: "FeedFramesProcess", dependencies: ["TestSupport"], path: "Tests/Support/FeedFramesProcess"),
        // How the suites read CI, missing inputs and random seeds (one reading for all).
        .target(name: "TestSupport", path: "Tests/Support/TestSupport"),
        .testTarget(name: "FeedFramesCLITests", dependencies: ["TestSupport", "feedframes", "FeedFramesProcess"]),
        .testTarget(name: "JSONTextTests", dependencies: ["TestSupport", "JSONText"]),
        .testTarget(name: "FrameFolderTests", dependencies: ["FrameFolder"]),
        .testTarget(name: "TextLayoutTests", dependencies: ["TestSupport", "TextLayout", "CHarfBuzz"]),
        .testTarget(name: "CellLayoutTests", dependencies: ["ReferenceEngine", "TestSupport", "CellLayout", "FeedEngine", "FeedScenario", "TextLayout", "Mustache"]),
        .testTarget(name: "MustacheTests", dependencies: ["TestSupport", "Mustache"]),
        .testTarget(name: "FrameRenderingTests", dependencies: ["ReferenceEngine", "TestSupport", 
            "FrameRendering", "FrameFolder", "FeedEngine", "FeedScenario", "FeedFramesResources", "Mustache", "JSONText",
        ]),
        .testTarget(name: "XHTMLValidationTests", dependencies: ["TestSupport", "XHTMLValidation", "CLibXML2"]),
        .testTarget(name: "FeedScenarioTests", dependencies: ["ReferenceEngine", "FeedEngine", "FeedScenario", "FeedFramesResources", "TestSupport"]),
        // The reference engine: the first version's reducer (`FeedState`), its runner and the explorer's model of
        // it. No product ships it; the tests hold the presets' behaviours to it (the twin tests), and the
        // benchmarks compare with it.
        .target(name: "ReferenceEngine", dependencies: ["FeedEngine", "FeedScenario", "FeedExplorer", "JSONText"],
                path: "Tests/Support/ReferenceEngine"),
        // A team's paging logic with a bug of each kind the explorer's rules name, planted on demand.
        .target(name: "PlantedBehaviours", dependencies: ["FeedEngine"], path: "Tests/Support/PlantedBehaviours"),
        .testTarget(name: "FeedExplorerTests", dependencies: ["ReferenceEngine", "FeedExplorer", "FeedEngine", "FeedScenario", "JSONText", "PlantedBehaviours"],
                    exclude: ["Figures"]),
        .testTarget(name: "ExploreReportTests", dependencies: ["ReferenceEngine", 
            "ExploreReport", "FeedExplorer", "FeedEngine", "FeedScenario", "FrameRendering", "FeedFramesResources", "XHTMLValidation",
            "PlantedBehaviours",
        ]),
        .testTarget(name: "FeedSourcesTests", dependencies: ["ReferenceEngine", "TestSupport", "FeedSources", "FeedScenario", "FeedEngine", "JSONText", "CSQLite", "FeedFramesCLI", "PlantedBehaviours"]),
        .testTarget(name: "BrowserTests", dependencies: ["TestSupport", "feedframes", "FeedFramesProcess", "BrowserSession", "TextLayout", "FrameImaging"]),
        // Bad inputs, hostile data, paths, kills and concurrency against the real binary (issue 6).
        .testTarget(name: "BadInputTests", dependencies: ["TestSupport", "feedframes", "FeedFramesProcess", "FeedScenario", "JSONText", "XHTMLValidation"]),
    ]
)
