// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FeedFrames",
    products: [
        .library(name: "FeedEngine", targets: ["FeedEngine"]),
    ],
    targets: [
        .target(name: "FeedEngine"),
        .target(name: "FeedScenario", dependencies: ["FeedEngine"]),
        .testTarget(name: "FeedEngineTests", dependencies: ["FeedEngine", "FeedScenario"]),
    ]
)
