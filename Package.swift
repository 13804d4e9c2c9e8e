// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FeedFrames",
    products: [
        .executable(name: "feedframes", targets: ["feedframes"]),
        .library(name: "FeedEngine", targets: ["FeedEngine"]),
    ],
    targets: [
        // The pure core: state, reducer, layout, presets.
        .target(name: "FeedEngine"),
        // Scenario files, the event grammar, data sources and the runner.
        .target(name: "FeedScenario", dependencies: ["FeedEngine", "JSONText"]),
        // JSON with positions for error messages, and a deterministic writer.
        .target(name: "JSONText"),
        // Frames as files: JSON, HTML, text; the all-or-nothing output folder.
        .target(name: "FrameRendering", dependencies: ["FeedEngine", "FeedScenario", "JSONText", "Mustache", "XHTMLValidation"]),
        // Templates and demo scenarios compiled into the binary.
        .target(name: "FeedFramesResources", exclude: ["Demos"], plugins: ["EmbedFiles"]),
        .executableTarget(name: "embed-files"),
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["embed-files"]),
        // libxml2: parse, RelaxNG-validate and query HTML frames, hardened, errors as values.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "XHTMLValidation", dependencies: ["CLibXML2"]),
        // Mustache templates: compiled once, rendered from typed values.
        .target(name: "Mustache"),
        // The command line.
        .target(name: "CommandLineKit"),
        .target(name: "FeedFramesCLI", dependencies: [
            "CommandLineKit", "FeedEngine", "FeedScenario", "FrameRendering", "FeedFramesResources", "JSONText",
        ]),
        .executableTarget(name: "feedframes", dependencies: ["FeedFramesCLI"]),

        .testTarget(name: "FeedEngineTests", dependencies: ["FeedEngine", "FeedScenario"]),
        .testTarget(name: "FeedFramesCLITests", dependencies: ["feedframes"]),
        .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
        .testTarget(name: "JSONTextTests", dependencies: ["JSONText"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "FrameRenderingTests", dependencies: [
            "FrameRendering", "FeedEngine", "FeedScenario", "FeedFramesResources", "Mustache", "JSONText",
        ]),
        .testTarget(name: "XHTMLValidationTests", dependencies: ["XHTMLValidation", "CLibXML2"]),
        .testTarget(name: "FeedScenarioTests", dependencies: ["FeedEngine", "FeedScenario", "FeedFramesResources"]),
        .testTarget(name: "BrowserTests", dependencies: ["feedframes"]),
    ]
)
