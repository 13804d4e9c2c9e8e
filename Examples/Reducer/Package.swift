// swift-tools-version:6.1
// A team's package: a feature in the reducer shape TCA teams write, in plain Swift (Sources/Feed),
// and tests that let FeedFrames play UIKit around it and explore it (Tests/FeedTests). FeedFrames is a
// path dependency here (this folder sits inside its repository); a team writes
// `.package(url: "https://github.com/…/FeedFrames", from: "0.4.0")`.
import Foundation
import PackageDescription

let feedFrames = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "ReducerExample",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "Feed", targets: ["Feed"])],
    dependencies: [.package(path: feedFrames.path)],
    targets: [
        // The app's own code: no FeedFrames, no UIKit, no outside packages; an iOS app target compiles it as it is.
        .target(name: "Feed"),
        .testTarget(name: "FeedTests", dependencies: [
            "Feed",
            .product(name: "FeedEngine", package: feedFrames.lastPathComponent),
            .product(name: "FeedExplorer", package: feedFrames.lastPathComponent),
            .product(name: "FeedFramesXCTest", package: feedFrames.lastPathComponent),
        ], exclude: ["Scenarios", "__Snapshots__"]),
    ]
)
